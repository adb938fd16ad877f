import { messageDefaults } from "../../../src/api/store/bnpl/message-defaults"
import { parseOptions } from "../../../src/options"
import { payLaterMessage } from "../../../src/storefront"

const BASE = { merchantId: "merchant-1", secretKey: "secret-1", region: "EU", baseUrl: "https://api.example.com" }
const EUR = { eligible: true, minimumAmount: "1.00", maximumAmount: "2000.00", currency: "EUR" }

describe("the merchant's texts per locale, as the store routes serve them", () => {
  it("options' messages over the settings' per-locale texts, text by text; nothing set answers as before", () => {
    const options = parseOptions({
      ...BASE,
      messages: { "fr-FR": { available: "Payez plus tard dès {minimum}.", cancelled: "Paiement annulé." } },
    })
    const settings = {
      message: {
        available: "Any language.",
        locales: { "fr-FR": { available: "Réglages.", instalmentText: "En {count} fois." }, "de-DE": { available: "Einstellungen." } },
      },
    }
    expect(messageDefaults(settings, options)).toEqual({
      message: { available: "Any language." },
      messages: {
        "fr-FR": { available: "Payez plus tard dès {minimum}.", instalmentText: "En {count} fois.", cancelled: "Paiement annulé." },
        "de-DE": { available: "Einstellungen." },
      },
    })
    expect(messageDefaults({ message: {} }, parseOptions(BASE))).toEqual({})
  })

  it("reach the shopper: the locale's text over the any-language one, the built-in text where none is set", () => {
    const served = {
      ...EUR,
      ...messageDefaults(
        { message: { available: "Any language." } },
        parseOptions({ ...BASE, messages: { "fr-FR": { available: "Dès {minimum}." } } }),
      ),
    }
    expect(payLaterMessage("45.00", "eur", served, { locale: "fr-FR" })).toMatchObject({ text: "Dès 1,00\u00a0€." })
    expect(payLaterMessage("45.00", "eur", served, { locale: "de-DE" })).toMatchObject({ text: "Any language." })
    expect(payLaterMessage("45.00", "eur", { ...EUR }, { locale: "de-DE" })).toMatchObject({
      text: "Später bezahlen bei Bestellungen von 1,00\u00a0€ bis 2.000,00\u00a0€.",
    })
  })
})

describe("option messages", () => {
  it.each([
    [{ "fr FR": {} }, 'option "messages.fr FR" must be an object keyed by locale (fr-FR, de-DE, ...)'],
    [{ "fr-FR": { cancelled: "Annulé dès {minimum}." } }, 'option "messages.fr-FR.cancelled" must not use placeholders such as {minimum}'],
    [
      { "fr-FR": { available: "De {minimum} à {max}." } },
      'option "messages.fr-FR.available" may only use the placeholders {minimum}, {maximum}',
    ],
    [{ "fr-FR": { tryAgain: "x".repeat(201) } }, 'option "messages.fr-FR.tryAgain" must be at most 200 characters'],
  ])("%j is refused, naming the text and the rule", (messages, error) => {
    expect(() => parseOptions({ ...BASE, messages })).toThrow(error)
  })
})
