import { checkoutPageUrl, orderPageUrl, storefrontCountryCode } from "../../../src/api/bnpl/return/storefront-urls"
import { parseOptions } from "../../../src/options"

const base = { merchantId: "m", secretKey: "s", region: "UK", baseUrl: "https://api.example", storefrontUrl: "https://shop.example" }
const options = (extra: Record<string, unknown> = {}) => parseOptions({ ...base, ...extra })

describe("storefront URLs of the return route", () => {
  it("fills {country_code} in both paths", () => {
    const configured = options({
      storefrontOrderPath: "/{country_code}/order/{order_id}/confirmed",
      storefrontCheckoutPath: "/{country_code}/checkout?step=payment",
    })
    expect(orderPageUrl(configured, "order_1", "cart_1", "de")).toBe("https://shop.example/de/order/order_1/confirmed")
    expect(checkoutPageUrl(configured, "cart_1", "declined", "de")).toBe(
      "https://shop.example/de/checkout?step=payment&bnpl_error=declined"
    )
  })

  it("without a country, drops the {country_code} segment so the storefront's own redirect applies", () => {
    const configured = options({
      storefrontOrderPath: "/{country_code}/pay-later/landing?order_id={order_id}",
      storefrontCheckoutPath: "/{country_code}/checkout?step=payment",
    })
    expect(orderPageUrl(configured, "order_1", "cart_1")).toBe("https://shop.example/pay-later/landing?order_id=order_1")
    expect(checkoutPageUrl(configured, "cart_1", "cancelled")).toBe("https://shop.example/checkout?step=payment&bnpl_error=cancelled")
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
      "https://shop.example/checkout?step=payment&bnpl_error=invalid_return"
    )
  })

  it("encodes what it fills in", () => {
    const configured = options({ storefrontCheckoutPath: "/checkout/{cart_id}" })
    expect(checkoutPageUrl(configured, "cart/../x", "cancelled")).toBe("https://shop.example/checkout/cart%2F..%2Fx?bnpl_error=cancelled")
  })

  it("refuses a placeholder the path cannot be given, naming the option", () => {
    expect(() => options({ storefrontCheckoutPath: "/{countryCode}/checkout" })).toThrow(
      'option "storefrontCheckoutPath" may only use the placeholders {cart_id}, {country_code}'
    )
    expect(() => options({ storefrontOrderPath: "/{country_code}/order/{id}" })).toThrow(/storefrontOrderPath" may only use/)
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
})
