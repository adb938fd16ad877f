import fc from "fast-check"
import { absoluteUrlWithin, cutText } from "../../../../src/payments/mapping/text"
import { LONE_SURROGATE } from "./carts"

const normalise = (text: string) => text.replace(/\s+/g, " ").trim()

describe("cutText: the document's length limits (docs/service-api.md, Resources)", () => {
  it("keeps text at exactly the limit and cuts text one over it", () => {
    expect(cutText("a".repeat(128), 128)).toBe("a".repeat(128))
    expect(cutText("a".repeat(129), 128)).toBe("a".repeat(128))
    expect(cutText("b".repeat(5000), 255)).toHaveLength(255)
  })

  it("never splits an emoji: one that would straddle the limit is dropped whole", () => {
    // "😀" is two UTF-16 code units; at positions 128-129 its second half would be cut off.
    const cut = cutText(`${"a".repeat(127)}😀tail`, 128)
    expect(cut).toBe("a".repeat(127))
    expect(cut).not.toMatch(LONE_SURROGATE)
    // Ending exactly on the limit, the emoji is kept.
    expect(cutText(`${"a".repeat(126)}😀tail`, 128)).toBe(`${"a".repeat(126)}😀`)
    // A name of emoji only, limit odd: the last whole emoji that fits.
    expect(cutText("😀".repeat(20), 32)).toBe("😀".repeat(16))
    expect(cutText("😀".repeat(20), 31)).toBe("😀".repeat(15))
  })

  it("counts length as JSON does (UTF-16 code units) and keeps accents and CJK as they are", () => {
    expect(cutText("Zoë Ångström", 128)).toBe("Zoë Ångström")
    expect(cutText("東京都渋谷区", 3)).toBe("東京都")
    expect(cutText("𝔘𝔫𝔦", 5)).toBe("𝔘𝔫")
  })

  it("collapses runs of whitespace and trims, and a blank value is left out (undefined)", () => {
    expect(cutText("  12  High\tStreet\n ", 128)).toBe("12 High Street")
    expect(cutText(" \t\n\u00a0 ", 128)).toBeUndefined()
    expect(cutText("", 128)).toBeUndefined()
    expect(cutText(null, 128)).toBeUndefined()
    expect(cutText(undefined, 128)).toBeUndefined()
    // A cut that ends on a space does not leave a trailing space.
    expect(cutText("abc def", 4)).toBe("abc")
  })

  it("turns a non-string into its text", () => {
    expect(cutText(12345, 128)).toBe("12345")
  })

  it("for any text and limit: fits, is a prefix of the normalised text, adds no broken character", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 })),
        fc.integer({ min: 1, max: 300 }),
        (text, limit) => {
          const cut = cutText(text, limit)
          const whole = normalise(text)
          const kept = cut ?? ""
          expect(kept.length).toBeLessThanOrEqual(limit)
          expect(whole.startsWith(kept)).toBe(true)
          expect(kept).toBe(kept.trim())
          if (cut !== undefined) expect(cut).not.toBe("")
          if (whole.length <= limit) expect(kept).toBe(whole)
          // As long as possible: what is left out before the limit is only a trailing space or
          // the first half of a character that does not fit.
          expect(
            whole
              .slice(kept.length, limit)
              .replace(/[\ud800-\udbff]$/, "")
              .trim(),
          ).toBe("")
          if (!LONE_SURROGATE.test(whole)) expect(kept).not.toMatch(LONE_SURROGATE)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe("absoluteUrlWithin: pageUrl and imageUrl (absolute http(s), 2048 characters)", () => {
  const url = (length: number) => {
    const base = "https://cdn.example.com/"
    return base + "a".repeat(length - base.length)
  }

  it("keeps an absolute http or https URL of up to exactly 2048 characters", () => {
    expect(absoluteUrlWithin(url(2048), 2048)).toBe(url(2048))
    expect(absoluteUrlWithin("http://localhost:8000/products/tee", 2048)).toBe("http://localhost:8000/products/tee")
    expect(absoluteUrlWithin("HTTPS://CDN.EXAMPLE.COM/X.PNG", 2048)).toBe("HTTPS://CDN.EXAMPLE.COM/X.PNG")
    expect(absoluteUrlWithin("  https://cdn.example.com/x.png \n", 2048)).toBe("https://cdn.example.com/x.png")
  })

  it("leaves out a URL one character over the limit rather than sending a cut (broken) URL", () => {
    expect(absoluteUrlWithin(url(2049), 2048)).toBeUndefined()
  })

  it.each([
    ["a relative path", "/static/tee.png"],
    ["a protocol-relative URL", "//cdn.example.com/tee.png"],
    ["another scheme", "ftp://files.example.com/tee.png"],
    ["a script", "javascript:alert(1)"],
    ["a data URL", "data:image/png;base64,iVBORw0KGgo="],
    ["a URL with a space inside", "https://cdn.example.com/my tee.png"],
    ["a scheme with nothing after it", "https://"],
    ["an empty string", ""],
  ])("leaves out %s", (_label, value) => {
    expect(absoluteUrlWithin(value, 2048)).toBeUndefined()
  })

  it("leaves out what is not a string", () => {
    expect(absoluteUrlWithin(undefined, 2048)).toBeUndefined()
    expect(absoluteUrlWithin(null, 2048)).toBeUndefined()
    expect(absoluteUrlWithin({ href: "https://x.test" }, 2048)).toBeUndefined()
  })
})
