import { sandbox, useSandboxCore, captureRefusedAsUnreachable } from "./core-harness"
import { RefusedMomentsAgo } from "../../../src/payments/repair-sends"

useSandboxCore()

/**
 * The repair job's send of a capture Medusa recorded, when the admin's own call was refused a
 * moment before (the service unreachable) and Medusa has not yet deleted its capture: the chaos
 * soak's seed 28 under load, where the repair's send made the service capture 161.90 that
 * Medusa then deleted.
 */
describe("the repair's send of a call refused moments ago", () => {
  async function refusedByTheAdminsCall() {
    const { operations, data, capture, refused } = await captureRefusedAsUnreachable()
    await expect(refused).rejects.toThrow(/never got the request/)
    return { operations, data, capture }
  }

  it("within the grace: nothing is sent (Medusa is deleting its capture), and the service captures nothing", async () => {
    const { operations, data, capture } = await refusedByTheAdminsCall()
    const repair = { refusedAfter: new Date(Date.now() - 20_000) }
    await expect(operations.capture({ data, capture, repair })).rejects.toBeInstanceOf(RefusedMomentsAgo)
    expect(sandbox.control.ledger().captures).toEqual([])
  })

  it("past the grace (the process died between the refusal and Medusa's delete): sent once, with Medusa's capture id", async () => {
    const { operations, data, capture } = await refusedByTheAdminsCall()
    const repair = { refusedAfter: new Date(Date.now() + 1_000) }
    await operations.capture({ data, capture, repair })
    expect(sandbox.control.ledger().captures.map((entry) => entry.requestId)).toEqual([capture.id])
  })

  it("the admin's capture pressed again (no repair) is sent at once, as before", async () => {
    const { operations, data, capture } = await refusedByTheAdminsCall()
    await operations.capture({ data, capture })
    expect(sandbox.control.ledger().captures.map((entry) => entry.requestId)).toEqual([capture.id])
  })
})
