import fc from "fast-check"
import { BigNumber } from "@medusajs/framework/utils"
import { isApiAmount } from "../../../../src/client/money"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../../../../src/payments/mapping/cart-snapshot"
import { cartPropertyLimits, categoryChain, graphCartArb, inShape, ukTaxInclusiveCart, type GraphRecord } from "./carts"

describe("toCartSnapshot: a realistic query.graph cart", () => {
  it("keeps what the checkout needs, with amounts rounded half-up to 2 decimals at this edge", () => {
    expect(toCartSnapshot(ukTaxInclusiveCart())).toEqual({
      cartId: "cart_01JD8Z6ZK4Y3R2Q1P0N9M8L7K6",
      email: "ann.smith@example.com",
      currencyCode: "gbp",
      taxInclusive: true,
      total: "54.01",
      // Tax-inclusive prices: shipping as paid, including tax, before discounts.
      shippingAmount: "4.50",
      taxAmount: "9.00",
      items: [
        {
          name: "Medusa T-Shirt - S / Black",
          sku: "SHIRT-S-BLACK",
          quantity: 2,
          unitPrice: "25.00",
          productHandle: "t-shirt",
          thumbnail: "https://medusa-public-images.s3.eu-west-1.amazonaws.com/tee-black-front.png",
          categories: [["Clothing", "Tops", "T-Shirts"], ["Sale"]],
        },
        {
          name: "Medusa Sweatpants - L",
          sku: "SWEATPANTS-L",
          quantity: 1,
          unitPrice: "10.01",
          productHandle: "sweatpants",
          thumbnail: "/static/sweatpants.png",
          categories: [],
        },
        // "Default variant" is not part of the name; a free item keeps its zero price.
        {
          name: "Free Sticker",
          sku: undefined,
          quantity: 1,
          unitPrice: "0.00",
          productHandle: undefined,
          thumbnail: undefined,
          categories: [],
        },
      ],
      // One discount per promotion code, over items and shipping methods.
      discounts: [
        { name: "SUMMER10", amount: "6.00" },
        { name: "FREESHIP", amount: "4.50" },
      ],
      shippingAddress: {
        firstName: "Ann",
        lastName: "Smith",
        company: undefined,
        line1: "221B Baker Street",
        line2: undefined,
        city: "London",
        province: "Greater London",
        postalCode: "NW1 6XE",
        countryCode: "gb",
        phone: "+44 20 7946 0958",
      },
      billingAddress: {
        firstName: "Ann",
        lastName: "Smith",
        company: "Acme Ltd",
        line1: "1 Billing Road",
        line2: "Suite 4",
        city: "Leeds",
        province: "West Yorkshire",
        postalCode: "LS1 1AA",
        countryCode: "gb",
        phone: undefined,
      },
      customer: { firstName: "Ann", lastName: "Smith", phone: undefined },
      shippingOptionIds: ["so_standard"],
      // No amount or data read for the method in this cart: zero, none.
      shippingMethods: [{ optionId: "so_standard", name: undefined, amount: "0.00", data: undefined }],
    })
  })

  it("survives a round trip through JSON (it is stored in the payment session's data)", () => {
    const built = toCartSnapshot(ukTaxInclusiveCart())
    // No bigint, BigNumber or other class instance that JSON would lose or refuse.
    expect(JSON.parse(JSON.stringify(built))).toEqual(built)
    expect(JSON.stringify(built)).not.toMatch(/numeric_|raw_|bignumber_/)
  })

  it("with tax-exclusive prices, takes shipping before tax (original_shipping_subtotal)", () => {
    const cart = ukTaxInclusiveCart()
    for (const item of cart.items) item.is_tax_inclusive = false
    const built = toCartSnapshot(cart)
    expect(built.taxInclusive).toBe(false)
    expect(built.shippingAmount).toBe("3.75")
    expect(built.taxAmount).toBe("9.00")
  })

  it("falls back to shipping_total / shipping_subtotal when the original totals are not read", () => {
    const inclusive = { ...ukTaxInclusiveCart(), original_shipping_total: undefined, shipping_total: 7.995 }
    expect(toCartSnapshot(inclusive).shippingAmount).toBe("8.00")
    const exclusive = ukTaxInclusiveCart()
    for (const item of exclusive.items) item.is_tax_inclusive = false
    exclusive.original_shipping_subtotal = null
    exclusive.shipping_subtotal = { value: "6.664", precision: 20 }
    expect(toCartSnapshot(exclusive).shippingAmount).toBe("6.66")
  })

  it("names a discount without a code 'Discount' and sums adjustments of the same code", () => {
    const cart = ukTaxInclusiveCart()
    cart.items[0].adjustments = [
      { code: null, amount: 1.005 },
      { code: "", amount: 2 },
      { code: "SUMMER10", amount: 0.5 },
    ]
    cart.shipping_methods[0].adjustments = [{ code: "SUMMER10", amount: new BigNumber("0.25") }]
    cart.discount_total = 4.76
    expect(toCartSnapshot(cart).discounts).toEqual([
      { name: "Discount", amount: "3.01" },
      { name: "SUMMER10", amount: "1.75" },
    ])
  })

  it("in a store whose prices include tax, scales the pre-tax adjustments to the discount the consumer sees", () => {
    const cart = ukTaxInclusiveCart()
    for (const line of [...cart.items, ...cart.shipping_methods]) line.adjustments = []
    cart.items[0].adjustments = [{ code: "SUMMER10", amount: 7.5 }]
    cart.shipping_methods[0].adjustments = [{ code: "FREESHIP", amount: 2.5 }]
    // 10.00 before VAT is 12.00 with 20% VAT; the last code takes the rounding.
    cart.discount_total = 12
    cart.discount_subtotal = 10
    expect(toCartSnapshot(cart).discounts).toEqual([
      { name: "SUMMER10", amount: "9.00" },
      { name: "FREESHIP", amount: "3.00" },
    ])
    cart.discount_total = 12.01
    expect(toCartSnapshot(cart).discounts).toEqual([
      { name: "SUMMER10", amount: "9.00" },
      { name: "FREESHIP", amount: "3.01" },
    ])
  })

  it("builds each category path from the top-level parent to the leaf, skipping unnamed nodes", () => {
    const cart = ukTaxInclusiveCart()
    cart.items[0].product.categories = [
      categoryChain(["Home", "Kitchen", "Cookware", "Pans"]),
      { name: "Leaf", parent_category: { name: null, parent_category: { name: "Root", parent_category: null } } },
      { name: null, parent_category: null },
    ]
    expect(toCartSnapshot(cart).items[0].categories).toEqual([
      ["Home", "Kitchen", "Cookware", "Pans"],
      ["Root", "Leaf"],
    ])
  })

  it("stops on a category chain that loops instead of hanging", () => {
    const looping: GraphRecord = { name: "A", parent_category: null }
    looping.parent_category = { name: "B", parent_category: looping }
    const cart = ukTaxInclusiveCart()
    cart.items[0].product.categories = [looping]
    const path = toCartSnapshot(cart).items[0].categories[0]
    expect(path.length).toBeLessThanOrEqual(10)
    expect(path[path.length - 1]).toBe("A")
  })

  it("names an item by its title when the product title is missing", () => {
    const cart = ukTaxInclusiveCart()
    cart.items[1].product_title = null
    cart.items[1].variant_title = null
    cart.items[1].title = "Custom item"
    expect(toCartSnapshot(cart).items[1].name).toBe("Custom item")
  })

  it("reads an empty cart without failing", () => {
    expect(toCartSnapshot({ id: "cart_empty", currency_code: "EUR" })).toEqual({
      cartId: "cart_empty",
      email: undefined,
      currencyCode: "eur",
      taxInclusive: false,
      total: "0.00",
      shippingAmount: "0.00",
      taxAmount: "0.00",
      items: [],
      discounts: [],
      shippingAddress: undefined,
      billingAddress: undefined,
      customer: undefined,
      shippingOptionIds: [],
      shippingMethods: [],
    })
  })

  it.each([
    ["a number", 10.005, "10.01"],
    ["a decimal string", "10.005", "10.01"],
    ["a raw BigNumber shape", { value: "10.005", precision: 20 }, "10.01"],
    ["a Medusa BigNumber", new BigNumber("10.005"), "10.01"],
    ["a number just below half a cent", 10.004, "10.00"],
    ["a raw shape with 18 decimals", { value: "19.994999999999999999", precision: 20 }, "19.99"],
  ])("reads a unit price given as %s (%p -> %s)", (_label, unitPrice, expected) => {
    const cart = ukTaxInclusiveCart()
    cart.items[0].unit_price = unitPrice
    expect(toCartSnapshot(cart).items[0].unitPrice).toBe(expected)
  })

  it("asks query.graph for every field it reads", () => {
    expect(CART_SNAPSHOT_FIELDS).toEqual(
      expect.arrayContaining([
        "items.unit_price",
        "items.quantity",
        "items.adjustments.code",
        "items.adjustments.amount",
        "items.product.categories.parent_category.parent_category.name",
        "shipping_methods.adjustments.amount",
        "original_shipping_total",
        "original_shipping_subtotal",
        "tax_total",
        "total",
        "shipping_address.*",
        "billing_address.*",
        "shipping_methods.data",
        "shipping_methods.amount",
        "items.variant_id",
        "items.metadata",
        "region_id",
        "sales_channel_id",
      ]),
    )
  })

  it("for any cart: every amount is a 2-decimal API string and the cart id is kept", () => {
    fc.assert(
      fc.property(graphCartArb(), (cart) => {
        const built = toCartSnapshot(cart)
        expect(built.cartId).toBe(cart.id)
        for (const value of [
          built.total,
          built.shippingAmount,
          built.taxAmount,
          ...built.items.map((item) => item.unitPrice),
          ...built.discounts.map((discount) => discount.amount),
        ]) {
          expect(isApiAmount(value)).toBe(true)
        }
        expect(built.items).toHaveLength(cart.items.length)
        expect(new Set(built.discounts.map((discount) => discount.name)).size).toBe(built.discounts.length)
      }),
      cartPropertyLimits(60),
    )
  })

  it("reads 3-decimal amounts the same whether they come as numbers, strings or BigNumber shapes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (thousandths) => {
        const read = (shape: "number" | "string" | "raw" | "instance") =>
          toCartSnapshot({ id: "c", currency_code: "gbp", total: inShape(thousandths, shape) }).total
        const expected = read("string")
        expect(read("number")).toBe(expected)
        expect(read("raw")).toBe(expected)
        expect(read("instance")).toBe(expected)
        // Half-up: x.xx5 goes up.
        expect(BigInt(expected.replace(".", ""))).toBe(BigInt(Math.floor((thousandths + 5) / 10)))
      }),
    )
  })
})
