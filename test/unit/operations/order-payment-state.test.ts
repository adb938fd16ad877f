import { orderPaymentState, type CartPaymentRecord } from "../../../src/operations/order-payment-state"

const payLater = (status: string, id = "payses_1") => ({ id, provider_id: "pp_bnpl_bnpl", status })

function cart(collection: CartPaymentRecord["payment_collection"], orderId: string | null = "order_1"): CartPaymentRecord {
  return { id: "cart_1", order: orderId ? { id: orderId } : null, payment_collection: collection }
}

describe("orderPaymentState: whether a cart's order has its payment", () => {
  it("an open cart is no order yet, whatever its session", () => {
    expect(orderPaymentState(cart({ id: "paycol_1", payments: [], payment_sessions: [payLater("pending")] }, null))).toEqual({
      state: "no_order",
    })
    expect(orderPaymentState(undefined)).toEqual({ state: "no_order" })
  })

  it("an order whose collection holds a payment is paid (authorised, captured, or cancelled since)", () => {
    const state = orderPaymentState(cart({ id: "paycol_1", payments: [{ id: "pay_1" }], payment_sessions: [payLater("authorized")] }))
    expect(state).toEqual({ state: "paid", orderId: "order_1" })
  })

  it("an order placed while Auth was in flight (its pay-later session never authorised, no payment) is unpaid", () => {
    for (const status of ["pending", "requires_more", "error"]) {
      expect(orderPaymentState(cart({ id: "paycol_1", payments: [], payment_sessions: [payLater(status)] }))).toEqual({
        state: "unpaid",
        unpaid: { orderId: "order_1", cartId: "cart_1", sessionId: "payses_1", paymentCollectionId: "paycol_1" },
      })
    }
  })

  it("an order paid with another method, or whose pay-later session was cancelled, is not the plugin's to repair", () => {
    const other = { id: "payses_2", provider_id: "pp_system_default", status: "pending" }
    expect(orderPaymentState(cart({ id: "paycol_1", payments: [], payment_sessions: [other] })).state).toBe("paid")
    expect(orderPaymentState(cart({ id: "paycol_1", payments: [], payment_sessions: [payLater("canceled")] })).state).toBe("paid")
    expect(orderPaymentState(cart(null)).state).toBe("paid")
  })
})
