import fc from "fast-check"
import { BigNumber } from "@medusajs/framework/utils"
import type { CartSnapshot } from "../../../../src/payments/mapping/cart-snapshot"
import { apiAmountToMinorUnits } from "../../../../src/client/money"
import type { CreateCheckoutRequest } from "../../../../src/client/schemas"

/**
 * Carts for the mapping tests: a snapshot builder, the shapes Medusa's `query.graph` hands
 * out for amounts and categories, and fast-check generators of whole `query.graph` carts.
 */

export type GraphRecord = Record<string, any>

/** A complete, valid snapshot; tests override what they look at. */
export function snapshot(overrides: Partial<CartSnapshot> = {}): CartSnapshot {
  return {
    cartId: "cart_01JTEST",
    email: "ann.smith@example.com",
    currencyCode: "gbp",
    taxInclusive: true,
    total: "0.00",
    shippingAmount: "0.00",
    taxAmount: "0.00",
    items: [],
    discounts: [],
    shippingOptionIds: [],
    ...overrides,
  }
}

/** A category record whose `parent_category` chain is the path, top-level first. */
export function categoryChain(path: string[]): GraphRecord | null {
  return path.reduce<GraphRecord | null>((parent, name) => ({ name, parent_category: parent }), null)
}

/**
 * A cart as `query.graph({ entity: "cart", fields: CART_SNAPSHOT_FIELDS })` returns it from a
 * UK store with tax-inclusive prices: totals as Medusa BigNumber instances and raw
 * `{ value, precision }` shapes, a 3-decimal unit price, categories with parent chains,
 * promotion adjustments on items and on the shipping method, lower-case country codes.
 */
export function ukTaxInclusiveCart(): GraphRecord {
  return {
    id: "cart_01JD8Z6ZK4Y3R2Q1P0N9M8L7K6",
    email: "ann.smith@example.com",
    currency_code: "gbp",
    // 2 x 25 + 1 x 10.005 + 1 x 0 - (5 + 1 + 4.5) + 4.5 = 54.005
    total: new BigNumber("54.005"),
    tax_total: { value: "9.000833333333333333", precision: 20 },
    discount_total: 10.5,
    discount_subtotal: 8.75,
    shipping_total: 0,
    shipping_subtotal: 0,
    original_shipping_total: new BigNumber(4.5),
    original_shipping_subtotal: { value: "3.75", precision: 20 },
    items: [
      {
        id: "cali_1",
        title: "S / Black",
        product_title: "Medusa T-Shirt",
        variant_title: "S / Black",
        variant_sku: "SHIRT-S-BLACK",
        product_handle: "t-shirt",
        thumbnail: "https://medusa-public-images.s3.eu-west-1.amazonaws.com/tee-black-front.png",
        quantity: 2,
        unit_price: 25,
        is_tax_inclusive: true,
        adjustments: [{ code: "SUMMER10", amount: new BigNumber(5) }],
        product: {
          categories: [
            { name: "T-Shirts", parent_category: { name: "Tops", parent_category: { name: "Clothing", parent_category: null } } },
            { name: "Sale", parent_category: null },
          ],
        },
      },
      {
        id: "cali_2",
        title: "L",
        product_title: "Medusa Sweatpants",
        variant_title: "L",
        variant_sku: "SWEATPANTS-L",
        product_handle: "sweatpants",
        thumbnail: "/static/sweatpants.png",
        quantity: 1,
        unit_price: { value: "10.005", precision: 20 },
        is_tax_inclusive: true,
        adjustments: [{ code: "SUMMER10", amount: 1 }],
        product: { categories: [] },
      },
      {
        id: "cali_3",
        title: "Sticker",
        product_title: "Free Sticker",
        variant_title: "Default variant",
        variant_sku: null,
        product_handle: null,
        thumbnail: null,
        quantity: 1,
        unit_price: 0,
        is_tax_inclusive: true,
        adjustments: [],
        product: null,
      },
    ],
    shipping_methods: [
      {
        shipping_option_id: "so_standard",
        is_tax_inclusive: true,
        adjustments: [{ code: "FREESHIP", amount: { value: "4.5", precision: 20 } }],
      },
    ],
    shipping_address: {
      id: "caaddr_1",
      first_name: "Ann",
      last_name: "Smith",
      company: null,
      address_1: "221B Baker Street",
      address_2: null,
      city: "London",
      province: "Greater London",
      postal_code: "NW1 6XE",
      country_code: "gb",
      phone: "+44 20 7946 0958",
      metadata: null,
    },
    billing_address: {
      id: "caaddr_2",
      first_name: "Ann",
      last_name: "Smith",
      company: "Acme Ltd",
      address_1: "1 Billing Road",
      address_2: "Suite 4",
      city: "Leeds",
      province: "West Yorkshire",
      postal_code: "LS1 1AA",
      country_code: "gb",
      phone: null,
    },
    customer: { first_name: "Ann", last_name: "Smith", phone: null },
  }
}

/**
 * For properties over whole carts (up to 150 items): shrinking such a counterexample can take
 * many minutes, so the run, shrinking included, stops after a time limit. A failure found
 * by then is still reported (with the smallest counterexample reached); runs cut short
 * without a failure pass, as fast-check does by default.
 */
export const cartPropertyLimits = (numRuns: number) => ({ numRuns, plugins: [fc.interruptAfterTimeLimit(30_000)] })

/** Lone surrogates: what a cut through the middle of an emoji would leave. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Every string anywhere in a value, with its path. */
export function stringsIn(value: unknown, path = "$"): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]]
  if (Array.isArray(value)) return value.flatMap((entry, index) => stringsIn(entry, `${path}[${index}]`))
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, entry]) => stringsIn(entry, `${path}.${key}`))
  }
  return []
}

/**
 * The document's arithmetic, in integer minor units: item unit price x quantity - discounts
 * + shipping (+ tax when prices exclude it). An item without a price counts as zero.
 */
export function checkoutSumMinor(request: CreateCheckoutRequest, taxInclusive: boolean): bigint {
  const minor = (money?: { amount: string }) => (money ? apiAmountToMinorUnits(money.amount) : 0n)
  const items = (request.items ?? []).reduce((sum, item) => {
    if (item.quantity === undefined) throw new Error(`item ${JSON.stringify(item)} has no quantity`)
    return sum + minor(item.price) * BigInt(item.quantity)
  }, 0n)
  const discounts = (request.discounts ?? []).reduce((sum, discount) => sum + minor(discount.amount), 0n)
  return items - discounts + minor(request.shippingAmount) + (taxInclusive ? 0n : minor(request.taxAmount))
}

// ---------------------------------------------------------------------------------------
// Amounts in the shapes Medusa hands out (major units, up to 3 decimals).

export type AmountShape = "number" | "string" | "raw" | "instance"

/** Thousandths of a major unit as a decimal string: 10005 -> "10.005". */
export function thousandthsToDecimal(thousandths: number): string {
  const digits = String(thousandths).padStart(4, "0")
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`
}

/** Thousandths of a major unit -> a number, a decimal string, `{ value, precision }` or Medusa's BigNumber. */
export function inShape(thousandths: number, shape: AmountShape): unknown {
  const decimal = thousandthsToDecimal(thousandths)
  switch (shape) {
    case "number":
      return Number(decimal)
    case "string":
      return decimal
    case "raw":
      return { value: decimal, precision: 20 }
    case "instance":
      return new BigNumber(decimal)
  }
}

const shapes = fc.constantFrom<AmountShape>("number", "string", "raw", "instance")

/** A non-negative amount of up to 3 decimals, zero often, in any of Medusa's shapes. */
export const amountArb = (maxThousandths = 2_000_000): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant(0), weight: 1 },
        { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 1 },
        { arbitrary: fc.integer({ min: 0, max: maxThousandths }), weight: 5 },
      ),
      shapes,
    )
    .map(([thousandths, shape]) => inShape(thousandths, shape))

// ---------------------------------------------------------------------------------------
// Text: unicode, blank, over-long, and emoji straddling each limit of the document.

const emoji = fc.constantFrom("😀", "👩‍👩‍👧", "🇬🇧", "𝔘", "é", "中文")

/**
 * Text as a shopper or merchant might type it, and worse. With `wellFormed` false it may also
 * hold lone surrogates (any UTF-16), which the mapping must not make any worse.
 */
export function textArb(wellFormed: boolean): fc.Arbitrary<string> {
  const arbitraries: Array<fc.Arbitrary<string>> = [
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.string({ unit: "grapheme-ascii", minLength: 100, maxLength: 300 }),
    fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "a", "Ü", "😀", "\u00a0"), maxLength: 300 }),
    fc
      .tuple(fc.constantFrom(31, 32, 127, 128, 254, 255), emoji, fc.string({ maxLength: 4 }))
      .map(([length, symbol, rest]) => `${"x".repeat(length)}${symbol}${rest}`),
  ]
  if (!wellFormed) arbitraries.push(fc.string({ unit: "binary", maxLength: 300 }))
  return fc.oneof(...arbitraries)
}

const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 4 })

const urlArb = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.webUrl(),
    fc.constant("https://cdn.example.com/images/tee.png"),
    fc.constant("/static/relative.png"),
    fc.constant("javascript:alert(1)"),
    fc.constant("ftp://files.example.com/a.png"),
    fc.integer({ min: 2030, max: 2060 }).map((length) => `https://cdn.example.com/${"a".repeat(length - 24)}`),
    text,
  )

const addressArb = (text: fc.Arbitrary<string>) =>
  nullable(
    fc.record({
      first_name: nullable(text),
      last_name: nullable(text),
      company: nullable(text),
      address_1: nullable(text),
      address_2: nullable(text),
      city: nullable(text),
      province: nullable(text),
      postal_code: nullable(text),
      country_code: fc.constantFrom("gb", "GB", "de", " fr ", "ie", "xx", "GBR", "", "g1", null),
      phone: nullable(fc.oneof(fc.stringMatching(/^\+?[0-9 ]{5,40}$/), text)),
    }),
  )

const adjustmentsArb = (text: fc.Arbitrary<string>) =>
  fc.array(
    fc.record({
      code: fc.oneof(fc.constantFrom("SUMMER10", "FREESHIP", "", null), text),
      // Discounts may exceed the line they are on.
      amount: amountArb(5_000_000),
    }),
    { maxLength: 3 },
  )

const itemArb = (text: fc.Arbitrary<string>) =>
  fc.record({
    id: fc.stringMatching(/^cali_[0-9A-Z]{8}$/),
    title: nullable(text),
    product_title: nullable(text),
    variant_title: nullable(fc.oneof(fc.constant("Default variant"), text)),
    variant_sku: nullable(text),
    product_handle: nullable(fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,40}$/), text)),
    thumbnail: nullable(urlArb(text)),
    quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100_000 })),
    unit_price: amountArb(),
    adjustments: adjustmentsArb(text),
    product: fc.record({
      categories: fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 3 }).map((paths) => paths.map(categoryChain)),
    }),
  })

export interface GraphCartConstraints {
  /** Only well-formed UTF-16 text (no lone surrogates in the input). */
  wellFormed?: boolean
  /** Every cart has an e-mail that is not blank (the service requires one). */
  withEmail?: boolean
}

/** A `query.graph` cart read with `CART_SNAPSHOT_FIELDS`, with anything in it. */
export function graphCartArb({ wellFormed = false, withEmail = true }: GraphCartConstraints = {}): fc.Arbitrary<GraphRecord> {
  const text = textArb(wellFormed)
  const email = fc.oneof(
    fc.emailAddress(),
    text,
    fc.string({ unit: "grapheme-ascii", minLength: 120, maxLength: 200 }).map((local) => `${local}@example.com`),
  )
  const item = itemArb(text)
  return fc
    .record({
      id: fc.stringMatching(/^cart_[0-9A-Z]{26}$/),
      email: withEmail ? email.filter((value) => value.trim().length > 0) : nullable(email),
      currency_code: fc.constantFrom("gbp", "eur", "GBP"),
      taxInclusive: fc.boolean(),
      items: fc.oneof(
        { arbitrary: fc.array(item, { maxLength: 8 }), weight: 4 },
        { arbitrary: fc.array(item, { minLength: 95, maxLength: 150, size: "max" }), weight: 1 },
      ),
      shipping_methods: fc.array(
        fc.record({
          shipping_option_id: nullable(fc.stringMatching(/^so_[0-9A-Z]{8}$/)),
          adjustments: adjustmentsArb(text),
        }),
        { maxLength: 2 },
      ),
      total: amountArb(50_000_000),
      tax_total: amountArb(),
      original_shipping_total: amountArb(50_000),
      original_shipping_subtotal: amountArb(50_000),
      shipping_address: addressArb(text),
      billing_address: addressArb(text),
      customer: nullable(fc.record({ first_name: nullable(text), last_name: nullable(text), phone: nullable(text) })),
    })
    .map(({ taxInclusive, items, shipping_methods, ...cart }) => ({
      ...cart,
      items: items.map((line) => ({ ...line, is_tax_inclusive: taxInclusive })),
      shipping_methods: shipping_methods.map((method) => ({ ...method, is_tax_inclusive: taxInclusive })),
    }))
}
