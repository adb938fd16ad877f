import { parseArguments } from "../../../../scripts/soak/main"
import { OUTAGE_KINDS, OUTAGE_SECONDS, planOutages } from "../../../../scripts/soak/outages"
import { Prng } from "../../../../scripts/soak/prng"

describe("the soak's outages", () => {
  it("gives CI's 3-minute run (seed 28) one outage of each kind, each inside the run and its range", () => {
    const planned = planOutages(new Prng(28).fork(5_000_000), 3)
    expect(planned.map((outage) => outage.kind).sort()).toEqual([...OUTAGE_KINDS].sort())
    for (const outage of planned) {
      const [shortest, longest] = OUTAGE_SECONDS[outage.kind]
      expect(outage.durationMs).toBeGreaterThanOrEqual(shortest * 1_000)
      expect(outage.durationMs).toBeLessThanOrEqual(longest * 1_000)
      expect(outage.startMs + outage.durationMs).toBeLessThanOrEqual(3 * 60_000)
    }
  })

  it("gives a 30-minute run ten of each kind, never two of one kind at once, whatever the seed", () => {
    for (const seed of [1, 73028, 261127, 2 ** 32 - 1]) {
      const planned = planOutages(new Prng(seed).fork(5_000_000), 30)
      for (const kind of OUTAGE_KINDS) {
        const ofKind = planned.filter((outage) => outage.kind === kind)
        expect(ofKind).toHaveLength(10)
        for (const [index, outage] of ofKind.slice(1).entries())
          expect(outage.startMs).toBeGreaterThanOrEqual(ofKind[index].startMs + ofKind[index].durationMs)
        expect(ofKind[9].startMs + ofKind[9].durationMs).toBeLessThanOrEqual(30 * 60_000)
      }
    }
  })

  it("replays the same outages from the same seed, and none with --outages-per-kind 0", () => {
    expect(planOutages(new Prng(9).fork(5_000_000), 12)).toEqual(planOutages(new Prng(9).fork(5_000_000), 12))
    expect(planOutages(new Prng(9).fork(5_000_000), 12, parseArguments(["--outages-per-kind", "0"]).outagesPerKind)).toEqual([])
  })
})
