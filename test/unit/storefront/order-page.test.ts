import {
  CART_COOKIE_NAME,
  CART_COOKIE_OPTIONS,
  clearCartCookie,
  expiredCartCookieHeader,
  orderPagePath,
  paymentStatusLabel,
} from "../../../src/storefront"

describe("the order landing page", () => {
  it("clears the starters' cart cookie through any cookie store with delete()", () => {
    const jar = new Map([
      [CART_COOKIE_NAME, "cart_1"],
      ["other", "x"],
    ])
    clearCartCookie(jar)
    expect([...jar.keys()]).toEqual(["other"])
    expect(expiredCartCookieHeader()).toBe("_medusa_cart_id=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
  })

  it("sets the cart cookie sameSite lax, which the return from the service's site carries", () => {
    expect(CART_COOKIE_OPTIONS.sameSite).toBe("lax")
  })

  it("fills order paths like storefrontOrderPath, dropping a {country_code} segment it does not know", () => {
    expect(orderPagePath("/{country_code}/order/{order_id}/confirmed", { orderId: "order_1", countryCode: "gb" })).toBe(
      "/gb/order/order_1/confirmed",
    )
    expect(orderPagePath("/{country_code}/order/{order_id}/confirmed", { orderId: "order 1" })).toBe("/order/order%201/confirmed")
  })

  it("never calls an authorisation paid", () => {
    expect(paymentStatusLabel("authorized")).not.toMatch(/paid/i)
    expect(paymentStatusLabel("authorized")).toMatch(/^Approved/)
    expect(paymentStatusLabel("captured")).toBe("Paid")
    expect(paymentStatusLabel(undefined)).toBe("Awaiting payment")
  })
})

describe("orderLandingHandler", () => {
  const { orderLandingHandler } = require("../../../src/storefront") as typeof import("../../../src/storefront")

  it("removes the cart cookie and sends the shopper to the confirmation page of their country", () => {
    const response = orderLandingHandler()(new Request("https://shop.example/gb/pay-later/landing?order_id=order_01ABC"))
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("https://shop.example/gb/order/order_01ABC/confirmed")
    expect(response.headers.get("set-cookie")).toBe("_medusa_cart_id=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
  })

  it("without a country in the path, or with a path of the merchant's own", () => {
    const handler = orderLandingHandler({ confirmedPath: "/{country_code}/orders/{order_id}", cookieName: "cart" })
    const response = handler(new Request("https://shop.example/pay-later/landing?order_id=order_1"))
    expect(response.headers.get("location")).toBe("https://shop.example/orders/order_1")
    expect(response.headers.get("set-cookie")).toMatch(/^cart=;/)
  })

  it("`orderLanding` is the handler with its defaults, for a one-line route file", () => {
    const { orderLanding } = require("../../../src/storefront") as typeof import("../../../src/storefront")
    const response = orderLanding(new Request("https://shop.example/de/pay-later/landing?order_id=order_2"))
    expect(response.headers.get("location")).toBe("https://shop.example/de/order/order_2/confirmed")
    expect(response.headers.get("set-cookie")).toMatch(/^_medusa_cart_id=;/)
  })

  it("never redirects off the site, whatever order_id says", () => {
    const response = orderLandingHandler()(new Request("https://shop.example/gb/pay-later/landing?order_id=//evil.example"))
    expect(response.headers.get("location")).toBe("https://shop.example/gb")
  })
})
