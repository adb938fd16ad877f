import {
  SHOPPER_LOCALES,
  forgetMissingTexts,
  formatAmount,
  instalmentAmount,
  messageFor,
  payLaterMessage,
  paymentStatusLabel,
  shopperLocale,
  shopperText,
  toMinorUnits,
  type PayLaterEligibility,
} from "../../../src/storefront"

const EUR: PayLaterEligibility = { eligible: true, minimumAmount: "1.00", maximumAmount: "2000.00", currency: "EUR" }
const euros = (amount: string, locale: string) => formatAmount(toMinorUnits(amount), "EUR", locale)

describe("the shopper's locale", () => {
  it("is the cart's, else the storefront's, else the country's, else English", () => {
    expect(shopperLocale({ cartLocale: "fr-FR", locale: "de-DE", countryCode: "it" })).toBe("fr-FR")
    expect(shopperLocale({ cartLocale: null, locale: "de-DE", countryCode: "it" })).toBe("de-DE")
    expect(shopperLocale({ countryCode: "it" })).toBe("it-IT")
    expect(shopperLocale({ countryCode: "us" })).toBe("en-GB")
    expect(shopperLocale(undefined)).toBe("en-GB")
  })

  it("matches a tag by its language when the region differs, and skips one it has no texts for", () => {
    expect(shopperLocale("fr-BE")).toBe("fr-FR")
    expect(shopperLocale("de_at")).toBe("de-DE")
    expect(shopperLocale("nl")).toBe("nl-NL")
    expect(shopperLocale({ cartLocale: "pt-PT", locale: "es-ES" })).toBe("es-ES")
    expect(shopperLocale({ cartLocale: "<script>", countryCode: "be" })).toBe("nl-NL")
  })

  it("takes a merchant's own language when the merchant gave texts for it", () => {
    expect(shopperLocale({ cartLocale: "pl-PL" }, ["pl-PL"])).toBe("pl-PL")
    expect(shopperLocale({ cartLocale: "pl-PL" })).toBe("en-GB")
  })
})

describe("amounts in the shopper's locale", () => {
  it.each(SHOPPER_LOCALES)("1234.5 EUR in %s is what Intl.NumberFormat gives", (locale) => {
    expect(euros("1234.5", locale)).toBe(new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(1234.5))
  })

  it("reads 12.50 EUR as each market writes it", () => {
    expect(euros("12.50", "fr-FR")).toBe("12,50\u00a0€")
    expect(euros("12.50", "de-DE")).toBe("12,50\u00a0€")
    expect(euros("12.50", "nl-NL")).toBe("€\u00a012,50")
    expect(euros("12.50", "en-GB")).toBe("€12.50")
  })

  it("splits the instalment in integer cents, half up, whatever the locale: 1,234.50 in 4 is 308.63", () => {
    expect(formatAmount(instalmentAmount(toMinorUnits("1234.50"), 4), "EUR", "de-DE")).toBe("308,63\u00a0€")
  })
})

describe("the message in the shopper's language", () => {
  it("is French with French amounts for a fr-FR cart", () => {
    const line = payLaterMessage("49.99", "eur", EUR, { instalments: 4, locale: { cartLocale: "fr-FR", locale: "en-GB" } })
    expect(line).toEqual({
      show: true,
      eligible: true,
      text: "Payez plus tard sur les commandes de 1,00\u00a0€ à 2\u202f000,00\u00a0€.",
      instalmentText: "Ou payez en 4 fois sans frais\u00a0: 4 × 12,50\u00a0€.",
    })
  })

  it("is German from the region's country when neither the cart nor the storefront states a locale", () => {
    const line = payLaterMessage("1234.50", "EUR", EUR, { instalments: 4, locale: { countryCode: "de" } })
    expect(line).toMatchObject({
      text: "Später bezahlen bei Bestellungen von 1,00\u00a0€ bis 2.000,00\u00a0€.",
      instalmentText: "Oder in 4 Raten zinsfrei zahlen: 4 × 308,63\u00a0€.",
    })
  })

  it("words a cancel's reason in the locale, and the order page's payment status", () => {
    expect(messageFor("cancelled", {}, {}, "es-ES")).toBe("Has cancelado el pago aplazado. Elige un método de pago para continuar.")
    expect(messageFor("declined", {}, {}, "it-IT")).toBe("Il pagamento posticipato è stato rifiutato. Scegli un altro metodo di pagamento.")
    expect(paymentStatusLabel("authorized", "nl-NL")).toBe("Goedgekeurd: je betaalt later, zoals afgesproken met de betaaldienst")
    expect(paymentStatusLabel("captured", "de-DE")).toBe("Bezahlt")
  })
})

describe("a text the shopper's language lacks", () => {
  let warn: jest.SpyInstance
  beforeEach(() => {
    forgetMissingTexts()
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  })
  afterEach(() => warn.mockRestore())

  it("falls back to English and is reported once, naming the locale and the key", () => {
    const merchant = { "pl-PL": { available: "Zapłać później od {minimum}." } }
    expect(shopperText("available", { cartLocale: "pl-PL" }, { merchant }, { minimum: "1 zł" })).toBe("Zapłać później od 1 zł.")
    expect(shopperText("cancelled", "pl-PL", { merchant })).toBe("You cancelled pay later. Choose a payment method to continue.")
    expect(shopperText("cancelled", "pl-PL", { merchant })).toBe("You cancelled pay later. Choose a payment method to continue.")
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toContain('no "cancelled" text in pl-PL')
  })

  it("the storefront's text wins over the merchant's, which wins over the built-in", () => {
    const merchant = { "fr-FR": { cancelled: "Annulé par vous." } }
    expect(shopperText("cancelled", "fr-FR", { merchant })).toBe("Annulé par vous.")
    expect(shopperText("cancelled", "fr-FR", { merchant, texts: { cancelled: "Vous avez annulé." } })).toBe("Vous avez annulé.")
    expect(shopperText("declined", "fr-FR", { merchant })).toBe(
      "Le paiement plus tard a été refusé. Veuillez choisir un autre moyen de paiement.",
    )
    expect(warn).not.toHaveBeenCalled()
  })
})
