import resources from "../../../src/admin/i18n"

// The admin's texts, one catalogue per dashboard language (src/admin/i18n): the same keys as English, every
// placeholder English fills in, none left empty and none still English word for word.
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

type Group = Record<string, string>
const groups = (language: string) =>
  (resources as Record<string, { translation: { bnpl: Record<string, Group> } }>)[language].translation.bnpl

describe("the admin's translations", () => {
  const languages = ["fr", "de", "es", "it", "nl"]

  it("are there for the six languages of the EU account's markets and English", () => {
    expect(Object.keys(resources).sort()).toEqual(["de", "en", "es", "fr", "it", "nl"])
  })

  it.each(languages)("%s has every key of the box, its actions and the settings page, with English's placeholders", (language) => {
    const english = groups("en")
    for (const group of ["box", "actions", "settings"]) {
      const translated = groups(language)[group]
      expect({ group, keys: Object.keys(translated).sort() }).toEqual({ group, keys: Object.keys(english[group]).sort() })
      for (const [key, text] of Object.entries(english[group])) {
        expect({ key, placeholders: placeholders(translated[key]) }).toEqual({ key, placeholders: placeholders(text) })
        expect(translated[key].trim()).not.toBe("")
      }
    }
  })

  it.each(languages)(
    "%s writes its own words: at most a few texts equal English's (names such as Express, HTTP Basic, Sandbox)",
    (language) => {
      const english = groups("en")
      const same = ["box", "actions", "settings"].flatMap((group) =>
        Object.entries(english[group])
          .filter(([key, text]) => groups(language)[group][key] === text && text.length > 12)
          .map(([key]) => `${group}.${key}`),
      )
      expect(same).toEqual([])
    },
  )

  it.each(languages)("%s says why a typed amount is refused, for every refusal of the capture and refund checks", (language) => {
    const problems = groups(language).problems
    expect(Object.keys(problems).sort()).toEqual([
      "authorization_expired",
      "more_than_open",
      "more_than_refundable",
      "not_a_number",
      "not_positive",
      "nothing_open",
      "nothing_refundable",
      "too_many_decimals",
    ])
    for (const text of Object.values(problems)) expect(text.trim()).not.toBe("")
  })

  // Issue 58: the box read "Authorized" on its badge over an "Authorised" amount.
  it.each(["en", ...languages])("%s labels the authorised amount as its badge names the state", (language) => {
    const box = groups(language).box
    expect(box.authorised).toBe(box.state_authorised)
  })
})
