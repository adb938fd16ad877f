import {
  checkoutPageUrl,
  orderPageUrl,
  paymentLinkPageUrl,
  processingPageUrl,
  storefrontCountryCode,
} from "../../../src/api/bnpl/return/storefront-urls"
import { parseOptions } from "../../../src/options"

const base = { merchantId: "m", secretKey: "s", region: "UK", baseUrl: "https://api.example", storefrontUrl: "https://shop.example" }
const options = (extra: Record<string, unknown> = {}) => parseOptions({ ...base, ...extra })
/** Options with both storefront paths set. */
const withPaths = (storefrontOrderPath: string, storefrontCheckoutPath: string) => options({ storefrontOrderPath, storefrontCheckoutPath })

describe("storefront URLs of the return route", () => {
  it("fills {country_code} in both paths", () => {
    const configured = withPaths("/{country_code}/order/{order_id}/confirmed", "/{country_code}/checkout?step=payment")
    expect(orderPageUrl(configured, "order_1", "cart_1", "de")).toBe("https://shop.example/de/order/order_1/confirmed")
    expect(checkoutPageUrl(configured, "cart_1", "declined", "de")).toBe(
      "https://shop.example/de/checkout?step=payment&bnpl_error=declined",
    )
  })

  it("without a country, drops the {country_code} segment so the storefront's own redirect applies", () => {
    const configured = withPaths("/{country_code}/pay-later/landing?order_id={order_id}", "/{country_code}/checkout?step=payment")
    expect(orderPageUrl(configured, "order_1", "cart_1")).toBe("https://shop.example/pay-later/landing?order_id=order_1")
    expect(checkoutPageUrl(configured, "cart_1", "cancelled")).toBe("https://shop.example/checkout?step=payment&bnpl_error=cancelled")
  })

  it("a placeholder still unknown (no country, no cart id) never reaches the shopper: the field's default path is used", () => {
    const configured = withPaths("/{country_code}{cart_id}/done/{order_id}", "/{country_code}{cart_id}/x")
    expect(orderPageUrl(configured, "order_1", "cart_1")).toBe("https://shop.example/order/order_1/confirmed")
    expect(checkoutPageUrl(configured, "cart_1", "declined")).toBe("https://shop.example/checkout?step=payment&bnpl_error=declined")
    expect(checkoutPageUrl(configured, undefined, "invalid_return", "gb")).toBe(
      "https://shop.example/checkout?step=payment&bnpl_error=invalid_return",
    )
    expect(processingPageUrl(configured, "cart_1")).toBe("https://shop.example/checkout?step=payment&bnpl_status=processing")
    // Known values fill the merchant's own template.
    expect(checkoutPageUrl(configured, "cart_1", "declined", "gb")).toBe("https://shop.example/gbcart_1/x?bnpl_error=declined")
  })

  it("never carries an old bnpl_error or bnpl_status forward", () => {
    const configured = options({ storefrontCheckoutPath: "/checkout?bnpl_error=declined&step=payment&bnpl_status=processing#pay" })
    expect(checkoutPageUrl(configured, "cart_1", "cancelled")).toBe("https://shop.example/checkout?step=payment&bnpl_error=cancelled#pay")
    const order = options({ storefrontOrderPath: "/order/{order_id}?bnpl_error=declined" })
    expect(orderPageUrl(order, "order_1", "cart_1")).toBe("https://shop.example/order/order_1")
  })

  it("keeps the defaults as they were", () => {
    expect(orderPageUrl(options(), "order_1", "cart_1")).toBe("https://shop.example/order/order_1/confirmed")
    expect(checkoutPageUrl(options(), undefined, "invalid_return")).toBe(
      "https://shop.example/checkout?step=payment&bnpl_error=invalid_return",
    )
  })

  it("encodes what it fills in", () => {
    const configured = options({ storefrontCheckoutPath: "/checkout/{cart_id}" })
    expect(checkoutPageUrl(configured, "cart/../x", "cancelled")).toBe("https://shop.example/checkout/cart%2F..%2Fx?bnpl_error=cancelled")
  })

  it("refuses a placeholder the path cannot be given, naming the option", () => {
    expect(() => options({ storefrontCheckoutPath: "/{countryCode}/checkout" })).toThrow(
      'option "storefrontCheckoutPath" may only use the placeholders {cart_id}, {country_code}',
    )
    expect(() => options({ storefrontOrderPath: "/{country_code}/order/{id}" })).toThrow(/storefrontOrderPath" may only use/)
  })
})

describe("storefront URLs that would leave the storefront are refused at use, naming the option", () => {
  // Options as a caller might build them by hand, without parseOptions' start-up check.
  const unparsed = (extra: Record<string, string | undefined>) => ({
    ...options(),
    ...extra,
  })

  it("/{cart_id}/checkout without storefrontUrl and without a cart id: the default path, never //checkout", () => {
    const configured = unparsed({ storefrontUrl: undefined, storefrontCheckoutPath: "/{cart_id}/checkout" })
    expect(checkoutPageUrl(configured, undefined, "invalid_return")).toBe("/checkout?step=payment&bnpl_error=invalid_return")
    // With a cart id the same template is a path on the backend's own host.
    expect(checkoutPageUrl(configured, "cart_1", "declined")).toBe("/cart_1/checkout?bnpl_error=declined")
  })

  it("/{country_code}//evil.example/x for a cart with no country is refused; with a country it stays on site", () => {
    const configured = unparsed({ storefrontUrl: undefined, storefrontCheckoutPath: "/{country_code}//evil.example/x" })
    expect(() => checkoutPageUrl(configured, "cart_1", "declined")).toThrow(/option "storefrontCheckoutPath" gives "\/\/evil\.example\/x"/)
    expect(() => processingPageUrl(configured, "cart_1")).toThrow(/storefrontCheckoutPath/)
    expect(checkoutPageUrl(configured, "cart_1", "declined", "gb")).toBe("/gb//evil.example/x?bnpl_error=declined")
    const order = unparsed({ storefrontUrl: undefined, storefrontOrderPath: "/{country_code}//evil.example/{order_id}" })
    expect(() => orderPageUrl(order, "order_1", "cart_1")).toThrow(/option "storefrontOrderPath" gives "\/\/evil\.example\/order_1"/)
  })

  it("an absolute URL to another host is refused, with or without storefrontUrl", () => {
    for (const storefrontUrl of [undefined, "https://shop.example"]) {
      const configured = unparsed({ storefrontUrl, storefrontOrderPath: "https://evil.example/{order_id}" })
      expect(() => orderPageUrl(configured, "order_1", "cart_1")).toThrow(/option "storefrontOrderPath"/)
    }
    const checkout = unparsed({ storefrontUrl: undefined, storefrontCheckoutPath: "https://evil.example/checkout" })
    expect(() => checkoutPageUrl(checkout, "cart_1", "declined")).toThrow(/option "storefrontCheckoutPath"/)
  })
})

describe("storefrontCountryCode", () => {
  it("takes the shipping address's country, else the region's only one", () => {
    expect(storefrontCountryCode({ shipping_address: { country_code: "DE" }, region: { countries: [{ iso_2: "fr" }] } })).toBe("de")
    expect(storefrontCountryCode({ shipping_address: null, region: { countries: [{ iso_2: "gb" }] } })).toBe("gb")
    expect(storefrontCountryCode({ region: { countries: [{ iso_2: "de" }, { iso_2: "fr" }] } })).toBeUndefined()
    expect(storefrontCountryCode({ shipping_address: { country_code: "../" } })).toBeUndefined()
    expect(storefrontCountryCode(undefined)).toBeUndefined()
  })

  it("sends an order's payment collection back to Medusa's payment link page, with the reason, and to the order page without a cart", () => {
    const configured = options()
    expect(paymentLinkPageUrl(configured, "pay_col_1", "order_1", ["bnpl_error", "amount_changed"])).toBe(
      "https://shop.example/payment-collection/pay_col_1?order_id=order_1&bnpl_error=amount_changed",
    )
    expect(paymentLinkPageUrl(configured, "pay_col_1", "order_1", ["bnpl_status", "processing"])).toBe(
      "https://shop.example/payment-collection/pay_col_1?order_id=order_1&bnpl_status=processing",
    )
    // A template naming {cart_id}: an order's collection has none, so the default page is used.
    expect(orderPageUrl(options({ storefrontOrderPath: "/order/{order_id}?cart={cart_id}" }), "order_1", "")).toBe(
      "https://shop.example/order/order_1/confirmed",
    )
  })
})
