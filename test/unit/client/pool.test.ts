import { idleTimeoutAfterAnswer, MAX_HINTED_KEEP_ALIVE_MS } from "../../../src/client/pool"

describe("idleTimeoutAfterAnswer: how long an idle connection is kept after an answer", () => {
  it.each([
    ["timeout=60", 59_000],
    ["timeout=5", 4_000],
    ["timeout=5, max=100", 4_000],
    ["max=100, timeout=75", 74_000],
    ["Timeout=10", 9_000],
  ])("follows the hint %p less the margin", (header, expected) => {
    expect(idleTimeoutAfterAnswer(header, 30_000)).toBe(expected)
  })

  it("keeps nothing when the hint leaves no margin (1 s or 0)", () => {
    expect(idleTimeoutAfterAnswer("timeout=1", 30_000)).toBe(0)
    expect(idleTimeoutAfterAnswer("timeout=0", 30_000)).toBe(0)
  })

  it("takes no hint of hours at its word", () => {
    expect(idleTimeoutAfterAnswer("timeout=86400", 30_000)).toBe(MAX_HINTED_KEEP_ALIVE_MS)
  })

  it("uses the fallback without a hint, or with a header that has no timeout", () => {
    expect(idleTimeoutAfterAnswer(undefined, 30_000)).toBe(30_000)
    expect(idleTimeoutAfterAnswer("max=100", 30_000)).toBe(30_000)
    expect(idleTimeoutAfterAnswer("timeout=soon", 30_000)).toBe(30_000)
  })
})
