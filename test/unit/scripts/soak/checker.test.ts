import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from "../../../../src/runtime/infrastructure/dependency-outage"
import { check, checkWhileRunning, describeViolation, toMinor } from "../../../../scripts/soak/checker"
import { cleanRun, gbp } from "./runs"

describe("the soak's checker", () => {
  it("finds nothing wrong in a run where every cent is in place", () => {
    expect(check(cleanRun())).toEqual([])
  })

  it("reports an order whose goods or total are not the ones its consumer approved, naming both", () => {
    const swapped = cleanRun()
    // 90 tea towels at 0.50 shipped for the approved 45.00 tote: the same total, other goods.
    swapped.medusa.payments[0].orderItems = [
      { sku: "TOWEL-1", quantity: 50, unitPriceMinor: 50n },
      { sku: "TOWEL-1", quantity: 1, unitPriceMinor: 5n },
    ]
    const [goods] = check(swapped)
    expect(goods).toMatchObject({ rule: "order-not-approved", order: "order_1", token: "tok_1" })
    expect(goods.message).toBe("order order_1 has TOWEL-1 x1 at 0.05; TOWEL-1 x50 at 0.50, the consumer approved TOTE-1 x1 at 25.05")

    const dearer = cleanRun()
    dearer.medusa.payments[0].amountMinor = 3100n
    expect(check(dearer).map((violation) => violation.message)).toEqual(["order order_1 is paid 31.00, the consumer approved 30.00"])
  })

  it("reports a refund the service applied twice and an approval that became no order, each with the steps that touched it and the seed", () => {
    const run = cleanRun()
    // The same refund (one Medusa refund, one requestId) applied twice at the service.
    run.ledger.refunds.push({ ...run.ledger.refunds[0], refundId: "r2" })
    // A second cart approved at the service: no Medusa order has it, nothing voided it.
    run.ledger.auths.push({ token: "tok_2", paymentId: "svc_2", status: "APPROVED", requestId: "payses_2" })
    run.ledger.payments.push({
      id: "svc_2",
      token: "tok_2",
      status: "APPROVED",
      merchantReference: "cart_2",
      paymentState: "AUTH_APPROVED",
      openToCaptureAmount: gbp("42.50"),
    })
    run.history = [
      ...run.history,
      { at: 40, actor: "shopper-2", step: "closed tab", cart: "cart_2", token: "tok_2", result: "confirmed, never returned" },
    ]

    const violations = check(run)
    const rules = violations.map((violation) => violation.rule)
    expect(rules).toContain("money-call-sent-twice")
    expect(rules).toContain("approval-without-order")
    // Medusa recorded 5.00 of refunds, the service 10.00.
    expect(rules).toContain("refunded-differs")

    const twice = violations.find((violation) => violation.rule === "money-call-sent-twice")!
    expect(twice.message).toContain("requestId ref_1 was applied 2 times")
    const orphan = violations.find((violation) => violation.rule === "approval-without-order")!
    expect(orphan).toMatchObject({ cart: "cart_2", serviceOrder: "svc_2" })
    const printed = describeViolation(orphan, run)
    expect(printed).toContain("seed 42")
    expect(printed).toContain("shopper-2 closed tab cart_2")
    expect(printed).toContain("42.50 open")
  })

  it("reports a canceled order with money left open at the service, a 5xx the docs do not list, and a secret in a log line", () => {
    const run = cleanRun()
    run.medusa.payments[0].orderStatus = "canceled"
    run.history = [
      ...run.history,
      { at: 50, actor: "shopper-3", step: "return", cart: "cart_3", status: 500, result: "An unknown error occurred." },
    ]
    run.logs.push({ file: "worker/medusa.log", text: "ok\nBasic sandbox-uk-secret-key\n" })

    const violations = check(run)
    expect(violations.map((violation) => violation.rule).sort()).toEqual(["open-after-cancel", "secret-in-log", "shopper-saw-5xx"])
    expect(violations.find((violation) => violation.rule === "secret-in-log")!.message).toContain("worker/medusa.log:2")
  })

  it("lets a documented 5xx through: the payment session's when the service did not answer", () => {
    const run = cleanRun()
    run.history = [
      ...run.history,
      {
        at: 60,
        actor: "shopper-4",
        step: "payment-session",
        cart: "cart_4",
        status: 500,
        result: "Pay later is not available right now. Please try again later or choose another payment method.",
      },
    ]
    expect(check(run)).toEqual([])
  })

  it("lets the cart complete's documented payment_failed 500 through (the service away during Auth), never Medusa's own 500", () => {
    const run = cleanRun()
    run.history = [
      ...run.history,
      {
        at: 52,
        actor: "shopper-23",
        step: "complete",
        cart: "cart_23",
        status: 500,
        result: "The payment could not be completed. Please try again or choose another payment method.",
      },
    ]
    expect(check(run)).toEqual([])
    run.history = [
      ...run.history,
      { at: 53, actor: "shopper-24", step: "complete", cart: "cart_24", status: 500, result: "An unknown error occurred." },
    ]
    expect(check(run).map((violation) => violation.rule)).toEqual(["shopper-saw-5xx"])
  })

  it("lets the documented 503 of an outage through (database or Redis away), never Medusa's 500 meanwhile", () => {
    const run = cleanRun()
    run.history = [
      ...run.history,
      { at: 61, actor: "shopper-5", step: "create cart (UK)", status: 503, result: DATABASE_UNAVAILABLE.message },
      { at: 62, actor: "shopper-6", step: "create cart (EU)", status: 503, result: REDIS_UNAVAILABLE.message },
    ]
    expect(check(run)).toEqual([])
    run.history = [
      ...run.history,
      { at: 63, actor: "shopper-7", step: "create cart (UK)", status: 500, result: "An unknown error occurred." },
      { at: 64, actor: "shopper-8", step: "create cart (UK)", status: 500, result: DATABASE_UNAVAILABLE.message },
    ]
    expect(check(run).map((violation) => violation.message)).toEqual([
      "shopper-7 got 500 on create cart (UK): An unknown error occurred.",
      `shopper-8 got 500 on create cart (UK): ${DATABASE_UNAVAILABLE.message}`,
    ])
  })

  it("lets Medusa's 500 on deleting an approved cart's payment sessions through only while PostgreSQL or Redis is away", () => {
    const run = cleanRun()
    const refused = (at: number, actor: string) => ({
      at,
      ms: 400,
      actor,
      step: "change cart after approval",
      status: 500,
      result: "Could not delete all payment sessions",
    })
    run.history = [
      ...run.history,
      { at: 60_000, actor: "chaos", step: "cut redis", result: "Redis for 78 s" },
      refused(61_000, "shopper-1"),
      { at: 138_000, actor: "chaos", step: "restore redis", result: "reachable again" },
      // Sent 400 ms before the restore, answered after it: made while Redis was away.
      refused(138_200, "shopper-2"),
      refused(150_000, "shopper-3"),
    ]
    expect(check(run).map((violation) => violation.message)).toEqual([
      "shopper-3 got 500 on change cart after approval: Could not delete all payment sessions",
    ])
  })

  it("checks every minute only what holds at any moment: an approval on its way to an order is not yet a violation, a refund applied twice already is", () => {
    const run = cleanRun()
    // Mid-run: the shopper confirmed a minute ago, the completion job has not placed the order yet;
    // the service applied a capture Medusa has not recorded yet.
    run.ledger.payments.push({
      id: "svc_2",
      token: "tok_2",
      status: "APPROVED",
      merchantReference: "cart_2",
      paymentState: "AUTH_APPROVED",
      openToCaptureAmount: gbp("42.50"),
    })
    run.ledger.captures.push({ orderId: "svc_1", requestId: "capt_2", paymentEventMerchantReference: "capt_2", amount: gbp("1.00") })
    expect(checkWhileRunning(run)).toEqual([])
    expect(
      check(run)
        .map((violation) => violation.rule)
        .sort(),
    ).toEqual(["approval-without-order", "captured-differs"])

    run.ledger.refunds.push({ ...run.ledger.refunds[0], refundId: "r2" })
    // Twice by its requestId, twice by its Medusa refund.
    expect(checkWhileRunning(run).map((violation) => violation.rule)).toEqual(["money-call-sent-twice", "money-call-sent-twice"])
  })

  it("names a logged secret's line in the whole log when it reads the log a piece at a time", () => {
    const run = cleanRun()
    run.logs = [{ file: "server-b/medusa.log", text: "info: ready\nwarn: Bearer sandbox-uk-secret-key\n", firstLine: 101 }]
    expect(checkWhileRunning(run)).toEqual([{ rule: "secret-in-log", message: "server-b/medusa.log:102 holds a secret (sand…)" }])
  })

  it("reports a shipment the service was never told of, unless the admin is shown its courier sync error", () => {
    const run = cleanRun()
    run.medusa.shipments = [
      { fulfillmentId: "ful_1", orderId: "order_1", tracking: ["TRK1"], courierSyncError: false },
      { fulfillmentId: "ful_2", orderId: "order_1", tracking: ["TRK2"], courierSyncError: false },
    ]
    run.ledger.courierUpdates = [{ orderId: "svc_1", courier: { tracking: "TRK1" } }]
    const violations = check(run)
    expect(violations).toEqual([expect.objectContaining({ rule: "shipment-not-told", order: "order_1", serviceOrder: "svc_1" })])
    expect(violations[0].message).toContain("fulfillment ful_2 (tracking TRK2)")

    run.medusa.shipments[1].courierSyncError = true
    expect(check(run)).toEqual([])
  })

  it("reads Medusa's and the API's amounts as minor units without floats", () => {
    expect(toMinor("12.3")).toBe(1230n)
    expect(toMinor(0.1 + 0.2)).toBe(30n)
    expect(toMinor("1000000.01")).toBe(100000001n)
  })
})
