import { medusaPaymentMarks, type OrderPaymentsShape } from "../../../src/admin/lib/medusa-payment-marks"

/** The order page's order as Medusa's dashboard reads it, partly captured in the box. */
const order = (changes: Partial<OrderPaymentsShape> = {}): OrderPaymentsShape => ({
  id: "order_1",
  status: "pending",
  payment_status: "partially_captured",
  payment_collections: [
    {
      id: "pay_col_1",
      status: "partially_captured",
      captured_amount: 20,
      refunded_amount: 0,
      payments: [{ id: "pay_1", captured_at: null, canceled_at: null, captures: [{}], refunds: [] }],
    },
  ],
  ...changes,
})

describe("the Pay later box's key on Medusa's own record of the order's payments", () => {
  it("is the same for the same record, whatever else of the order Medusa read again", () => {
    expect(medusaPaymentMarks(order())).toBe(medusaPaymentMarks({ ...order(), ...({ email: "other@example.com" } as object) }))
  })

  it.each([
    [
      "Medusa's Capture payment",
      {
        payment_status: "captured",
        payment_collections: [
          {
            id: "pay_col_1",
            status: "completed",
            captured_amount: 95.99,
            refunded_amount: 0,
            payments: [{ id: "pay_1", captured_at: "2026-12-02T10:00:00Z", canceled_at: null, captures: [{}, {}], refunds: [] }],
          },
        ],
      },
    ],
    [
      "Medusa's Refund dialog",
      {
        payment_collections: [
          {
            id: "pay_col_1",
            status: "partially_captured",
            captured_amount: 20,
            refunded_amount: 5,
            payments: [{ id: "pay_1", captured_at: null, canceled_at: null, captures: [{}], refunds: [{}] }],
          },
        ],
      },
    ],
    [
      "an order cancel",
      {
        status: "canceled",
        payment_collections: [
          {
            id: "pay_col_1",
            status: "canceled",
            captured_amount: 20,
            refunded_amount: 20,
            payments: [{ id: "pay_1", captured_at: null, canceled_at: "2026-12-02T10:00:00Z", captures: [{}], refunds: [{}] }],
          },
        ],
      },
    ],
  ] as const)("changes after %s, so the box reads its payments again", (_action, changes) => {
    expect(medusaPaymentMarks(order(changes as unknown as Partial<OrderPaymentsShape>))).not.toBe(medusaPaymentMarks(order()))
  })

  it("reads an order without payment collections (another page's shape) without failing", () => {
    expect(() => medusaPaymentMarks({ id: "order_2" })).not.toThrow()
  })
})
