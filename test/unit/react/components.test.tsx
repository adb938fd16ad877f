import type { ReactElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { PayLaterButton, PayLaterMessage, PayLaterProcessing, PayLaterReturnNotice } from "../../../src/react"
import type { PayLaterEligibility } from "../../../src/storefront"

const GBP: PayLaterEligibility = { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }
const never = () => new Promise<never>(() => {})

/** What a server render gives the shopper before any script runs. */
const html = (element: ReactElement) => renderToStaticMarkup(element)

describe("<PayLaterMessage> as the server renders it", () => {
  it("shows the limits in the first paint, one reserved line high", () => {
    const markup = html(<PayLaterMessage amount={45} currency="gbp" limits={GBP} locale="en-GB" />)
    expect(markup).toContain("Pay later on orders from £1.00 to £1,000.00.")
    expect(markup).toContain('data-eligible="true"')
    expect(markup).toContain("min-height:1.5em")
  })

  it("adds the instalment line only with a count, and reserves two lines for it", () => {
    expect(html(<PayLaterMessage amount={45} currency="gbp" limits={GBP} locale="en-GB" />)).not.toContain("payments of")
    const markup = html(<PayLaterMessage amount="49.95" currency="gbp" limits={GBP} instalments={4} locale="en-GB" />)
    expect(markup).toContain("Or 4 interest-free payments of £12.49.")
    expect(markup).toContain("min-height:3em")
  })

  it("outside the limits: an empty line that keeps its height, or the reason when asked", () => {
    const hidden = html(<PayLaterMessage amount={1499} currency="gbp" limits={GBP} />)
    expect(hidden).toMatch(/^<div[^>]*data-eligible="hidden"[^>]*data-reason="above_maximum"[^>]*><\/div>$/)
    expect(hidden).toContain("min-height:1.5em")
    expect(html(<PayLaterMessage amount={1499} currency="gbp" limits={GBP} outside="reason" locale="en-GB" />)).toContain(
      "Pay later is available on orders from £1.00 to £1,000.00.",
    )
    expect(html(<PayLaterMessage amount={1499} currency="gbp" limits={GBP} reserveSpace={false} />)).not.toContain("min-height")
  })

  it("an excluded product (the limits route's answer for its product_id): no message, whatever the amount or `outside`", () => {
    const excluded: PayLaterEligibility = { ...GBP, eligible: false, reason: "excluded_items" }
    const hidden = html(<PayLaterMessage amount={45} currency="gbp" limits={excluded} productId="prod_giftcard" />)
    expect(hidden).toMatch(/^<div[^>]*data-eligible="hidden"[^>]*data-reason="excluded_items"[^>]*><\/div>$/)
    expect(html(<PayLaterMessage amount={45} currency="gbp" limits={excluded} outside="reason" />)).toContain(
      "Pay later is not available for some items in your basket.",
    )
  })

  it("with a store and no limits yet: the reserved line, empty, until the browser has them", () => {
    const markup = html(<PayLaterMessage amount={45} currency="gbp" store={{ baseUrl: "http://127.0.0.1:1", publishableKey: "pk" }} />)
    expect(markup).toMatch(/^<div[^>]*min-height:1.5em[^>]*><\/div>$/)
  })
})

describe("the checkout components as the server renders them", () => {
  it("<PayLaterButton> is a button with the merchant's label", () => {
    expect(html(<PayLaterButton start={never}>Pay later</PayLaterButton>)).toContain('<button type="button"')
    expect(html(<PayLaterButton start={never}>Pay later</PayLaterButton>)).toContain(">Pay later</button>")
  })

  it("takes the storefront's button classes: the pay button and the notice's Try again look like its other buttons", () => {
    expect(
      html(
        <PayLaterButton start={never} className="btn btn-primary">
          Pay later
        </PayLaterButton>,
      ),
    ).toContain('<button type="button" class="btn btn-primary"')
    const notice = html(<PayLaterReturnNotice reason="declined" start={never} orderUrl="/" className="notice" buttonClassName="btn" />)
    expect(notice).toMatch(/^<div class="notice"/)
    expect(notice).toContain('<button type="button" class="btn"')
  })

  it("<PayLaterReturnNotice> shows the reason's message, the merchant's wording first, with Try again", () => {
    const markup = html(<PayLaterReturnNotice reason="cancelled" start={never} orderUrl="/gb/order/{order_id}" />)
    expect(markup).toContain("You cancelled pay later. Choose a payment method to continue.")
    expect(markup).toContain('role="alert"')
    expect(markup).toContain(">Try again</button>")
    const translated = html(
      <PayLaterReturnNotice reason="declined" start={never} orderUrl="/" messages={{ declined: "Abgelehnt." }} tryAgainLabel="Erneut" />,
    )
    expect(translated).toContain("Abgelehnt.")
    expect(translated).toContain(">Erneut</button>")
  })

  it("<PayLaterReturnNotice> for order_on_hold says the shop is checking the order, and offers no Try again (no second payment)", () => {
    const markup = html(<PayLaterReturnNotice reason="order_on_hold" start={never} orderUrl="/" />)
    expect(markup).toContain("Your payment is approved; the shop is checking your order and will contact you.")
    expect(markup).not.toContain("<button")
  })

  it("<PayLaterProcessing> says the payment is being confirmed, politely, while it polls", () => {
    const markup = html(<PayLaterProcessing check={never} orderUrl="/gb/order/{order_id}" />)
    expect(markup).toContain('role="status"')
    expect(markup).toContain("We are confirming your payment.")
  })
})
