import fs from "node:fs"
import path from "node:path"
import adminResources from "../../../src/admin/i18n"
import { SHOPPER_CATALOGUES } from "../../../src/shopper-texts"
import { SHOPPER_WORDING } from "../../../src/vocabulary"

/**
 * Issue 58, item 7: the docs quoted texts the product no longer shows ("Or 4 payments of
 * £11.25." where the kit says "Or 4 interest-free payments of £11.25.", an "Authorised" label
 * beside an "Authorized" badge). The catalogues are the one place a shopper's or a merchant's
 * words live: the plugin's shopper texts (src/shopper-texts, with the reasons of
 * src/vocabulary.ts) and the admin's (src/admin/i18n). So every text quoted in double quotes in
 * README.md, demo/README.md and docs/*.md (outside code) that reads nearly like a catalogue
 * text must be one: the text itself, a part of it, or it filled in ("{count}" as "4"), with
 * `...`, `…` and `<...>` standing for what the docs leave out. A quote that is close to a
 * catalogue text and is none is drift, unless it is another text of the product, word for
 * word, a string of src/ or of the demo's storefront (the server's own messages). Beside it:
 * shopper-wording.test.ts (the reasons' tables), docs-match-code.test.ts (the message tables).
 */

const root = path.resolve(__dirname, "../../..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")
const DOCS = [
  "README.md",
  "demo/README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]

const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(strings) : []
const ADMIN_TEXTS = strings(adminResources)
const CATALOGUE_TEXTS = [...new Set([...strings(SHOPPER_CATALOGUES), ...strings(SHOPPER_WORDING), ...ADMIN_TEXTS])]

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return filesUnder(file, pattern)
    return pattern.test(entry.name) ? [file] : []
  })
}

/** The string literals of src/ and of the demo's storefront pages, outside comments: the product's other texts. */
const PRODUCT_STRINGS = [...filesUnder("src", /\.tsx?$/), ...filesUnder("demo/storefront/public", /\.js$/)].flatMap((file) =>
  [...withoutComments(read(file)).matchAll(/"((?:[^"\\\n]|\\.)+)"|'((?:[^'\\\n]|\\.)+)'|`((?:[^`\\]|\\.)+)`/g)]
    .map((match) => match[1] ?? match[2] ?? match[3])
    .filter((text) => text.includes(" ")),
)

// A comment may quote a text loosely; only what the code says counts. Whole-line `//` comments
// only, so a URL in a string stays.
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
}

/** Each double-quoted span of a markdown file outside fenced blocks and code spans, white space folded. */
function quotesOf(file: string): Array<{ file: string; quote: string }> {
  const prose = read(file)
    .replace(/^```[\s\S]*?^```/gm, "")
    .replace(/`[^`\n]*`/g, "`code`")
  return [...prose.matchAll(/"([^"]{2,300}?)"/g)].map((match) => ({ file, quote: match[1].replace(/\s+/g, " ").trim() }))
}

/** What a text or a quote leaves open: a placeholder, or what the docs leave out. */
const WILDCARD = "*"
/** A number or an amount ("4", "£11.25", "1,000.00"): what a placeholder is filled in with. */
const VALUE = "#"

/**
 * A text as words, lower case; a placeholder (`{count}`, `{{amount}}`, `${...}`) and what the
 * docs leave out (`...`, `…`, `<reason>`) are wildcards, a number or an amount is a value.
 */
function wordsOf(text: string): string[] {
  const words = text
    .replace(/\u00a0/g, " ")
    .toLowerCase()
    .replace(/\$\{[^}]*\}|\{\{?\w+\}\}?|<[^>]*>|\.\.\.|…/g, ` ${WILDCARD} `)
    .replace(/[£€$]?\s?\d[\d.,]*/g, ` ${VALUE} `)
    .split(/[^\p{L}\p{N}*#'’-]+/u)
    .filter(Boolean)
  return words.filter((word, index) => word !== WILDCARD || words[index - 1] !== WILDCARD)
}

/**
 * Whether `quote` reads as a part of `text`, or all of it: its words in order, where a wildcard
 * of the quote (what it leaves out) takes any run of the text's words, and one of the text (a
 * placeholder) takes what filled it in: one to three of the quote's words ("4", "Gift card").
 * At least two words must be the text's own, so a text that is all placeholder is no one's.
 */
function isExcerptOf(quote: string[], text: string[]): boolean {
  const NONE = -1
  // best[i][j]: most words matched word for word when quote's first i words end at text's word j.
  const best = Array.from({ length: quote.length + 1 }, () => new Array<number>(text.length + 1).fill(NONE))
  for (let j = 0; j <= text.length; j++) best[0][j] = 0
  for (let i = 1; i <= quote.length; i++) {
    for (let j = 0; j <= text.length; j++) {
      const word = quote[i - 1]
      let value = NONE
      if (word === WILDCARD) value = Math.max(best[i - 1][j], j > 0 ? best[i][j - 1] : NONE)
      else if (j > 0 && text[j - 1] === word && best[i - 1][j - 1] !== NONE) value = best[i - 1][j - 1] + (word === VALUE ? 0 : 1)
      if (j > 0 && text[j - 1] === WILDCARD) {
        for (let taken = 1; taken <= Math.min(3, i); taken++) value = Math.max(value, best[i - taken][j - 1])
      }
      best[i][j] = value
    }
  }
  return Math.max(...best[quote.length]) >= 2
}

/** How alike two word lists are: their longest common subsequence over the longer's length (0 to 1); a value is as a wildcard. */
function likeness(first: string[], second: string[]): number {
  const [a, b] = [first, second].map((words) => words.map((word) => (word === VALUE ? WILDCARD : word)))
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      lengths[i][j] = a[i - 1] === b[j - 1] ? lengths[i - 1][j - 1] + 1 : Math.max(lengths[i - 1][j], lengths[i][j - 1])
  }
  return lengths[a.length][b.length] / Math.max(a.length, b.length, 1)
}

const CATALOGUE_WORDS = CATALOGUE_TEXTS.map((text) => ({ text, words: wordsOf(text) }))
const PRODUCT_WORDS = new Map<string, string[]>()
const productWords = (text: string) => PRODUCT_WORDS.get(text) ?? PRODUCT_WORDS.set(text, wordsOf(text)).get(text)!

/** Whether `text` holds two of `quote`'s own words at least: the cheap test before the comparison. */
function mayHold(quote: string[], text: string[]): boolean {
  const own = new Set(text)
  return quote.filter((word) => word !== WILDCARD && word !== VALUE && own.has(word)).length >= 2
}

/**
 * The catalogue text `quote` nearly reads as without being it (nor another text of the product),
 * or undefined. Near: at least 3 words on both sides and 60% of the words in common, or 75% for
 * shorter ones; fewer than 2 words that are not wildcards (a date, an amount) are never a text.
 */
function driftOf(quote: string): string | undefined {
  const words = wordsOf(quote)
  if (words.filter((word) => word !== WILDCARD && word !== VALUE).length < 2) return undefined
  const candidates = CATALOGUE_WORDS.filter((entry) => mayHold(words, entry.words))
  if (candidates.some((entry) => isExcerptOf(words, entry.words))) return undefined
  const near = candidates
    .map((entry) => ({ ...entry, likeness: likeness(words, entry.words) }))
    .filter((entry) => entry.likeness >= (Math.min(words.length, entry.words.length) >= 3 ? 0.6 : 0.75))
    .sort((a, b) => b.likeness - a.likeness)[0]
  if (!near) return undefined
  // The product's other texts that hold the quote's longest word, to keep the comparisons few.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a))
  if (
    PRODUCT_STRINGS.some(
      (product) =>
        product.toLowerCase().includes(longest) && mayHold(words, productWords(product)) && isExcerptOf(words, productWords(product)),
    )
  )
    return undefined
  return near.text
}

describe("texts quoted in the docs are the catalogues' own", () => {
  it("reads a filled-in text, a part of one and one with what it leaves out as quotes of it, and a reworded one as drift", () => {
    expect(driftOf("Or 4 interest-free payments of £11.25.")).toBeUndefined()
    expect(driftOf("Ou payez en 4 fois sans frais")).toBeUndefined()
    expect(driftOf("Pay later on orders from ...")).toBeUndefined()
    expect(driftOf("On hold until <expiry>: the order could not be placed (<reason>)")).toBeUndefined()
    expect(driftOf("Or 4 payments of £11.25.")).toBe(SHOPPER_CATALOGUES["en-GB"].instalmentText)
    expect(driftOf("Reads from the service ({{reads}}): they move no money")).toMatch(/^Reads of the service/)
    // Words of the product that are no catalogue's: a date, the server's own message.
    expect(driftOf("25 Nov, 2026")).toBeUndefined()
    expect(driftOf("Pay later is not available in this store at the moment.")).toBeUndefined()
  })

  it("in README.md, demo/README.md and docs/*.md, every quote close to a shopper or admin text is that text", () => {
    const quotes = DOCS.flatMap(quotesOf)
    expect(quotes.length).toBeGreaterThan(100)
    const drifted = quotes.flatMap(({ file, quote }) => {
      const text = driftOf(quote)
      return text === undefined ? [] : [`${file}: "${quote}" reads like the catalogue's "${text}"`]
    })
    expect(drifted).toEqual([])
  })

  it("docs/admin.md's lines of the Pay later box are the box's labels, and its state badge lists the box's states", () => {
    const box = (adminResources as Record<string, { translation: { bnpl: { box: Record<string, string> } } }>).en.translation.bnpl.box
    const table = read("docs/admin.md").split("| Line | What it is | Source |")[1].split("\n\n")[0]
    const lines = [...table.matchAll(/^\| ([^|]+?) \|/gm)].map((match) => match[1]).filter((cell) => !/^-+$/.test(cell))
    expect(lines.length).toBeGreaterThan(6)
    const labels = new Set(Object.values(box))
    for (const line of lines.filter((cell) => cell !== "state badge")) {
      for (const label of line.split(" / ")) expect({ line, label, known: labels.has(label) }).toEqual({ line, label, known: true })
    }
    const badges = table.match(/^\| state badge \| in Medusa's words: ([^|]+) \|/m)![1].split(", ")
    const states = Object.entries(box)
      .filter(([key]) => key.startsWith("state_"))
      .map(([, text]) => text)
    for (const badge of badges) expect({ badge, known: states.includes(badge) }).toEqual({ badge, known: true })
  })
})
