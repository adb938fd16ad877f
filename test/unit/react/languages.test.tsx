import type { ReactElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { PayLaterButton, PayLaterExpressButton, PayLaterMessage, PayLaterProcessing, PayLaterReturnNotice } from "../../../src/react"
import type { PayLaterEligibility } from "../../../src/storefront"

const EUR: PayLaterEligibility = { eligible: true, minimumAmount: "1.00", maximumAmount: "2000.00", currency: "EUR" }
const never = () => new Promise<never>(() => {})
const html = (element: ReactElement) => renderToStaticMarkup(element)

describe("the kit's components in the shopper's language", () => {
  it("<PayLaterMessage> for a fr-FR cart: French words, French amounts, and lang on the element", () => {
    const markup = html(
      <PayLaterMessage amount="49.99" currency="eur" limits={EUR} instalments={4} locale={{ cartLocale: "fr-FR", locale: "en-GB" }} />,
    )
    expect(markup).toContain('lang="fr-FR"')
    expect(markup).toContain("Payez plus tard sur les commandes de 1,00\u00a0€ à 2\u202f000,00\u00a0€.")
    expect(markup).toContain("Ou payez en 4 fois sans frais\u00a0: 4 × 12,50\u00a0€.")
  })

  it("<PayLaterMessage>: the merchant's text for the locale (served with the limits) replaces the built-in one", () => {
    const limits = { ...EUR, messages: { "de-DE": { available: "Jetzt kaufen, später zahlen: ab {minimum}." } } }
    expect(html(<PayLaterMessage amount="45.00" currency="eur" limits={limits} locale="de-DE" />)).toContain(
      "Jetzt kaufen, später zahlen: ab 1,00\u00a0€.",
    )
    expect(html(<PayLaterMessage amount="45.00" currency="eur" limits={limits} locale="nl-NL" />)).toContain(
      "Achteraf betalen bij bestellingen van €\u00a01,00 tot €\u00a02.000,00.",
    )
  })

  it("<PayLaterButton> and <PayLaterExpressButton> are labelled in the locale", () => {
    expect(html(<PayLaterButton start={never} locale="de-DE" />)).toContain(">Weiter mit „Später bezahlen“</button>")
    const express = html(
      <PayLaterExpressButton
        config={{ baseUrl: "http://127.0.0.1:1", publishableKey: "pk" }}
        libraryUrl="http://127.0.0.1:1/l.js"
        countryCode="nl"
        cartId="cart_1"
        amount="45.00"
        currencyCode="eur"
        limits={EUR}
      />,
    )
    expect(express).toContain(">Snel afrekenen met Achteraf betalen</button>")
  })

  it("<PayLaterReturnNotice> after a cancel: the reason and Try again in Spanish, the reason announced (role=alert)", () => {
    const markup = html(<PayLaterReturnNotice reason="cancelled" start={never} orderUrl="/" locale={{ countryCode: "es" }} />)
    expect(markup).toContain(
      '<p role="alert" data-pay-later-notice-message="">Has cancelado el pago aplazado. Elige un método de pago para continuar.</p>',
    )
    expect(markup).toContain(">Reintentar</button>")
  })

  it("<PayLaterProcessing> in Italian, in a polite live region", () => {
    const markup = html(<PayLaterProcessing check={never} orderUrl="/order/{order_id}" locale="it-IT" />)
    expect(markup).toContain('role="status" aria-live="polite"')
    expect(markup).toContain("Stiamo confermando il tuo pagamento.")
  })
})
