import fc from "fast-check"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, minorUnitsToMoney, toMinorUnits } from "../../../../src/client/money"
import { createCheckoutRequestSchema, type CreateCheckoutRequest, type Item } from "../../../../src/client/schemas"
import { toCartSnapshot, type CartSnapshot, type SnapshotItem } from "../../../../src/payments/mapping/cart-snapshot"
import {
  balanceCheckout,
  MAX_CHECKOUT_ITEMS,
  toCreateCheckoutRequest,
  type CheckoutMappingContext,
} from "../../../../src/payments/mapping/checkout"
import {
  cartPropertyLimits,
  checkoutSumMinor,
  graphCartArb,
  LONE_SURROGATE,
  snapshot,
  stringsIn,
  ukTaxInclusiveCart,
  type GraphRecord,
} from "./carts"

const CONFIRM = "https://store.example.com/bnpl/return?cart_id=cart_01JTEST"
const CANCEL = "https://store.example.com/bnpl/return?cart_id=cart_01JTEST&cancelled=1"

function context(overrides: Partial<CheckoutMappingContext> = {}): CheckoutMappingContext {
  return {
    amountMinor: 0n,
    currency: "GBP",
    region: "UK",
    redirectConfirmUrl: CONFIRM,
    redirectCancelUrl: CANCEL,
    merchantName: "Acme Outfitters",
    storefrontUrl: "https://shop.example.com",
    ...overrides,
  }
}

const gbp = (amount: string) => ({ amount, currency: "GBP" })

/** What goes on the wire: JSON drops the fields left `undefined`. */
const wire = (request: CreateCheckoutRequest) => JSON.parse(JSON.stringify(request))

function item(overrides: Partial<SnapshotItem> = {}): SnapshotItem {
  return { name: "Tee", quantity: 1, unitPrice: "10.00", categories: [], ...overrides }
}

/** `count` items priced 1.00, 2.00, ... count.00. */
const numberedItems = (count: number, quantity = 1) =>
  Array.from({ length: count }, (_, index) => item({ name: `Item ${index + 1}`, quantity, unitPrice: `${index + 1}.00` }))

/** Every currency code used anywhere in the request, once each. */
const currenciesIn = (request: CreateCheckoutRequest) => [
  ...new Set(
    stringsIn(request)
      .filter(([path]) => path.endsWith(".currency"))
      .map(([, value]) => value),
  ),
]

/** The request is one the service accepts and whose lines add up to its amount. */
function expectValidAndBalanced(request: CreateCheckoutRequest, taxInclusive: boolean) {
  expect(createCheckoutRequestSchema.safeParse(request).error?.issues).toBeUndefined()
  expect(checkoutSumMinor(request, taxInclusive)).toBe(apiAmountToMinorUnits(request.amount.amount))
}

describe("toCreateCheckoutRequest: a realistic cart", () => {
  it("maps every field of a UK tax-inclusive cart, and its lines add up to the amount with no adjustment", () => {
    const built = toCartSnapshot(ukTaxInclusiveCart())
    const request = toCreateCheckoutRequest(built, context({ amountMinor: 5401n }))
    expect(wire(request)).toStrictEqual({
      amount: gbp("54.01"),
      consumer: {
        givenNames: "Ann",
        surname: "Smith",
        email: "ann.smith@example.com",
        // The billing address has no phone: the shipping address's is used.
        phoneNumber: "+44 20 7946 0958",
      },
      billing: {
        name: "Ann Smith",
        line1: "1 Billing Road",
        line2: "Suite 4",
        area1: "Leeds",
        region: "West Yorkshire",
        postcode: "LS1 1AA",
        countryCode: "GB",
      },
      shipping: {
        name: "Ann Smith",
        line1: "221B Baker Street",
        area1: "London",
        region: "Greater London",
        postcode: "NW1 6XE",
        countryCode: "GB",
        phoneNumber: "+44 20 7946 0958",
      },
      items: [
        {
          name: "Medusa T-Shirt - S / Black",
          sku: "SHIRT-S-BLACK",
          quantity: 2,
          price: gbp("25.00"),
          pageUrl: "https://shop.example.com/products/t-shirt",
          imageUrl: "https://medusa-public-images.s3.eu-west-1.amazonaws.com/tee-black-front.png",
          categories: [["Clothing", "Tops", "T-Shirts"], ["Sale"]],
        },
        // A relative thumbnail is not an image URL the service can load: left out.
        {
          name: "Medusa Sweatpants - L",
          sku: "SWEATPANTS-L",
          quantity: 1,
          price: gbp("10.01"),
          pageUrl: "https://shop.example.com/products/sweatpants",
        },
        // A free item is sent without a price (the document requires a positive one).
        { name: "Free Sticker", quantity: 1 },
      ],
      discounts: [
        { displayName: "SUMMER10", amount: gbp("6.00") },
        { displayName: "FREESHIP", amount: gbp("4.50") },
      ],
      merchant: { redirectConfirmUrl: CONFIRM, redirectCancelUrl: CANCEL, name: "Acme Outfitters" },
      merchantReference: "cart_01JD8Z6ZK4Y3R2Q1P0N9M8L7K6",
      shippingAmount: gbp("4.50"),
      taxAmount: gbp("9.00"),
    })
    expectValidAndBalanced(request, true)
  })

  it("maps an EU cart's province to area2 and leaves region out", () => {
    const cart = ukTaxInclusiveCart()
    cart.currency_code = "eur"
    cart.shipping_address = { ...cart.shipping_address, city: "Sevilla", province: "Andalucía", country_code: "es", postal_code: "41001" }
    const request = toCreateCheckoutRequest(toCartSnapshot(cart), context({ amountMinor: 5401n, currency: "EUR", region: "EU" }))
    expect(request.shipping).toEqual({
      name: "Ann Smith",
      line1: "221B Baker Street",
      area1: "Sevilla",
      area2: "Andalucía",
      postcode: "41001",
      countryCode: "ES",
      phoneNumber: "+44 20 7946 0958",
    })
    expect(request.billing).toMatchObject({ area1: "Leeds", area2: "West Yorkshire" })
    expect(request.billing).not.toHaveProperty("region")
    expect(currenciesIn(request)).toEqual(["EUR"])
    expectValidAndBalanced(request, true)
  })

  it("balances a gift card or store credit (amount below the cart) with one 'Adjustment' discount", () => {
    const request = toCreateCheckoutRequest(toCartSnapshot(ukTaxInclusiveCart()), context({ amountMinor: 4401n }))
    expect(request.amount).toEqual(gbp("44.01"))
    expect(request.discounts).toEqual([
      { displayName: "SUMMER10", amount: gbp("6.00") },
      { displayName: "FREESHIP", amount: gbp("4.50") },
      { displayName: "Adjustment", amount: gbp("10.00") },
    ])
    expect(request.items).toHaveLength(3)
    expectValidAndBalanced(request, true)
  })
})

describe("toCreateCheckoutRequest: items", () => {
  it("sends the UNIT price, never unit price x quantity", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item({ quantity: 3, unitPrice: "12.50" })] }),
      context({ amountMinor: 3750n }),
    )
    expect(request.items).toEqual([expect.objectContaining({ quantity: 3, price: gbp("12.50") })])
    expect(request.items).toHaveLength(1)
    expectValidAndBalanced(request, true)
  })

  it("sends a zero-priced item without a price, keeping its name and quantity", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item({ name: "Free gift", quantity: 2, unitPrice: "0.00" }), item()] }),
      context({ amountMinor: 1000n }),
    )
    expect(wire(request).items[0]).toStrictEqual({ name: "Free gift", quantity: 2 })
    expect(request.items).toHaveLength(2)
    expectValidAndBalanced(request, true)
  })

  it("cuts name to 255 and sku to 128, and names an unnamed item 'Item'", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        items: [
          item({ name: "N".repeat(256), sku: "S".repeat(129) }),
          item({ name: "N".repeat(255), sku: "S".repeat(128) }),
          item({ name: `${"N".repeat(254)}😀`, sku: `${"S".repeat(127)}😀` }),
          item({ name: "  \n " }),
        ],
      }),
      context({ amountMinor: 4000n }),
    )
    const [over, exact, emoji, unnamed] = request.items!
    expect([over.name!.length, over.sku!.length]).toEqual([255, 128])
    expect([exact.name, exact.sku]).toEqual(["N".repeat(255), "S".repeat(128)])
    expect([emoji.name, emoji.sku]).toEqual(["N".repeat(254), "S".repeat(127)])
    expect(unnamed.name).toBe("Item")
    expectValidAndBalanced(request, true)
  })

  it("links the product page on the storefront and the image, only as absolute http(s) URLs of at most 2048", () => {
    const base = "https://shop.example.com/products/" // 34 characters
    const image = (length: number) => `https://cdn.example.com/${"i".repeat(length - 24)}`
    const request = toCreateCheckoutRequest(
      snapshot({
        items: [
          item({ productHandle: "h".repeat(2048 - base.length), thumbnail: image(2048) }),
          item({ productHandle: "h".repeat(2049 - base.length), thumbnail: image(2049) }),
          item({ productHandle: "pull-over", thumbnail: "/static/pull-over.png" }),
          item({ productHandle: "café crème", thumbnail: "http://cdn.example.com/a.png" }),
          item({ thumbnail: "javascript:alert(1)" }),
        ],
      }),
      context({ amountMinor: 5000n }),
    )
    const [exact, over, relative, encoded, script] = request.items!
    expect(exact.pageUrl).toBe(`${base}${"h".repeat(2048 - base.length)}`)
    expect(exact.pageUrl).toHaveLength(2048)
    expect(exact.imageUrl).toBe(image(2048))
    expect(over.pageUrl).toBeUndefined()
    expect(over.imageUrl).toBeUndefined()
    expect(relative).toMatchObject({ pageUrl: `${base}pull-over` })
    expect(relative.imageUrl).toBeUndefined()
    expect(encoded).toMatchObject({ pageUrl: `${base}caf%C3%A9%20cr%C3%A8me`, imageUrl: "http://cdn.example.com/a.png" })
    expect(script.imageUrl).toBeUndefined()
    expect(script.pageUrl).toBeUndefined()
    expectValidAndBalanced(request, true)
  })

  it("sends no pageUrl when no storefront URL is configured", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item({ productHandle: "tee" })] }),
      context({ amountMinor: 1000n, storefrontUrl: undefined }),
    )
    expect(request.items![0].pageUrl).toBeUndefined()
  })

  it("sends categories as an array of paths from the top-level parent to the leaf, dropping blank names", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        items: [
          item({ categories: [["Clothing", "Tops", "T-Shirts"], ["Sale"], ["  ", ""], ["Home", " ", "Mugs"]] }),
          item({ categories: [] }),
        ],
      }),
      context({ amountMinor: 2000n }),
    )
    expect(request.items![0].categories).toEqual([["Clothing", "Tops", "T-Shirts"], ["Sale"], ["Home", "Mugs"]])
    expect(request.items![1]).not.toHaveProperty("categories", expect.anything())
    expectValidAndBalanced(request, true)
  })
})

describe("toCreateCheckoutRequest: at most 100 items (docs/service-api.md)", () => {
  it("folds items 100 to 150 into the 100th line; the first 99 are untouched and the totals still add up", () => {
    const items = numberedItems(150)
    // 1 + 2 + ... + 150
    const request = toCreateCheckoutRequest(snapshot({ items }), context({ amountMinor: 1_132_500n }))
    expect(request.items).toHaveLength(MAX_CHECKOUT_ITEMS)
    expect(request.items!.slice(0, 99).map((line) => [line.name, line.price?.amount])).toEqual(
      items.slice(0, 99).map((line) => [line.name, line.unitPrice]),
    )
    // 100 + 101 + ... + 150
    expect(request.items![99]).toEqual({ name: "51 more items", quantity: 1, price: gbp("6375.00") })
    expect(request.discounts).toBeUndefined()
    expectValidAndBalanced(request, true)
  })

  it("folds the rest's quantities into the folded line's price", () => {
    const request = toCreateCheckoutRequest(snapshot({ items: numberedItems(150, 3) }), context({ amountMinor: 3_397_500n }))
    expect(request.items![99]).toEqual({ name: "51 more items", quantity: 1, price: gbp("19125.00") })
    expectValidAndBalanced(request, true)
  })

  it("keeps exactly 100 items as they are, and folds 101 into '2 more items'", () => {
    const hundred = toCreateCheckoutRequest(snapshot({ items: numberedItems(100) }), context({ amountMinor: 505_000n }))
    expect(hundred.items![99]).toMatchObject({ name: "Item 100", price: gbp("100.00") })
    const hundredAndOne = toCreateCheckoutRequest(snapshot({ items: numberedItems(101) }), context({ amountMinor: 515_100n }))
    expect(hundredAndOne.items).toHaveLength(100)
    expect(hundredAndOne.items![99]).toEqual({ name: "2 more items", quantity: 1, price: gbp("201.00") })
    expectValidAndBalanced(hundred, true)
    expectValidAndBalanced(hundredAndOne, true)
  })

  it("sends the folded line without a price when every folded item is free", () => {
    const items = [...numberedItems(99), ...Array.from({ length: 51 }, () => item({ unitPrice: "0.00" }))]
    const request = toCreateCheckoutRequest(snapshot({ items }), context({ amountMinor: 495_000n }))
    expect(wire(request).items[99]).toStrictEqual({ name: "51 more items", quantity: 1 })
    expectValidAndBalanced(request, true)
  })

  it("with 100 lines already, merges an amount above the items into the last line instead of a 101st", () => {
    const request = toCreateCheckoutRequest(snapshot({ items: numberedItems(150) }), context({ amountMinor: 1_132_505n }))
    expect(request.items).toHaveLength(100)
    expect(request.items![99]).toEqual({ name: "51 more items and adjustment", quantity: 1, price: gbp("6375.05") })
    expectValidAndBalanced(request, true)

    const exactly = toCreateCheckoutRequest(snapshot({ items: numberedItems(100, 2) }), context({ amountMinor: 1_010_001n }))
    expect(exactly.items).toHaveLength(100)
    expect(exactly.items![99]).toEqual({ name: "Item 100 and adjustment", quantity: 1, price: gbp("200.01") })
    expectValidAndBalanced(exactly, true)
  })

  it("with 99 items, adds the 'Adjustment' item as the 100th line", () => {
    const request = toCreateCheckoutRequest(snapshot({ items: numberedItems(99) }), context({ amountMinor: 495_001n }))
    expect(request.items).toHaveLength(100)
    expect(request.items![99]).toEqual({ name: "Adjustment", quantity: 1, price: gbp("0.01") })
    expectValidAndBalanced(request, true)
  })

  it("with 150 items and an amount below them, keeps 100 lines and adds an 'Adjustment' discount", () => {
    const request = toCreateCheckoutRequest(snapshot({ items: numberedItems(150) }), context({ amountMinor: 1_132_400n }))
    expect(request.items).toHaveLength(100)
    expect(request.discounts).toEqual([{ displayName: "Adjustment", amount: gbp("1.00") }])
    expectValidAndBalanced(request, true)
  })
})

describe("toCreateCheckoutRequest: discounts, shipping and tax", () => {
  it("cuts a discount's displayName to 128 and leaves out discounts of zero", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        items: [item({ unitPrice: "100.00" })],
        discounts: [
          { name: "D".repeat(129), amount: "1.00" },
          { name: "D".repeat(128), amount: "2.00" },
          { name: `${"D".repeat(127)}😀`, amount: "3.00" },
          { name: "NOTHING", amount: "0.00" },
        ],
      }),
      context({ amountMinor: 9400n }),
    )
    expect(request.discounts!.map((discount) => [discount.displayName, discount.amount?.amount])).toEqual([
      ["D".repeat(128), "1.00"],
      ["D".repeat(128), "2.00"],
      ["D".repeat(127), "3.00"],
    ])
    expectValidAndBalanced(request, true)
  })

  it("sends no discounts field when the cart has none", () => {
    const request = toCreateCheckoutRequest(snapshot({ items: [item()] }), context({ amountMinor: 1000n }))
    expect(wire(request)).not.toHaveProperty("discounts")
  })

  it("tax-exclusive prices: items - discounts + shipping + tax is the amount, with no adjustment", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        taxInclusive: false,
        items: [item({ quantity: 2, unitPrice: "50.00" })],
        discounts: [{ name: "WELCOME", amount: "10.00" }],
        shippingAmount: "5.00",
        taxAmount: "19.00",
      }),
      context({ amountMinor: 11400n }),
    )
    expect(request.shippingAmount).toEqual(gbp("5.00"))
    expect(request.taxAmount).toEqual(gbp("19.00"))
    expect(request.items).toHaveLength(1)
    expect(request.discounts).toEqual([{ displayName: "WELCOME", amount: gbp("10.00") }])
    expectValidAndBalanced(request, false)
  })

  it("tax-inclusive prices: the tax is sent as taxAmount but not added again", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        taxInclusive: true,
        items: [item({ quantity: 2, unitPrice: "60.00" })],
        discounts: [{ name: "WELCOME", amount: "12.00" }],
        shippingAmount: "6.00",
        taxAmount: "19.00",
      }),
      context({ amountMinor: 11400n }),
    )
    expect(request.taxAmount).toEqual(gbp("19.00"))
    expect(request.items).toHaveLength(1)
    expect(request.discounts).toHaveLength(1)
    expectValidAndBalanced(request, true)
  })

  it("leaves out a negative shipping or tax total (the service refuses negative Money) and still adds up", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ taxInclusive: false, items: [item({ unitPrice: "10.00" })], shippingAmount: "-1.00", taxAmount: "-0.50" }),
      context({ amountMinor: 1000n }),
    )
    const sent = wire(request)
    expect(sent).not.toHaveProperty("shippingAmount")
    expect(sent).not.toHaveProperty("taxAmount")
    expect(sent.items).toEqual([{ name: "Tee", quantity: 1, price: gbp("10.00") }])
    expectValidAndBalanced(request, false)
  })

  it("adds an 'Adjustment' item when the amount is above the lines (e.g. a rounding cent)", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item({ quantity: 3, unitPrice: "3.33" })] }),
      context({ amountMinor: 1000n }),
    )
    expect(request.items).toEqual([
      expect.objectContaining({ quantity: 3, price: gbp("3.33") }),
      { name: "Adjustment", quantity: 1, price: gbp("0.01") },
    ])
    expect(request.discounts).toBeUndefined()
    expectValidAndBalanced(request, true)
  })

  it("a discount larger than the items still adds up: the difference is an 'Adjustment' item", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item({ unitPrice: "10.00" })], discounts: [{ name: "BIG", amount: "50.00" }], shippingAmount: "5.00" }),
      context({ amountMinor: 0n }),
    )
    expect(request.amount).toEqual(gbp("0.00"))
    expect(request.items![1]).toEqual({ name: "Adjustment", quantity: 1, price: gbp("35.00") })
    expectValidAndBalanced(request, true)
  })
})

describe("toCreateCheckoutRequest: merchant, reference, people", () => {
  it("uses the cart id as merchantReference and passes the redirect URLs and the merchant name", () => {
    const request = toCreateCheckoutRequest(snapshot({ cartId: "cart_01ABC" }), context({ merchantName: "M".repeat(129) }))
    expect(request.merchantReference).toBe("cart_01ABC")
    expect(request.merchant).toEqual({ redirectConfirmUrl: CONFIRM, redirectCancelUrl: CANCEL, name: "M".repeat(128) })
    const unnamed = toCreateCheckoutRequest(snapshot(), context({ merchantName: undefined }))
    expect(wire(unnamed).merchant).toStrictEqual({ redirectConfirmUrl: CONFIRM, redirectCancelUrl: CANCEL })
  })

  it("leaves billing and shipping out when the cart has no addresses; names come from the customer", () => {
    const request = toCreateCheckoutRequest(
      snapshot({ items: [item()], customer: { firstName: "Bea", lastName: "Jones" } }),
      context({ amountMinor: 1000n }),
    )
    const sent = wire(request)
    expect(sent).not.toHaveProperty("billing")
    expect(sent).not.toHaveProperty("shipping")
    expect(sent.consumer).toStrictEqual({ givenNames: "Bea", surname: "Jones", email: "ann.smith@example.com" })
    expectValidAndBalanced(request, true)
  })

  it("keeps unicode text whole: names, addresses, items and discounts in any script", () => {
    const request = toCreateCheckoutRequest(
      snapshot({
        email: "zoë@exämple.de",
        billingAddress: { firstName: "Zoë", lastName: "Ångström-Ölund", line1: "Königsallee 1", city: "Düsseldorf", countryCode: "de" },
        items: [item({ name: "Tシャツ 👕", sku: "T-黒-M", categories: [["服", "トップス"]] })],
        discounts: [{ name: "ÉTÉ-2025 ☀️", amount: "1.00" }],
      }),
      context({ amountMinor: 900n, currency: "EUR", region: "EU" }),
    )
    expect(request.consumer).toEqual({ givenNames: "Zoë", surname: "Ångström-Ölund", email: "zoë@exämple.de" })
    expect(request.billing).toMatchObject({ name: "Zoë Ångström-Ölund", line1: "Königsallee 1", area1: "Düsseldorf", countryCode: "DE" })
    expect(request.items![0]).toMatchObject({ name: "Tシャツ 👕", sku: "T-黒-M", categories: [["服", "トップス"]] })
    expect(request.discounts![0].displayName).toBe("ÉTÉ-2025 ☀️")
    expectValidAndBalanced(request, true)
  })

  it("without an e-mail the request fails the schema on consumer.email only, so it is refused before it is sent", () => {
    const request = toCreateCheckoutRequest(snapshot({ email: undefined, items: [item()] }), context({ amountMinor: 1000n }))
    const issues = createCheckoutRequestSchema.safeParse(request).error?.issues ?? []
    expect(issues.map((issue) => issue.path.join("."))).toEqual(["consumer.email"])
  })
})

describe("balanceCheckout", () => {
  const base = (): CreateCheckoutRequest => ({
    amount: gbp("120.00"),
    consumer: { email: "a@example.com" },
    items: [{ name: "Tee", quantity: 1, price: gbp("100.00") }],
    taxAmount: gbp("20.00"),
    shippingAmount: gbp("0.00"),
  })

  it("leaves a request that already adds up as it is, and does not change its input", () => {
    const input = base()
    const copy = structuredClone(input)
    const balanced = balanceCheckout(input, false)
    expect(wire(balanced)).toStrictEqual(wire(copy))
    expect(input).toEqual(copy)
  })

  it("counts tax only when prices exclude it", () => {
    // The same lines, read as tax-inclusive: the 20.00 tax is inside the 100.00, so 20.00 is missing.
    const balanced = balanceCheckout(base(), true)
    expect(balanced.items).toEqual([base().items![0], { name: "Adjustment", quantity: 1, price: gbp("20.00") }])
  })

  it("adds an 'Adjustment' discount when the lines are above the amount, without changing the input", () => {
    const input = { ...base(), amount: gbp("99.99"), discounts: [{ displayName: "X", amount: gbp("0.01") }] }
    const copy = structuredClone(input)
    const balanced = balanceCheckout(input, false)
    expect(balanced.discounts).toEqual([
      { displayName: "X", amount: gbp("0.01") },
      { displayName: "Adjustment", amount: gbp("20.00") },
    ])
    expect(input).toEqual(copy)
  })

  it("balances a request with no items at all into one 'Adjustment' item", () => {
    const balanced = balanceCheckout({ amount: gbp("12.34"), consumer: { email: "a@example.com" } }, true)
    expect(balanced.items).toEqual([{ name: "Adjustment", quantity: 1, price: gbp("12.34") }])
    expectValidAndBalanced(balanced, true)
  })

  it("for any request of up to 100 lines: adds up to the amount, stays within 100 lines, passes the schema", () => {
    const money = fc.bigInt({ min: 0n, max: 10n ** 8n }).map((minor) => minorUnitsToMoney(minor, "GBP"))
    const line: fc.Arbitrary<Item> = fc.record(
      {
        name: fc.string({ maxLength: 20 }),
        quantity: fc.integer({ min: 1, max: 1000 }),
        price: money.filter((value) => value.amount !== "0.00"),
      },
      { requiredKeys: ["name", "quantity"] },
    )
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 100 }),
        fc.array(fc.record({ displayName: fc.string({ maxLength: 20 }), amount: money }), { maxLength: 5 }),
        fc.option(money, { nil: undefined }),
        fc.option(money, { nil: undefined }),
        money,
        fc.boolean(),
        (items, discounts, shippingAmount, taxAmount, amount, taxInclusive) => {
          const balanced = balanceCheckout(
            { amount, consumer: { email: "a@example.com" }, items, discounts, shippingAmount, taxAmount },
            taxInclusive,
          )
          expect(balanced.items!.length).toBeLessThanOrEqual(100)
          expectValidAndBalanced(balanced, taxInclusive)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe("toCreateCheckoutRequest: any cart (property)", () => {
  const contextArb = (cart: GraphRecord) =>
    fc
      .record({
        mode: fc.constantFrom("cart total", "nudged", "anything", "zero"),
        nudge: fc.bigInt({ min: -2000n, max: 2000n }),
        anything: fc.bigInt({ min: 0n, max: 10n ** 11n }),
        region: fc.constantFrom<"UK" | "EU">("UK", "EU"),
        merchantName: fc.option(fc.string({ unit: "grapheme", maxLength: 200 }), { nil: undefined }),
        storefrontUrl: fc.option(
          fc.constantFrom("https://shop.example.com", "http://localhost:8000", `https://shop.example.com/${"s".repeat(2020)}`),
          { nil: undefined },
        ),
      })
      .map(({ mode, nudge, anything, ...rest }): CheckoutMappingContext => {
        const total = toMinorUnits(cart.total as never)
        const amountMinor =
          mode === "cart total" ? total : mode === "nudged" ? (total + nudge > 0n ? total + nudge : 0n) : mode === "zero" ? 0n : anything
        return context({ ...rest, amountMinor, currency: String(cart.currency_code).toUpperCase() })
      })

  const cartAndContext = (wellFormed: boolean) =>
    graphCartArb({ wellFormed }).chain((cart) => contextArb(cart).map((ctx) => [cart, ctx] as const))

  it("passes createCheckoutRequestSchema and items x unit prices - discounts + shipping (+ tax) == amount exactly", () => {
    fc.assert(
      fc.property(cartAndContext(false), ([cart, ctx]) => {
        const built = toCartSnapshot(cart)
        const request = toCreateCheckoutRequest(built, ctx)

        expectValidAndBalanced(request, built.taxInclusive)
        expect(request.amount).toEqual(minorUnitsToMoney(ctx.amountMinor, ctx.currency))
        expect(request.merchantReference).toBe(cart.id)
        expect(request.items!.length).toBeLessThanOrEqual(MAX_CHECKOUT_ITEMS)
        expect(request.consumer!.email!.length).toBeGreaterThan(0)
        // Every amount is in the checkout's currency.
        expect(currenciesIn(request)).toEqual([ctx.currency])
        // Up to 99 items, each line is the cart's line at its unit price (an adjustment may follow).
        let addedItems = 0
        if (cart.items.length < MAX_CHECKOUT_ITEMS) {
          built.items.forEach((line, index) => {
            const sent = request.items![index]
            expect(sent.quantity).toBe(line.quantity)
            expect(sent.price?.amount ?? "0.00").toBe(apiAmountToMinorUnits(line.unitPrice) > 0n ? line.unitPrice : "0.00")
          })
          addedItems = request.items!.length - built.items.length
        } else {
          expect(request.items).toHaveLength(MAX_CHECKOUT_ITEMS)
        }
        // The cart's discounts (those above zero), then at most one adjustment, as an item or a discount.
        const cartDiscounts = built.discounts.filter((discount) => apiAmountToMinorUnits(discount.amount) > 0n).length
        const addedDiscounts = (request.discounts?.length ?? 0) - cartDiscounts
        expect(addedItems).toBeGreaterThanOrEqual(0)
        expect(addedDiscounts).toBeGreaterThanOrEqual(0)
        expect(addedItems + addedDiscounts).toBeLessThanOrEqual(1)
      }),
      cartPropertyLimits(150),
    )
  })

  it("from well-formed text never produces a broken character (no lone surrogate anywhere)", () => {
    fc.assert(
      fc.property(cartAndContext(true), ([cart, ctx]) => {
        const request = toCreateCheckoutRequest(toCartSnapshot(cart), ctx)
        const broken = stringsIn(request).filter(([, value]) => LONE_SURROGATE.test(value))
        expect(broken).toEqual([])
      }),
      cartPropertyLimits(100),
    )
  })
})

describe("toCreateCheckoutRequest: any snapshot (property)", () => {
  const apiAmount = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map((minor) => minorUnitsToApiAmount(minor))
  const text = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 300 }))
  const optionalText = fc.option(text, { nil: undefined })
  const address = fc.option(
    fc.record(
      {
        firstName: text,
        lastName: text,
        company: text,
        line1: text,
        line2: text,
        city: text,
        province: text,
        postalCode: text,
        countryCode: text,
        phone: text,
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  )
  const snapshotArb: fc.Arbitrary<CartSnapshot> = fc.record({
    cartId: fc.stringMatching(/^cart_[0-9A-Z]{26}$/),
    email: text.filter((value) => value.trim().length > 0),
    currencyCode: fc.constantFrom("gbp", "eur"),
    taxInclusive: fc.boolean(),
    total: apiAmount(-100_000n, 10n ** 9n),
    shippingAmount: apiAmount(-10_000n, 10n ** 6n),
    taxAmount: apiAmount(-10_000n, 10n ** 7n),
    items: fc.array(
      fc.record({
        name: text,
        sku: optionalText,
        quantity: fc.integer({ min: 1, max: 10_000 }),
        unitPrice: apiAmount(-10_000n, 10n ** 7n),
        productHandle: optionalText,
        thumbnail: optionalText,
        categories: fc.array(fc.array(text, { maxLength: 4 }), { maxLength: 3 }),
      }),
      { maxLength: 150 },
    ),
    discounts: fc.array(fc.record({ name: text, amount: apiAmount(-10_000n, 10n ** 7n) }), { maxLength: 5 }),
    shippingAddress: address,
    billingAddress: address,
    customer: fc.option(fc.record({ firstName: optionalText, lastName: optionalText, phone: optionalText }), { nil: undefined }),
    shippingOptionIds: fc.array(fc.string(), { maxLength: 2 }),
  })

  it("passes the schema and adds up, even with negative amounts a snapshot should never hold", () => {
    fc.assert(
      fc.property(
        snapshotArb,
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.constantFrom<"UK" | "EU">("UK", "EU"),
        (built, amountMinor, region) => {
          const request = toCreateCheckoutRequest(built, context({ amountMinor, region, currency: built.currencyCode.toUpperCase() }))
          expectValidAndBalanced(request, built.taxInclusive)
          expect(request.items!.length).toBeLessThanOrEqual(MAX_CHECKOUT_ITEMS)
        },
      ),
      cartPropertyLimits(300),
    )
  })
})
