import { readFileSync } from "node:fs"
import path from "node:path"
import { RETURN_FAILURES } from "../../../src/api/bnpl/return/storefront-urls"
import { SHOPPER_MESSAGES, SHOPPER_REASONS } from "../../../src/payments/errors"
import { DEFAULT_MESSAGES } from "../../../src/storefront"
import { SHOPPER_WORDING } from "../../../src/vocabulary"

const docs = (file: string) => readFileSync(path.resolve(__dirname, "../../../docs", file), "utf8")

/** The rows of the markdown table whose header starts `header`: its first cell's code and its quoted sentences. */
function rows(markdown: string, header: string): Array<{ reason: string; quoted: string[] }> {
  const table = markdown.slice(markdown.indexOf(header)).split("\n\n")[0]
  return [...table.matchAll(/^\| `([a-z_]+)` \|(.*)$/gm)].slice(1).map((row) => ({
    reason: row[1],
    quoted: [...row[2].matchAll(/["`]([A-Z][^"`]*\.)["`]/g)].map((quote) => quote[1]),
  }))
}

/**
 * Issue 43: each shopper reason has one wording, in one place (vocabulary.ts), and every
 * surface that shows a shopper a reason says it in those words.
 */
describe("one wording per shopper reason", () => {
  it("the server's shopper errors are the vocabulary's words", () => {
    for (const reason of SHOPPER_REASONS) expect(SHOPPER_MESSAGES[reason]).toBe(SHOPPER_WORDING[reason])
  })

  it("the kit's default messages are the vocabulary's words, for every reason it has", () => {
    for (const [reason, message] of Object.entries(DEFAULT_MESSAGES))
      expect(message).toBe(SHOPPER_WORDING[reason as keyof typeof SHOPPER_WORDING])
  })

  it("every bnpl_error the return route sends has a wording", () => {
    for (const reason of RETURN_FAILURES) expect(SHOPPER_WORDING[reason]).toMatch(/\.$/)
  })

  it("docs/storefront.md's bnpl_error table quotes each reason in its one wording", () => {
    const listed = rows(docs("storefront.md"), "| `bnpl_error` |")
    expect(listed.length).toBeGreaterThan(8)
    for (const { reason, quoted } of listed) expect(quoted).toContain(SHOPPER_WORDING[reason as keyof typeof SHOPPER_WORDING])
  })

  it("docs/troubleshooting.md's store API codes quote each fixed wording", () => {
    // Messages made for one case (the limit that was missed, the goods excluded: `<why>`, `<titles>`) are not the fixed wording.
    const listed = rows(docs("troubleshooting.md"), "| `code` of the store API |").filter(
      ({ quoted }) => quoted.length && !quoted.some((quote) => quote.includes("<")),
    )
    expect(listed.length).toBeGreaterThan(6)
    for (const { reason, quoted } of listed) expect(quoted).toContain(SHOPPER_WORDING[reason as keyof typeof SHOPPER_WORDING])
  })
})
