import { SHOPPER_CATALOGUES, SHOPPER_LOCALES, SHOPPER_TEXT_KEYS } from "../../../src/shopper-texts"
import { fillText } from "../../../src/storefront"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
const VALUES = { minimum: "1,00 €", maximum: "1.000,00 €", count: "4", instalment: "12,49 €" }

describe("the shopper catalogues", () => {
  it("ship the six languages of the UK and EU accounts' markets, English first", () => {
    expect(SHOPPER_LOCALES).toEqual(["en-GB", "fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL"])
  })

  it.each(SHOPPER_LOCALES)("%s has every key, each a text of its own (not English left in)", (locale) => {
    const catalogue = SHOPPER_CATALOGUES[locale]
    expect(Object.keys(catalogue).sort()).toEqual([...SHOPPER_TEXT_KEYS].sort())
    for (const key of SHOPPER_TEXT_KEYS) {
      expect(catalogue[key].trim().length).toBeGreaterThan(2)
      if (locale !== "en-GB") expect({ key, text: catalogue[key] }).not.toEqual({ key, text: SHOPPER_CATALOGUES["en-GB"][key] })
    }
  })

  it.each(SHOPPER_LOCALES)("%s uses exactly English's placeholders, and none is left once filled", (locale) => {
    for (const key of SHOPPER_TEXT_KEYS) {
      const text = SHOPPER_CATALOGUES[locale][key]
      expect({ key, placeholders: [...new Set(placeholders(text))] }).toEqual({
        key,
        placeholders: [...new Set(placeholders(SHOPPER_CATALOGUES["en-GB"][key]))],
      })
      expect(fillText(text, VALUES)).not.toMatch(/[{}]/)
    }
  })

  it("words the plan as each market says it: pay in 4, interest-free", () => {
    const line = (locale: keyof typeof SHOPPER_CATALOGUES) =>
      fillText(SHOPPER_CATALOGUES[locale].instalmentText, { count: "4", instalment: "X" })
    expect(line("en-GB")).toBe("Or 4 interest-free payments of X.")
    expect(line("fr-FR")).toContain("en 4 fois sans frais")
    expect(line("de-DE")).toContain("in 4 Raten zinsfrei")
    expect(line("es-ES")).toContain("en 4 plazos sin intereses")
    expect(line("it-IT")).toContain("in 4 rate senza interessi")
    expect(line("nl-NL")).toContain("in 4 termijnen")
    expect(line("nl-NL")).toContain("zonder rente")
  })
})
