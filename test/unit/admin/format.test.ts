import { adminLocale, formatDate, formatMoney, formatTime } from "../../../src/admin/lib/format"

// The dashboard keeps the admin's language in a `lng` cookie and localStorage entry.
function withLanguage(code: string | undefined, run: () => void): void {
  const globals = globalThis as any
  const saved = { document: globals.document, window: globals.window }
  globals.document = { cookie: code ? `other=1; lng=${code}` : "" }
  globals.window = { localStorage: { getItem: () => null } }
  try {
    run()
  } finally {
    globals.document = saved.document
    globals.window = saved.window
  }
}

describe("admin dates and amounts", () => {
  const iso = "2026-11-25T14:05:09.000Z"

  it("writes dates as Medusa's order page does, in the admin's language, never 11/25/2026", () => {
    expect(formatDate(iso, { locale: "en" })).toBe("25 Nov, 2026")
    expect(formatDate(iso, { locale: "en-GB" })).toBe("25 Nov, 2026")
    expect(formatDate(iso, { locale: "de" })).toBe("25 Nov, 2026")
    expect(formatDate(iso, { locale: "fr" })).toBe("25 nov, 2026")
    expect(formatDate("2026-12-08T00:00:00Z", { locale: "en-GB" })).toBe("08 Dec, 2026")
    expect(formatDate(null)).toBe("—")
    expect(formatDate("not a date")).toBe("—")
  })

  it("adds the time on 24 hours for times", () => {
    const local = new Date(iso)
    const clock = `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`
    withLanguage("enGB", () => expect(formatTime(iso)).toBe(`25 Nov, 2026, ${clock}`))
  })

  it("reads the dashboard's language code (enGB, ptBR) as a locale, English when none or unknown", () => {
    withLanguage("enGB", () => expect(adminLocale()).toBe("en-GB"))
    withLanguage("ptBR", () => expect(adminLocale()).toBe("pt-BR"))
    withLanguage(undefined, () => expect(adminLocale()).toBe("en"))
    withLanguage("%%%", () => expect(adminLocale()).toBe("en"))
  })

  it("formats amounts exactly in the admin's locale", () => {
    expect(formatMoney("1000.00", "GBP", "en-GB")).toBe("£1,000.00")
    expect(formatMoney("1000.00", "EUR", "de")).toBe("1.000,00\u00a0€")
    expect(formatMoney("0.10", "GBP", "en")).toBe("£0.10")
    expect(formatMoney("12.5", "XXX1", "en")).toBe("12.5 XXX1")
  })
})
