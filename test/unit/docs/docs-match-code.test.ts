import fs from "node:fs"
import path from "node:path"
import { RETURN_FAILURES } from "../../../src/api/bnpl/return/storefront-urls"
import { INELIGIBLE_REASONS } from "../../../src/payments/eligibility"
import { SHOPPER_REASONS } from "../../../src/payments/errors"

/**
 * The docs say what the code does (issue 34, item 8), held by the docs' own convention
 * (docs/troubleshooting.md, "How these tables are kept"):
 * - a table column headed `Message` (or `Message starts with`) lists messages as the code
 *   words them, one per backticked span, `<...>` and `...` standing for text that varies: each
 *   must be found in one file of src/, its fixed parts in order;
 * - a table whose first column is headed `code` (the store API's error code), `bnpl_error`,
 *   `Eligibility reason` or `Client code` lists exactly the values the code has, no more and no less;
 * - a relative link in README.md or docs/*.md reaches a file the npm package ships (package.json
 *   `files`), and a heading there when it names one.
 * Beside it: options-table.test.ts (docs/configuration.md's options and their errors against
 * parseOptions), source-file-references.test.ts (file names in source comments exist) and
 * package-versions.test.ts (both packages, and the tarballs the docs name, at one version).
 */

const root = path.resolve(__dirname, "../../..")
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8")
const DOCS = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}
const SOURCES = sourceFiles("src").map((file) => ({ file, text: read(file) }))

/** A markdown table: its header cells and rows of cells, from the docs file it is in. */
interface Table {
  file: string
  line: number
  header: string[]
  rows: Array<{ line: number; cells: string[] }>
}

/** Splits a table row on `|` outside code spans; `\|` is a literal bar. */
function cellsOf(line: string): string[] {
  const cells: string[] = []
  let cell = ""
  let inCode = false
  for (let index = 0; index < line.length; index++) {
    const character = line[index]
    if (character === "\\" && (line[index + 1] === "|" || line[index + 1] === "`")) {
      cell += character + line[index + 1]
      index++
    } else if (character === "`") {
      inCode = !inCode
      cell += character
    } else if (character === "|" && !inCode) {
      cells.push(cell.trim())
      cell = ""
    } else {
      cell += character
    }
  }
  cells.push(cell.trim())
  return cells.slice(1, -1)
}

function tablesOf(file: string): Table[] {
  const lines = read(file).split("\n")
  const tables: Table[] = []
  let inFence = false
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].startsWith("```")) inFence = !inFence
    if (inFence || !lines[index].startsWith("|") || !/^\|\s*:?-{3,}/.test(lines[index + 1] ?? "")) continue
    const table: Table = { file, line: index + 1, header: cellsOf(lines[index]), rows: [] }
    index += 2
    while (index < lines.length && lines[index].startsWith("|")) {
      table.rows.push({ line: index + 1, cells: cellsOf(lines[index]) })
      index++
    }
    index--
    tables.push(table)
  }
  return tables
}

/** The code spans of a cell, with `\`` inside them read as a backtick. */
function spansOf(cell: string): string[] {
  const masked = cell.replaceAll("\\`", "\u0000")
  return [...masked.matchAll(/`([^`]+)`/g)].map((match) => match[1].replaceAll("\u0000", "`"))
}

/** The fixed parts of a documented message: what lies between `<...>` and `...`. */
function fixedParts(message: string): string[] {
  return message
    .split(/<[^<>]+>|\.\.\.|…/)
    .map((part) => part.trim())
    .filter((part) => /\w.*\w/.test(part))
}

/** Whether one source file holds every part, in order, each within 400 characters of the one before. */
function foundInSource(parts: string[], sources: Array<{ text: string }> = SOURCES): boolean {
  return sources.some(({ text }) => {
    let start = text.indexOf(parts[0])
    while (start !== -1) {
      let end = start + parts[0].length
      let ok = true
      for (const part of parts.slice(1)) {
        const next = text.indexOf(part, end)
        if (next === -1 || next - end > 400) {
          ok = false
          break
        }
        end = next + part.length
      }
      if (ok) return true
      start = text.indexOf(parts[0], start + 1)
    }
    return false
  })
}

const TABLES = DOCS.flatMap(tablesOf)

/** Every documented message: file, line, the text. */
function documentedMessages(): Array<{ where: string; message: string }> {
  return TABLES.flatMap((table) => {
    const column = table.header.findIndex((cell) => /^Message\b/.test(cell))
    if (column === -1) return []
    return table.rows.flatMap((row) => spansOf(row.cells[column] ?? "").map((message) => ({ where: `${table.file}:${row.line}`, message })))
  })
}

/** The values listed in the first column of the tables whose first header is `heading`. */
function listedValues(heading: RegExp): Array<{ where: string; value: string }> {
  return TABLES.filter((table) => heading.test(table.header[0] ?? "")).flatMap((table) =>
    table.rows.flatMap((row) => spansOf(row.cells[0] ?? "").map((value) => ({ where: `${table.file}:${row.line}`, value }))),
  )
}

describe("the messages the docs list are the code's", () => {
  const messages = documentedMessages()

  it("finds the message tables (troubleshooting.md, storefront.md)", () => {
    const files = new Set(messages.map((entry) => entry.where.split(":")[0]))
    expect([...files].sort()).toEqual(expect.arrayContaining(["docs/storefront.md", "docs/troubleshooting.md"]))
    expect(messages.length).toBeGreaterThan(40)
  })

  it("each is worded as in src/ (its fixed parts in order in one file)", () => {
    const missing = messages.filter(({ message }) => {
      const parts = fixedParts(message)
      return parts.length > 0 && !foundInSource(parts)
    })
    expect(missing.map(({ where, message }) => `${where}: ${message}`)).toEqual([])
  })

  it("a message changed in the code is caught (the check itself)", () => {
    const source = [
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is source code with a template literal in it.
        text: 'throw new PaymentError("invalid_request", `Refund refused: ${amount} ${currency} is more than the ${refundable} ${currency} captured and not yet refunded.`)',
      },
    ]
    const documented = "Refund refused: <amount> <currency> is more than the <amount> <currency> captured and not yet refunded."
    expect(foundInSource(fixedParts(documented), source)).toBe(true)
    expect(foundInSource(fixedParts(documented.replace("not yet refunded", "refunded")), source)).toBe(false)
    expect(
      foundInSource(fixedParts("Refund refused: <amount> is more than the <amount> captured and not yet refunded."), [
        { text: source[0].text.replace("more than", "over") },
      ]),
    ).toBe(false)
  })
})

describe("the codes the docs list are the code's, all of them", () => {
  const values = (heading: RegExp) => [...new Set(listedValues(heading).map((entry) => entry.value))].sort()

  it("the store API's error `code`: every shopper reason (payments/errors.ts SHOPPER_REASONS)", () => {
    expect(values(/^`code` of the store API$/)).toEqual([...SHOPPER_REASONS].sort())
  })

  it("`bnpl_error`: every reason the return route sends (RETURN_FAILURES), and `processing` (as bnpl_status)", () => {
    expect(values(/^`bnpl_error`$/)).toEqual([...RETURN_FAILURES, "processing"].sort())
  })

  it("the eligibility routes' `reason`: every IneligibleReason", () => {
    expect(values(/^Eligibility `reason`$/)).toEqual([...INELIGIBLE_REASONS].sort())
  })

  it("the client's error codes: every member of BnplErrorCode (client/errors.ts)", () => {
    const source = read("src/client/errors.ts")
    const union = source.slice(
      source.indexOf("export type BnplErrorCode ="),
      source.indexOf("\n\n", source.indexOf("export type BnplErrorCode =")),
    )
    const codes = [...union.matchAll(/^\s*\| "(\w+)"/gm)].map((match) => match[1]).sort()
    expect(codes.length).toBeGreaterThan(10)
    expect(values(/^`code`$/)).toEqual(codes)
  })
})

describe("links in the packed docs resolve inside the npm package", () => {
  const packed: string[] = JSON.parse(read("package.json")).files
  const isPacked = (file: string) => packed.some((entry) => file === entry || file.startsWith(`${entry}/`))
  const slug = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-")
  const headings = (file: string) =>
    new Set(
      read(file)
        .split("\n")
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slug(line.replace(/^#+ /, ""))),
    )

  it("every relative link of README.md and docs/*.md reaches a packed file (and its heading)", () => {
    const broken: string[] = []
    for (const file of DOCS) {
      const text = read(file).replace(/```[\s\S]*?```/g, "")
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue
        const [linkPath, anchor] = target.split("#")
        const resolved = linkPath ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath)) : file
        if (!isPacked(resolved) || !fs.existsSync(path.join(root, resolved))) {
          broken.push(`${file}: ${target} (not in the package)`)
        } else if (anchor && resolved.endsWith(".md") && !headings(resolved).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`)
        }
      }
    }
    expect(broken).toEqual([])
  })
})
