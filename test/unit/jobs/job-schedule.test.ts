import { BnplOptionsError, DEFAULT_SCHEDULES, parseOptions } from "../../../src/options"
import { config as expiryJob } from "../../../src/jobs/authorization-expiry"
import { config as reconcileJob } from "../../../src/jobs/reconcile-payments"
import { config as configurationJob } from "../../../src/jobs/refresh-configuration"
import { config as repairJob } from "../../../src/jobs/repair-orders"
import { jobSchedule } from "../../../src/runtime/config/job-schedule"

const minimal = { merchantId: "merchant-123", secretKey: "sk_test_1", region: "UK", baseUrl: "https://api.bnpl.example.com" }

describe("job schedules", () => {
  it("are the schedules the jobs always had when nothing is set", () => {
    expect(parseOptions(minimal).schedules).toBeUndefined()
    expect([configurationJob.schedule, expiryJob.schedule, reconcileJob.schedule]).toEqual(["17 3 * * *", "5 * * * *", "*/30 * * * *"])
    expect(DEFAULT_SCHEDULES).toEqual({
      refreshConfiguration: "17 3 * * *",
      authorizationExpiry: "5 * * * *",
      reconcilePayments: "*/30 * * * *",
      completePendingCarts: "* * * * *",
      repairOrders: "* * * * *",
      pruneServiceCalls: "41 3 * * *",
    })
  })

  it("take five-field and six-field (seconds first) cron expressions", () => {
    const { schedules } = parseOptions({
      ...minimal,
      schedules: { refreshConfiguration: "0 */6 * * *", authorizationExpiry: "*/5 * * * * *", reconcilePayments: "*/10 * * * *" },
    })
    expect(schedules).toEqual({
      refreshConfiguration: "0 */6 * * *",
      authorizationExpiry: "*/5 * * * * *",
      reconcilePayments: "*/10 * * * *",
    })
  })

  it.each([
    ["a word", { reconcilePayments: "hourly" }, "schedules.reconcilePayments"],
    ["four fields", { authorizationExpiry: "5 * * *" }, "schedules.authorizationExpiry"],
    ["a number", { refreshConfiguration: 3600 }, "schedules.refreshConfiguration"],
  ])("refuse %s, naming the job", (_label, schedules, field) => {
    expect(() => parseOptions({ ...minimal, schedules })).toThrow(BnplOptionsError)
    expect(() => parseOptions({ ...minimal, schedules })).toThrow(`option "${field}"`)
  })

  it("refuse a job that does not exist, naming it", () => {
    expect(() => parseOptions({ ...minimal, schedules: { reconcile: "* * * * *" } })).toThrow(
      'option "schedules.reconcile" is not an option of medusa-payment-bnpl',
    )
  })

  it.each(["BNPL_CONFIGURATION_SCHEDULE", "BNPL_COMPLETION_SCHEDULE"])(
    "ignore %s, a variable of versions before `schedules`",
    (variable) => {
      process.env[variable] = "*/5 * * * * *"
      try {
        expect([jobSchedule("refreshConfiguration"), jobSchedule("completePendingCarts"), jobSchedule("repairOrders")]).toEqual([
          "17 3 * * *",
          "* * * * *",
          "* * * * *",
        ])
      } finally {
        delete process.env[variable]
      }
    },
  )

  it("run the repairs every minute by default, as the completion job", () => {
    expect(repairJob.schedule).toBe("* * * * *")
  })

  it("take a schedule for the repairs of their own", () => {
    expect(parseOptions({ ...minimal, schedules: { repairOrders: "*/2 * * * *" } }).schedules).toEqual({ repairOrders: "*/2 * * * *" })
  })
})
