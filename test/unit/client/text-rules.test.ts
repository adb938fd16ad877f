import { storableText } from "../../../src/client/text-rules"

describe("text a merchant types that PostgreSQL and the service must store", () => {
  const note = storableText("note").max(500, "note must be at most 500 characters")
  const message = (value: unknown) => note.safeParse(value).error?.issues[0]?.message

  it.each(["Strap torn on arrival", "Retour reçu · 返品", "😀 emoji pairs are whole characters", ""])("takes %p", (value) => {
    expect(message(value)).toBeUndefined()
  })

  it.each([
    ["a NUL", "torn\u0000strap", "note must not contain the NUL character"],
    ["a lone high surrogate", "torn \ud800", "note must be valid Unicode text"],
    ["a lone low surrogate", "\udc00 torn", "note must be valid Unicode text"],
    ["501 characters", "x".repeat(501), "note must be at most 500 characters"],
    ["a number", 5, "note must be text"],
  ])("refuses %s, naming the field and the rule", (_what, value, expected) => {
    expect(message(value)).toContain(expected)
  })
})
