import { readJobRuns, recordJobRun } from "../../../../src/runtime/records/job-runs"
import {
  readReconciliationFindings,
  recordReconciliationFindings,
  updateFinding,
} from "../../../../src/runtime/records/reconciliation-findings"

/** Outside a Medusa app (no records module) the admin's records answer from this process's memory. */
describe("job runs outside a Medusa app", () => {
  it("keeps each job's last run, a failure with its error and the job's error rethrown", async () => {
    expect((await readJobRuns()).find((entry) => entry.job === "repair-orders")).toEqual({ job: "repair-orders", lastRun: null })
    await recordJobRun(
      "repair-orders",
      {},
      async () => 3,
      (count) => `${count} repaired`,
    )
    await recordJobRun(
      "repair-orders",
      {},
      async () => 4,
      (count) => `${count} repaired`,
    )
    await expect(
      recordJobRun(
        "reconcile-payments",
        {},
        async () => Promise.reject(new Error("service down")),
        () => "never",
      ),
    ).rejects.toThrow("service down")
    const runs = Object.fromEntries((await readJobRuns()).map((entry) => [entry.job, entry.lastRun]))
    expect(runs["repair-orders"]).toMatchObject({ outcome: "succeeded", summary: "4 repaired" })
    expect(runs["reconcile-payments"]).toMatchObject({ outcome: "failed", error: "service down" })
    expect(runs["refresh-configuration"]).toBeNull()
  })
})

describe("reconciliation findings outside a Medusa app", () => {
  it("keeps the last run's findings per account and what the admin did about one", async () => {
    const account = { merchantId: "merchant-1", baseUrl: "https://api.bnpl.example.com" }
    expect(await readReconciliationFindings(account)).toBeNull()
    await recordReconciliationFindings(
      account,
      { checked: 2, orphaned: [{ orderId: "svc_1", voided: false }] },
      new Date("2026-11-27T10:00:00Z"),
    )
    await updateFinding(account, "svc_1", { voided: true, voidedAt: "2026-11-27T10:05:00.000Z" })
    expect(await readReconciliationFindings(account)).toEqual({
      checkedAt: "2026-11-27T10:00:00.000Z",
      checked: 2,
      orphaned: [{ orderId: "svc_1", voided: true, voidedAt: "2026-11-27T10:05:00.000Z" }],
      unpaidOrders: [],
    })
    expect(await readReconciliationFindings({ ...account, merchantId: "merchant-2" })).toBeNull()
  })
})
