import type { CheckInput } from "../../../../scripts/soak/checker"
import type { HistoryStep } from "../../../../scripts/soak/history"

/** The soak checker's inputs for its unit tests. */

/** An amount in GBP as the API writes it. */
export const gbp = (amount: string) => ({ amount, currency: "GBP" })

/** A run where everything is in place: one cart, one approval, its order, a capture and a refund recorded on both sides. */
export function cleanRun(): CheckInput {
  const history: HistoryStep[] = [
    { at: 10, actor: "shopper-1", step: "payment-session", cart: "cart_1", token: "tok_1", status: 200, result: "checkout created" },
    { at: 20, actor: "shopper-1", step: "return", cart: "cart_1", order: "order_1", token: "tok_1", status: 303, result: "order page" },
    { at: 30, actor: "admin-1", step: "refund", order: "order_1", payment: "pay_1", status: 200, result: "refunded 5.00" },
  ]
  return {
    seed: 42,
    ledger: {
      auths: [{ token: "tok_1", paymentId: "svc_1", status: "APPROVED", requestId: "payses_1" }],
      captures: [{ orderId: "svc_1", requestId: "capt_1", paymentEventMerchantReference: "capt_1", amount: gbp("30.00") }],
      refunds: [{ orderId: "svc_1", refundId: "r1", requestId: "ref_1", refundMerchantReference: "ref_1", amount: gbp("5.00") }],
      voids: [],
      payments: [
        {
          id: "svc_1",
          token: "tok_1",
          status: "APPROVED",
          merchantReference: "cart_1",
          paymentState: "CAPTURED",
          openToCaptureAmount: gbp("0.00"),
          originalAmount: gbp("30.00"),
          orderDetails: {
            items: [
              { sku: "TOTE-1", quantity: 1, price: gbp("25.05") },
              { name: "Adjustment", quantity: 1, price: gbp("0.00") },
            ],
          },
        },
      ],
    },
    medusa: {
      payments: [
        {
          id: "pay_1",
          serviceOrderId: "svc_1",
          orderId: "order_1",
          orderStatus: "pending",
          cartId: "cart_1",
          canceled: false,
          capturedMinor: 3000n,
          refundedMinor: 500n,
          amountMinor: 3000n,
          orderItems: [{ sku: "TOTE-1", quantity: 1, unitPriceMinor: 2505n }],
        },
      ],
    },
    history,
    logs: [{ file: "server-a/medusa.log", text: "info: medusa-payment-bnpl: job ran in 5 ms\n" }],
    secrets: ["sandbox-uk-secret-key"],
  }
}

/**
 * `cleanRun`'s order after an order edit before capture lowered its total from the approved
 * 30.00 to 20.00 (issue 44): Medusa cancelled pay_1 for the change, the approval moved to the
 * new payment pay_2 with 10.00 voided at the service (requestId `<carried approval>-narrow`),
 * then 20.00 captured and 5.00 refunded on pay_2. Every cent in place.
 */
export function editedRun(): CheckInput {
  const run = cleanRun()
  const [placed] = run.medusa.payments
  run.ledger.voids = [{ orderId: "svc_1", requestId: "bnplcarr_1-narrow", amount: gbp("10.00") }]
  run.ledger.captures = [{ orderId: "svc_1", requestId: "capt_2", paymentEventMerchantReference: "capt_2", amount: gbp("20.00") }]
  run.medusa.payments = [
    { ...placed, canceled: true, capturedMinor: 0n, refundedMinor: 0n, carriedApprovalId: "bnplcarr_1" },
    {
      ...placed,
      id: "pay_2",
      cartId: undefined,
      amountMinor: 2000n,
      capturedMinor: 2000n,
      refundedMinor: 500n,
      carriedApprovalId: "bnplcarr_1",
    },
  ]
  return run
}
