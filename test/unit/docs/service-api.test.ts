import fs from "node:fs"
import path from "node:path"
import { ENDPOINT_NAMES } from "../../../src/client/endpoints"

/**
 * Citations of the service's API name a section of docs/service-api.md that exists (issue 43,
 * item 6). Code and docs cite the project's own page: its file name, a heading in double
 * quotes, optionally followed by `, rule N` (or `point N`, `rules N and M`) and by more quoted
 * headings (`"Auth" and "Errors"`); headings are compared as text, without the leading #s.
 * scripts/service-api-citations.json maps each citation of the two documents outside the
 * repository (merchant-api-v2.md, api-beyond-the-document.md) to its heading here: every heading
 * it names exists, and every such citation still in the repository has an entry.
 */

const root = path.resolve(__dirname, "../../..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")

const PAGE = "docs/service-api.md"
const MAPPING_FILE = "scripts/service-api-citations.json"
const OLD_DOCUMENTS = ["merchant-api-v2.md", "api-beyond-the-document.md"]
const SCANNED = ["src", "test", "docs", "README.md"]
const TEXT_FILE = /\.(tsx?|[cm]?js|md|json)$/

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry)
  if (!fs.statSync(full).isDirectory()) return [entry]
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const file = `${entry}/${child.name}`
    if (child.isDirectory()) return child.name === "node_modules" ? [] : filesUnder(file)
    return TEXT_FILE.test(child.name) ? [file] : []
  })
}
const FILES = SCANNED.flatMap(filesUnder).map((file) => ({ file, text: read(file) }))

/** A page's headings as text, outside code fences, with their sections' lines. */
function sectionsOf(markdown: string): Array<{ heading: string; body: string[] }> {
  const sections: Array<{ heading: string; body: string[] }> = []
  let inFence = false
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence
    const heading = inFence ? null : /^#{1,6} (.+?)\s*$/.exec(line)
    if (heading) sections.push({ heading: heading[1], body: [] })
    else sections.at(-1)?.body.push(line)
  }
  return sections
}

/** One cited section: its name and the rule (or point) numbers given after it. */
interface Cited {
  name: string
  numbers: number[]
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * The citations of `file` in `text`: each a list of cited sections, in order. A citation wrapped
 * over comment lines (` * `, `// `) is read as one line.
 */
function citationsOf(file: string, text: string): Cited[][] {
  const flat = text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, " ")
  const start = new RegExp(`${escapeRegExp(file)},? "([^"\\n]{1,100})"`, "g")
  const numbers = /^,? ?(?:rules?|points?) (\d+)(?:(?:,| and) (\d+))?/i
  const next = /^(?:,|;)? ?(?:and |or )?"([^"\n]{1,100})"/
  const citations: Cited[][] = []
  for (const match of flat.matchAll(start)) {
    const cited: Cited[] = [{ name: match[1], numbers: [] }]
    let rest = flat.slice(match.index + match[0].length)
    for (;;) {
      const rule = numbers.exec(rest)
      if (rule) {
        cited.at(-1)!.numbers.push(...[rule[1], rule[2]].filter(Boolean).map(Number))
        rest = rest.slice(rule[0].length)
        continue
      }
      const name = next.exec(rest)
      if (!name) break
      cited.push({ name: name[1], numbers: [] })
      rest = rest.slice(name[0].length)
    }
    citations.push(cited)
  }
  return citations
}

/** The bare `merchant-api-v2.md rule N` citations (the rules of "What the service does"). */
function bareRulesOf(file: string, text: string): number[] {
  return [...text.matchAll(new RegExp(`${escapeRegExp(file)},? rule (\\d+)`, "g"))].map((match) => Number(match[1]))
}

const SECTIONS = sectionsOf(read(PAGE))
const HEADINGS = new Set(SECTIONS.map((section) => section.heading))

/** Whether the section `heading` has a numbered list item `number`. */
function hasNumbered(heading: string, number: number): boolean {
  const section = SECTIONS.find((candidate) => candidate.heading === heading)
  return section?.body.some((line) => new RegExp(`^\\s*${number}\\. `).test(line)) ?? false
}

const MAPPING: Record<string, string | null> = JSON.parse(read(MAPPING_FILE))

describe("docs/service-api.md", () => {
  it("has each heading once", () => {
    const seen = SECTIONS.map((section) => section.heading)
    expect(seen.filter((heading, index) => seen.indexOf(heading) !== index)).toEqual([])
    expect(seen.length).toBeGreaterThan(40)
  })

  it("has a section for every endpoint of the client's table, by its name (src/client/endpoints.ts)", () => {
    expect(ENDPOINT_NAMES.filter((name) => !HEADINGS.has(name))).toEqual([])
  })

  it('keeps the numbered rules of "What the service does" (1 to 5)', () => {
    expect([1, 2, 3, 4, 5].filter((number) => !hasNumbered("What the service does", number))).toEqual([])
  })

  it("is linked from README.md's docs list and from docs/architecture.md", () => {
    expect(read("README.md")).toContain("(docs/service-api.md)")
    expect(read("docs/architecture.md")).toContain("(service-api.md)")
  })
})

describe("citations of docs/service-api.md name its headings", () => {
  const problems = (files: Array<{ file: string; text: string }>) =>
    files.flatMap(({ file, text }) =>
      citationsOf(PAGE, text).flatMap((cited) =>
        cited.flatMap(({ name, numbers }) => {
          if (!HEADINGS.has(name)) return [`${file}: "${name}" is not a heading of ${PAGE}`]
          return numbers.filter((number) => !hasNumbered(name, number)).map((number) => `${file}: "${name}" has no rule ${number}`)
        }),
      ),
    )

  it("in src/, test/, docs/ and README.md (and the rule numbers after them)", () => {
    expect(problems(FILES)).toEqual([])
  })

  it("a citation of a missing heading or rule is caught (the check itself)", () => {
    const text = [
      `/** Retried (${PAGE} "Idempotent requests"; ${PAGE} "Auth" and "No such section").`,
      ` * Voided after 13 days (${PAGE} "What the service does", rule 1, and "States`,
      ` * and transitions"); ${PAGE} "Events", rule 9. */`,
    ].join("\n")
    expect(citationsOf(PAGE, text).map((cited) => cited.map(({ name }) => name))).toEqual([
      ["Idempotent requests"],
      ["Auth", "No such section"],
      ["What the service does", "States and transitions"],
      ["Events"],
    ])
    expect(problems([{ file: "example.ts", text }])).toEqual([
      `example.ts: "No such section" is not a heading of ${PAGE}`,
      `example.ts: "Events" has no rule 9`,
    ])
  })
})

describe("scripts/service-api-citations.json", () => {
  it("maps each cited form to a heading of docs/service-api.md (null: the page itself)", () => {
    const form = new RegExp(`^(?:${OLD_DOCUMENTS.map(escapeRegExp).join("|")})(?: "[^"]+"| rule \\d+)?$`)
    expect(Object.keys(MAPPING).filter((key) => !form.test(key))).toEqual([])
    expect(Object.entries(MAPPING).filter(([, heading]) => heading !== null && !HEADINGS.has(heading))).toEqual([])
    for (const file of OLD_DOCUMENTS) expect(MAPPING[file]).toBeNull()
  })

  it("has an entry for every citation of the two documents left in the repository, rule numbers included", () => {
    const missing: string[] = []
    for (const { file, text } of FILES) {
      for (const document of OLD_DOCUMENTS) {
        for (const cited of citationsOf(document, text)) {
          for (const { name, numbers } of cited) {
            const key = `${document} "${name}"`
            if (!(key in MAPPING)) missing.push(`${file}: ${key}`)
            else for (const number of numbers) if (!hasNumbered(MAPPING[key]!, number)) missing.push(`${file}: ${key}, rule ${number}`)
          }
        }
        for (const number of bareRulesOf(document, text)) {
          const key = `${document} rule ${number}`
          if (!(key in MAPPING) || !hasNumbered(MAPPING[key]!, number)) missing.push(`${file}: ${key}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it("is no longer needed: no file of the repository names either outside document (the map is kept for branches still citing them)", () => {
    const naming = FILES.filter(
      ({ file, text }) => !file.endsWith("service-api.test.ts") && OLD_DOCUMENTS.some((document) => text.includes(document)),
    )
    expect(naming.map(({ file }) => file)).toEqual([])
  })
})
