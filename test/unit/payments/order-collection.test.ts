import { consumerChooses } from "../../../harness/shopper"
import { ORDER_SNAPSHOT_FIELDS, toOrderCollectionSnapshot } from "../../../src/payments/mapping/order-snapshot"
import { sandbox, core, useSandboxCore } from "./core-harness"

useSandboxCore()

/** An order as query.graph reads it with ORDER_SNAPSHOT_FIELDS: one tote paid earlier, one added by an edit. */
const order = {
  id: "order_01JTESTORDER",
  display_id: 7,
  email: "ada@example.com",
  currency_code: "gbp",
  region_id: "reg_01",
  items: [
    {
      id: "ordli_1",
      title: "Canvas Tote",
      product_title: "Canvas Tote",
      variant_title: "One size",
      unit_price: 45,
      is_tax_inclusive: true,
      detail: { quantity: 2 },
      quantity: 1,
    },
    {
      id: "ordli_2",
      title: "Tea Towel",
      product_title: "Tea Towel",
      variant_title: "Default variant",
      unit_price: { value: "4.5", precision: 20 },
      is_tax_inclusive: true,
      detail: { quantity: 1 },
    },
  ],
  shipping_address: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "1 High Street",
    city: "London",
    postal_code: "N1 9GU",
    country_code: "gb",
  },
  billing_address: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "1 High Street",
    city: "London",
    postal_code: "N1 9GU",
    country_code: "gb",
  },
}
const collection = { id: "pay_col_01JTESTCOLLECTION", amount: 49.5, currency_code: "gbp" }

describe("the checkout of an order's payment collection", () => {
  it("reads the order's lines at their current quantity, and never its totals", () => {
    expect(ORDER_SNAPSHOT_FIELDS).toContain("items.detail.quantity")
    expect(ORDER_SNAPSHOT_FIELDS).not.toContain("total")
    expect(ORDER_SNAPSHOT_FIELDS.some((field) => field.startsWith("shipping_methods"))).toBe(false)
  })

  it("is for exactly the amount owed, names the collection, and shows what was paid earlier as one discount", () => {
    const snapshot = toOrderCollectionSnapshot(order, collection)
    expect(snapshot).toMatchObject({
      cartId: collection.id,
      total: "49.50",
      email: "ada@example.com",
      shippingAmount: "0.00",
      taxAmount: "0.00",
      orderCollection: { paymentCollectionId: collection.id, medusaOrderId: order.id },
      items: [
        expect.objectContaining({ name: "Canvas Tote - One size", quantity: 2, unitPrice: "45.00" }),
        expect.objectContaining({ name: "Tea Towel", quantity: 1, unitPrice: "4.50" }),
      ],
      // 2 x 45.00 + 4.50 = 94.50 of goods, 49.50 owed: 45.00 was paid with the order.
      discounts: [{ name: "Paid earlier on order #7", amount: "45.00" }],
    })
  })

  it("starts a checkout for the amount owed whose return is the collection's, with the collection as merchantReference", async () => {
    const { operations } = core()
    const snapshot = toOrderCollectionSnapshot(order, collection)
    const { data } = await operations.startCheckout({ snapshot, amountMinor: 4950n, currency: "gbp", data: {} })
    expect(data).toMatchObject({
      amount: "49.50",
      currency: "GBP",
      cartId: collection.id,
      orderCollection: { paymentCollectionId: collection.id, medusaOrderId: order.id },
    })
    const [checkout] = sandbox.control.ledger().checkouts
    expect(checkout).toMatchObject({ amount: { amount: "49.50", currency: "GBP" }, merchantReference: collection.id })
    // The consumer comes back to the backend's return route for the collection, never a cart's.
    const back = await consumerChooses(String(data.redirectCheckoutUrl), "confirm")
    expect(`${back.origin}${back.pathname}`).toBe("https://store.example.com/bnpl/return")
    expect(back.searchParams.get("payment_collection_id")).toBe(collection.id)
    expect(back.searchParams.get("cart_id")).toBeNull()
  })

  it("without backendUrl no checkout is made, and the error names the option", async () => {
    const { operations } = core({ backendUrl: undefined })
    const snapshot = toOrderCollectionSnapshot(order, collection)
    await expect(operations.startCheckout({ snapshot, amountMinor: 4950n, currency: "gbp", data: {} })).rejects.toThrow(
      /"backendUrl" is required to pay an order's payment collection later/,
    )
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })
})
