import { parseArguments } from "../../../../scripts/soak/main"

describe("the soak's command line", () => {
  it("--port moves the sandbox and the three processes after it; --redis-url picks the flushed database", () => {
    const parsed = parseArguments(["--minutes", "30", "--seed", "7", "--port", "5950", "--redis-url", "redis://127.0.0.1:6379/14"])
    expect(parsed).toMatchObject({ minutes: 30, seed: 7, sandboxPort: 5950, firstStorePort: 5951, redisUrl: "redis://127.0.0.1:6379/14" })
  })

  it("leaves the defaults alone without the flags", () => {
    const parsed = parseArguments(["--seed", "28"])
    expect(parsed).not.toHaveProperty("sandboxPort")
    expect(parsed).not.toHaveProperty("redisUrl")
  })

  it("refuses a Redis URL without a database number, naming the flag", () => {
    expect(() => parseArguments(["--redis-url", "redis://127.0.0.1:6379"])).toThrow(
      /--redis-url must be a redis:\/\/ URL ending in a database number/,
    )
    expect(() => parseArguments(["--port", "80"])).toThrow(/--port must be a whole number from 1024/)
  })
})
