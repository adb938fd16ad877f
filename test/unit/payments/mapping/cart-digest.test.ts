import { cartDigest } from "../../../../src/payments/mapping/cart-digest"
import { toCartSnapshot } from "../../../../src/payments/mapping/cart-snapshot"
import { ukTaxInclusiveCart, type GraphRecord } from "./carts"

const digestOf = (change: (cart: GraphRecord) => void = () => undefined) => {
  const cart = ukTaxInclusiveCart()
  cart.shipping_methods[0].name = "Standard Shipping"
  cart.shipping_methods[0].amount = 4.5
  cart.region_id = "reg_uk"
  cart.sales_channel_id = "sc_web"
  change(cart)
  return cartDigest(toCartSnapshot(cart))
}

describe("cartDigest: what the consumer approved, and what ships", () => {
  it("is the same for the same cart read twice, whatever order Medusa lists lines and methods in", () => {
    expect(digestOf()).toBe(digestOf())
    expect(
      digestOf((cart) => {
        cart.items.reverse()
        cart.shipping_methods.push({ shipping_option_id: "so_gift", name: "Gift box", amount: 0, data: {} })
      }),
    ).toBe(
      digestOf((cart) => {
        cart.shipping_methods.unshift({ shipping_option_id: "so_gift", name: "Gift box", amount: 0, data: {} })
      }),
    )
  })

  it("treats no data, null data and empty data alike (Medusa stores `{}` or null)", () => {
    expect(digestOf((cart) => (cart.shipping_methods[0].data = null))).toBe(digestOf((cart) => (cart.shipping_methods[0].data = {})))
  })

  it.each<[string, (cart: GraphRecord) => void]>([
    ["the shipping method's data (another pickup point)", (cart) => (cart.shipping_methods[0].data = { pickup_point: "PP-2" })],
    ["the shipping method's option", (cart) => (cart.shipping_methods[0].shipping_option_id = "so_other")],
    ["the shipping method's price", (cart) => (cart.shipping_methods[0].amount = 4.49)],
    ["the shipping method's name", (cart) => (cart.shipping_methods[0].name = "Standard Shipping (other carrier)")],
    ["an item's variant, with the same name and SKU", (cart) => (cart.items[0].variant_id = "variant_other")],
    ["an item's metadata (an engraving)", (cart) => (cart.items[0].metadata = { engraving: "For Bob" })],
    ["the region", (cart) => (cart.region_id = "reg_eu")],
    ["the sales channel", (cart) => (cart.sales_channel_id = "sc_outlet")],
    ["the shipping address", (cart) => (cart.shipping_address.address_1 = "1 Elsewhere Road")],
    ["an item's quantity", (cart) => (cart.items[2].quantity = 3)],
  ])("changes with %s", (_label, change) => {
    const before = digestOf((cart) => (cart.shipping_methods[0].data = { pickup_point: "PP-1" }))
    expect(
      digestOf((cart) => {
        cart.shipping_methods[0].data = { pickup_point: "PP-1" }
        change(cart)
      }),
    ).not.toBe(before)
  })

  it("does not change with catalogue data that does not change what is sold", () => {
    expect(
      digestOf((cart) => {
        cart.items[0].thumbnail = "https://cdn.example.com/new.png"
        cart.items[0].product.categories = []
      }),
    ).toBe(digestOf())
  })
})
