import { SandboxClock, isoTimestamp } from "../../../src/sandbox/clock"

// Tests cross a checkout's 60 minutes or an authorisation's 13 days by moving this clock.
describe("the sandbox clock", () => {
  it("moves forward by whole seconds and reports how far it moved", () => {
    const clock = new SandboxClock()
    const before = clock.nowMs()
    const after = clock.advance(13 * 24 * 3600)
    expect(after.getTime() - before).toBeGreaterThanOrEqual(13 * 24 * 3600 * 1000)
    expect(clock.offset()).toBe(13 * 24 * 3600 * 1000)
  })

  it("never goes back in time, and refuses what is not a number of seconds", () => {
    const clock = new SandboxClock()
    expect(() => clock.advance(-1)).toThrow(/0 or more/)
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError)
    expect(clock.offset()).toBe(0)
  })

  it("goes back to real time on reset", () => {
    const clock = new SandboxClock()
    clock.advance(3600)
    clock.reset()
    expect(clock.offset()).toBe(0)
  })

  it("writes timestamps as the API does: UTC, ISO 8601", () => {
    expect(isoTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe("2026-01-02T03:04:05.000Z")
  })
})
