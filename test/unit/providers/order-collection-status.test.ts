import { withOrderCollectionStatus } from "../../../src/providers/bnpl/order-collection-status"

const orderCollection = { paymentCollectionId: "pay_col_01JTEST", medusaOrderId: "order_01JTEST" }

describe("the session status of an order's payment collection", () => {
  it("waits as pending_authorization while the checkout is open or not confirmed, which Medusa's authorizePaymentSessionForOrderWorkflow needs", () => {
    for (const status of ["pending", "requires_more"]) {
      expect(withOrderCollectionStatus({ data: { token: "t", orderCollection }, status }).status).toBe("pending_authorization")
    }
  })

  it("keeps every other status, and a cart's session is never changed", () => {
    for (const status of ["authorized", "captured", "error", "canceled"]) {
      expect(withOrderCollectionStatus({ data: { orderCollection }, status }).status).toBe(status)
    }
    expect(withOrderCollectionStatus({ data: { token: "t", cartId: "cart_01" }, status: "pending" }).status).toBe("pending")
    expect(withOrderCollectionStatus({ id: "tok", data: { orderCollection }, status: "pending" })).toEqual({
      id: "tok",
      data: { orderCollection },
      status: "pending_authorization",
    })
  })
})
