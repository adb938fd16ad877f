import { RETURN_FAILURES } from "../../../src/api/bnpl/return/storefront-urls"
import { readFileSync } from "node:fs"
import path from "node:path"
import { DEFAULT_MESSAGES, RETURN_ERROR_REASONS, canRetryWithSameSession, isPayLaterReason, messageFor } from "../../../src/storefront"

const docs = (file: string) => readFileSync(path.resolve(__dirname, "../../../docs", file), "utf8")

/** The `bnpl_error` values listed in the first column of a markdown table headed "| `bnpl_error` |". */
function documentedReasons(markdown: string): string[] {
  const start = markdown.indexOf("| `bnpl_error` |")
  const table = markdown.slice(start).split("\n\n")[0]
  return [...table.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]).filter((reason) => reason !== "bnpl_error")
}

describe("reasons and their messages", () => {
  it("has a message for every bnpl_error reason docs/storefront.md lists, and lists no other", () => {
    const listed = documentedReasons(docs("storefront.md"))
    expect(listed.length).toBeGreaterThan(5)
    expect([...listed].sort()).toEqual([...RETURN_ERROR_REASONS].sort())
    for (const reason of listed) expect(DEFAULT_MESSAGES[reason as keyof typeof DEFAULT_MESSAGES]).toMatch(/\.$/)
  })

  it("includes the reasons the return route sends today (storefront-urls.ts)", () => {
    expect(RETURN_FAILURES.length).toBeGreaterThan(5)
    for (const reason of RETURN_FAILURES) expect(RETURN_ERROR_REASONS).toContain(reason)
  })

  it("uses the merchant's wording over the default, for a translation", () => {
    expect(messageFor("declined", { declined: "Paiement refusé." })).toBe("Paiement refusé.")
    expect(messageFor("cancelled", { declined: "Paiement refusé." })).toBe(DEFAULT_MESSAGES.cancelled)
  })

  it("fills {minimum} and {maximum} and leaves unknown placeholders visible", () => {
    expect(messageFor("above_maximum", {}, { minimum: "£1.00", maximum: "£1,000.00" })).toBe(
      "Pay later is available on orders from £1.00 to £1,000.00.",
    )
    expect(messageFor("below_minimum", { below_minimum: "From {minimum} ({oops})" }, { minimum: "£1.00" })).toBe("From £1.00 ({oops})")
  })

  it("reads an unknown reason (a newer plugin's) as payment_failed, so the shopper reads something useful", () => {
    expect(isPayLaterReason("a_reason_from_the_future")).toBe(false)
    expect(messageFor("a_reason_from_the_future")).toBe(DEFAULT_MESSAGES.payment_failed)
    expect(isPayLaterReason("toString")).toBe(false)
  })

  it("retries with the same session only where an approval may be hidden", () => {
    expect(["payment_failed", "not_confirmed", "processing"].every(canRetryWithSameSession)).toBe(true)
    for (const reason of ["declined", "cancelled", "expired", "invalid_return", "cart_changed", "cart_not_found"]) {
      expect(canRetryWithSameSession(reason)).toBe(false)
    }
  })
})
