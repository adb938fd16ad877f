import type { ReactElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { PayLaterExpressButton, type PayLaterExpressButtonProps } from "../../../src/react"
import { consoleWarnings } from "./console-warnings"
import type { PayLaterEligibility } from "../../../src/storefront"

const GBP: PayLaterEligibility = { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }
const STORE = { baseUrl: "http://127.0.0.1:1", publishableKey: "pk_test" }
const html = (element: ReactElement) => renderToStaticMarkup(element)

/** A product page's button, as the server renders it with the limits read there. */
const product = (props: Partial<PayLaterExpressButtonProps> = {}) => (
  <PayLaterExpressButton
    config={STORE}
    libraryUrl="http://127.0.0.1:1/express/library.js"
    countryCode="gb"
    regionId="reg_uk"
    variantId="variant_tote"
    amount={45}
    currencyCode="gbp"
    limits={GBP}
    {...props}
  />
)

/** The component's console warnings. */
const warnings = consoleWarnings()

describe("<PayLaterExpressButton> as the server renders it", () => {
  it("inside the limits: the button is in the first paint, waiting for the service's library", () => {
    const markup = html(product())
    expect(markup).toContain('data-state="loading"')
    expect(markup).toMatch(
      /<button type="button" disabled="" aria-busy="true" data-pay-later-express-button="" style="min-height:24px;min-width:24px">Express checkout with pay later<\/button>/,
    )
    expect(html(product({ children: "Pay later in one step", className: "btn" }))).toContain('class="btn"')
    expect(html(product({ children: "Pay later in one step" }))).toContain(">Pay later in one step</button>")
    expect(warnings()).toEqual([])
  })

  it("a cart page's button takes the cart id instead of the variant", () => {
    const markup = html(product({ regionId: undefined, variantId: undefined, cartId: "cart_1", amount: "54.95" }))
    expect(markup).toContain("<button")
  })

  it.each([
    ["above the maximum", { amount: 1499 }, "above_maximum"],
    ["below the minimum", { amount: "0.50" }, "below_minimum"],
    ["in another currency than the account's", { currencyCode: "usd" }, "unsupported_currency"],
    ["not eligible at all", { limits: { eligible: false, reason: "limits_unavailable" } as PayLaterEligibility }, "limits_unavailable"],
    [
      "a product the merchant excluded (the limits route's answer for its product_id)",
      { productId: "prod_giftcard", limits: { ...GBP, eligible: false, reason: "excluded_items" } as PayLaterEligibility },
      "excluded_items",
    ],
  ])("%s: nothing but the reason, like <PayLaterMessage>", (_label, props, reason) => {
    expect(html(product(props))).toBe(`<div data-pay-later-express="" data-state="hidden" data-reason="${reason}"></div>`)
  })

  it("with a store and no limits yet: nothing until the browser has them", () => {
    expect(html(product({ limits: undefined }))).toBe('<div data-pay-later-express="" data-state="hidden"></div>')
  })
})

describe("<PayLaterExpressButton> with bad limits or props renders nothing, never throws, warns once", () => {
  it.each([
    ["a made-up currency in the limits", { limits: { ...GBP, currency: "G1P" } }],
    ["a string for eligible", { limits: { ...GBP, eligible: "true" } as unknown as PayLaterEligibility }],
    ["no cart and no variant", { regionId: undefined, variantId: undefined }],
    ["a fractional quantity", { quantity: 1.5 }],
    ["a country that is not two letters", { countryCode: "<img src=x>" }],
    ["no library URL", { libraryUrl: "" }],
    ["no store config", { config: undefined as unknown as PayLaterExpressButtonProps["config"] }],
  ])("%s", (_label, props) => {
    let markup = ""
    for (let index = 0; index < 5; index++) expect(() => (markup = html(product(props)))).not.toThrow()
    expect(markup).toBe('<div data-pay-later-express="" data-state="hidden"></div>')
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toMatch(/^medusa-payment-bnpl-storefront\/react: <PayLaterExpressButton> /)
  })
})
