import { check } from "../../../../scripts/soak/checker"
import { cleanRun, editedRun, gbp } from "./runs"

describe("the soak's checker on orders an order change touched (issue 44)", () => {
  it("finds nothing wrong in an edited order whose money is in place across its cancelled and its live payment", () => {
    expect(check(editedRun())).toEqual([])
  })

  it("compares the service's captures and refunds with Medusa's over both payments naming the service order", () => {
    const run = editedRun()
    // A capture of 1.00 the service applied and Medusa never recorded, on either payment.
    run.ledger.captures.push({ orderId: "svc_1", requestId: "capt_3", paymentEventMerchantReference: "capt_3", amount: gbp("1.00") })
    expect(check(run)).toEqual([
      expect.objectContaining({
        rule: "captured-differs",
        message: "the service captured 21.00, Medusa records captures of 20.00 (over Medusa's 2 payments pay_1, pay_2)",
        order: "order_1",
        payment: "pay_2",
        serviceOrder: "svc_1",
      }),
    ])
  })

  it("reports an edited order whose live payment asks more than the approval less what the edit voided", () => {
    const run = editedRun()
    // The void took 10.00 and Medusa's new payment still asks 25.00: 5.00 of it cannot be captured.
    run.medusa.payments[1].amountMinor = 2500n
    expect(check(run).map((violation) => [violation.rule, violation.message])).toEqual([
      [
        "order-not-approved",
        "order order_1 was edited: Medusa's live payment asks 25.00, the consumer approved 30.00 of which 10.00 was voided for the edits",
      ],
    ])
    // A cancel's void is not the edit's: it does not lower what the live payment may ask.
    const raised = editedRun()
    raised.ledger.voids = [{ orderId: "svc_1", requestId: "svc_1-cancel", amount: gbp("10.00") }]
    raised.ledger.payments[0].openToCaptureAmount = gbp("0.00")
    expect(check(raised)).toEqual([])
  })

  it("reports an edited order whose approval at the service holds more open and captured than was approved", () => {
    const run = editedRun()
    run.ledger.payments[0].openToCaptureAmount = gbp("15.00")
    expect(check(run).map((violation) => violation.message)).toEqual([
      "order order_1 was edited: the service has 15.00 open and 20.00 captured, more than the 30.00 the consumer approved",
    ])
  })

  it("checks an order never edited against the approved total, an edited one not", () => {
    const run = editedRun()
    for (const payment of run.medusa.payments) payment.carriedApprovalId = undefined
    expect(check(run).map((violation) => violation.message)).toEqual(["order order_1 is paid 20.00, the consumer approved 30.00"])
  })

  it("reports an approval lost by an order change: the order live, no live pay-later payment, the approval still open at the service", () => {
    const run = cleanRun()
    run.ledger.captures = []
    run.ledger.refunds = []
    run.ledger.payments[0] = { ...run.ledger.payments[0], paymentState: "AUTH_APPROVED", openToCaptureAmount: gbp("30.00") }
    run.medusa.payments[0] = {
      ...run.medusa.payments[0],
      canceled: true,
      capturedMinor: 0n,
      refundedMinor: 0n,
      carriedApprovalId: "bnplcarr_1",
    }
    expect(check(run)).toEqual([
      expect.objectContaining({
        rule: "approval-lost",
        message:
          "order order_1 is not canceled and none of its pay-later payments is live, but the service still has 30.00 open on its approval (state AUTH_APPROVED), neither held nor voided",
        token: "tok_1",
      }),
    ])
    // Voided at the service: nothing was lost.
    run.ledger.payments[0] = { ...run.ledger.payments[0], paymentState: "VOIDED", openToCaptureAmount: gbp("0.00") }
    expect(check(run)).toEqual([])
    // A canceled order is the cancel's rule: money left open there is open-after-cancel.
    run.ledger.payments[0] = { ...run.ledger.payments[0], paymentState: "AUTH_APPROVED", openToCaptureAmount: gbp("30.00") }
    run.medusa.payments[0].orderStatus = "canceled"
    expect(check(run).map((violation) => violation.rule)).toEqual(["open-after-cancel"])
  })

  it("checks a shipment once per approval, not once per Medusa payment naming it", () => {
    const run = editedRun()
    run.medusa.shipments = [{ fulfillmentId: "ful_1", orderId: "order_1", tracking: ["TRK1"], courierSyncError: false }]
    expect(check(run)).toEqual([expect.objectContaining({ rule: "shipment-not-told", payment: "pay_2", serviceOrder: "svc_1" })])
  })
})
