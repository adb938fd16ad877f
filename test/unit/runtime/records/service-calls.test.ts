import { MAX_QUEUED_CALLS, ServiceCallRecorder, type ServiceCallRow } from "../../../../src/runtime/records/service-call-recorder"
import { authorized, core, sandbox, sandboxClient, useSandboxCore } from "../../payments/core-harness"

useSandboxCore()

/** A recorder writing to memory, and the client that tells it of each try. */
function recorded(write?: (rows: ServiceCallRow[]) => Promise<unknown>) {
  const rows: ServiceCallRow[] = []
  const warnings: string[] = []
  const recorder = new ServiceCallRecorder("acct1", () => write ?? (async (batch) => rows.push(...batch)), {
    warn: (line) => warnings.push(line),
  })
  const client = sandboxClient({ observer: recorder.observe })
  return { rows, warnings, recorder, client, operations: core({}, undefined, undefined, { client }).operations }
}

describe("the payment's timeline: every try of every call, kept without holding the call up", () => {
  it("checkout to void: each call with its order id or token, amount, requestId, outcome and try; the retried capture twice", async () => {
    const { rows, recorder, operations } = recorded()
    const data = await authorized(operations)
    sandbox.control.addFault({ endpoint: "capture", kind: "status", status: 503, times: 1 })
    const captured = await operations.capture({ data, capture: { id: "capt_timeline", amountMinor: 2000n } })
    await operations.refund({ data: captured, amountMinor: 500n, refundId: "ref_timeline" })
    await operations.cancel({ data: captured, idempotencyKey: "pay_timeline" })
    await recorder.idle()

    const orderId = data.orderId!
    expect(rows.map((row) => [row.operation, row.attempt, row.http_status, row.outcome])).toEqual(
      expect.arrayContaining([
        ["Create Checkout", 1, 201, "ok"],
        ["Auth", 1, 201, "ok"],
        ["Capture Payment", 1, 503, "server_error"],
        ["Capture Payment", 2, 201, "ok"],
        ["Create Refund", 1, 201, "ok"],
        ["Void Payment", 1, 201, "ok"],
      ]),
    )
    const checkout = rows.find((row) => row.operation === "Create Checkout")!
    expect(checkout).toMatchObject({
      account: "acct1",
      checkout_token: data.token,
      amount: "50.49",
      currency: "GBP",
      service_order_id: null,
    })
    expect(rows.find((row) => row.operation === "Auth")).toMatchObject({ checkout_token: data.token, service_order_id: orderId })
    const captures = rows.filter((row) => row.operation === "Capture Payment")
    expect(captures.map((row) => [row.service_order_id, row.request_id, row.amount])).toEqual([
      [orderId, "capt_timeline", "20.00"],
      [orderId, "capt_timeline", "20.00"],
    ])
    expect(captures[1].started_at.getTime()).toBeGreaterThanOrEqual(captures[0].started_at.getTime() + captures[0].duration_ms)
    expect(rows.find((row) => row.operation === "Create Refund")).toMatchObject({ request_id: "ref_timeline", amount: "5.00" })
  })

  it("keeps no body, header or credential, and nothing of calls about no payment (limits, ping)", async () => {
    const { rows, recorder, client, operations } = recorded()
    await client.getConfiguration()
    await client.ping()
    await authorized(operations)
    await recorder.idle()
    expect(rows.some((row) => row.operation === "Get Configuration" || row.operation === "Ping")).toBe(false)
    const text = JSON.stringify(rows)
    expect(text).not.toContain("sandbox-uk-secret-key")
    expect(text).not.toContain("Lovelace")
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        "account",
        "amount",
        "attempt",
        "checkout_token",
        "currency",
        "duration_ms",
        "http_status",
        "operation",
        "outcome",
        "request_id",
        "service_order_id",
        "started_at",
      ].sort(),
    )
  })

  it("a database that fails: the calls succeed, one warning, the entries dropped; once it writes again it says how many were lost", async () => {
    let failing = true
    const rows: ServiceCallRow[] = []
    const { warnings, recorder, operations } = recorded(async (batch) => {
      if (failing) throw new Error("connection terminated")
      rows.push(...batch)
    })
    await authorized(operations)
    await recorder.idle()
    await authorized(operations)
    await recorder.idle()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain("could not be written (connection terminated)")
    failing = false
    await authorized(operations)
    await recorder.idle()
    expect(rows.length).toBeGreaterThan(0)
    expect(warnings[1]).toMatch(/written again; \d+ calls were not kept/)
  })

  it("the queue is bounded: while the database hangs, at most MAX_QUEUED_CALLS entries wait; the rest are dropped", async () => {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const written: number[] = []
    const recorder = new ServiceCallRecorder("acct1", () => async (batch) => {
      written.push(batch.length)
      await gate
    })
    const attempt = {
      endpoint: "Get Payment" as const,
      orderId: "ord_1",
      attempt: 1,
      startedAt: new Date(),
      durationMs: 3,
      outcome: "ok",
      last: true,
      callStartedAt: new Date(),
    }
    recorder.observe(attempt)
    await new Promise((resolve) => setImmediate(resolve))
    expect(written).toEqual([1])
    for (let i = 0; i < MAX_QUEUED_CALLS + 500; i++) recorder.observe(attempt)
    open()
    await recorder.idle()
    expect(written.reduce((sum, size) => sum + size, 0)).toBe(1 + MAX_QUEUED_CALLS)
  })
})
