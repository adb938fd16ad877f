import { anyEntries, runJob } from "../../../../src/runtime/infrastructure/job-run"

/** A container whose logger keeps each line with its level, as Medusa's logger would print it. */
function containerWithLog() {
  const lines: Array<{ level: string; message: string }> = []
  const logger = Object.fromEntries(
    ["info", "debug", "warn", "error"].map((level) => [level, (message: string) => lines.push({ level, message })]),
  )
  const container = { resolve: () => logger } as never
  return { container, lines }
}

describe("a job's run line", () => {
  it("is info when the run did something, debug when it did nothing", async () => {
    const { container, lines } = containerWithLog()
    await runJob(
      container,
      "bnpl-complete-pending-carts",
      async () => ({ completed: ["cart_1"] }),
      (report) => anyEntries(report.completed),
    )
    await runJob(
      container,
      "bnpl-complete-pending-carts",
      async () => ({ completed: [] }),
      (report) => anyEntries(report.completed),
    )
    expect(lines.map(({ level, message }) => `${level} ${message.replace(/\d+ ms/, "N ms")}`)).toEqual([
      "info medusa-payment-bnpl: job bnpl-complete-pending-carts ran in N ms",
      "debug medusa-payment-bnpl: job bnpl-complete-pending-carts ran in N ms",
    ])
  })

  it("is info for a job that gives no test of what it did (the daily and hourly ones)", async () => {
    const { container, lines } = containerWithLog()
    await runJob(container, "bnpl-refresh-configuration", async () => undefined)
    expect(lines.map((line) => line.level)).toEqual(["info"])
  })

  it("logs a failure at error and hands it back to Medusa", async () => {
    const { container, lines } = containerWithLog()
    await expect(
      runJob(
        container,
        "bnpl-repair-orders",
        async () => {
          throw new Error("the database is away")
        },
        () => false,
      ),
    ).rejects.toThrow("the database is away")
    expect(lines).toEqual([{ level: "error", message: "medusa-payment-bnpl: job bnpl-repair-orders failed: the database is away" }])
  })
})
