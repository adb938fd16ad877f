import fs from "node:fs"
import path from "node:path"

/**
 * A comment that sends the reader to a file (`src/client/endpoints.ts`, `client/option-rules.ts`,
 * `docs/operations.md`) must name one that exists (issue 46: src/options.ts pointed at
 * src/client/timeouts.ts, long gone). Checked in the comments of src/, harness/, demo/,
 * scripts/ and bench/. A name resolves from src/, or from the commenting file's folder or any
 * folder above it up to the root; names of the merchant's or Medusa's files (a store's
 * `medusa-config.ts`, `node_modules/...`) have no folder of this repository and are not judged.
 * In src/, a comment names no file but a docs page, and then with a heading of that page
 * (`docs/operations.md "The 13-day expiry"`): a reader follows the docs, not the code's files.
 */

const root = path.resolve(__dirname, "../../..")
const FOLDERS = ["src", "harness", "demo", "scripts", "bench"]

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return []
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(file)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [file] : []
  })
}

/** The comments of a source file: `//` lines and `/* ... *\/` blocks. */
function commentsOf(text: string): string {
  const comments = text.match(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g) ?? []
  return comments.join("\n")
}

/** The file names a comment gives: a path of at least one folder ending in a source or docs extension. */
function referencesIn(comment: string): string[] {
  return [...comment.matchAll(/(?<![\w@./-])((?:\.\.?\/)*[\w-]+(?:\/[\w.[\]-]+)+\.(?:ts|tsx|js|mjs|cjs|md|json))\b/g)].map(
    (match) => match[1],
  )
}

/** Whether a referenced name is one of this repository's folders (not a store's or a package's file). */
function isOurs(reference: string): boolean {
  const first = reference.replace(/^(\.\.?\/)+/, "").split("/")[0]
  return fs.existsSync(path.join(root, first)) || fs.existsSync(path.join(root, "src", first)) || reference.startsWith(".")
}

/** From the root, from src/, or from the commenting file's folder or one above it (a store's `./scripts/...`). */
function resolves(reference: string, from: string): boolean {
  const folders: string[] = []
  for (let folder = path.dirname(path.join(root, from)); folder.startsWith(root); folder = path.dirname(folder)) folders.push(folder)
  return [path.join(root, "src"), ...folders].some((base) => fs.existsSync(path.join(base, reference)))
}

it("every file a source comment names exists", () => {
  const stale: string[] = []
  let checked = 0
  for (const file of FOLDERS.flatMap(sourceFiles)) {
    for (const reference of referencesIn(commentsOf(fs.readFileSync(path.join(root, file), "utf8")))) {
      if (!isOurs(reference)) continue
      checked++
      if (!resolves(reference, file)) stale.push(`${file}: ${reference}`)
    }
  }
  expect(checked).toBeGreaterThan(100)
  expect([...new Set(stale)]).toEqual([])
})

/** The headings of a docs page, as text without the leading #s. */
function headingsOf(page: string): Set<string> {
  const text = fs.readFileSync(path.join(root, page), "utf8").replace(/```[\s\S]*?```/g, "")
  return new Set([...text.matchAll(/^#{1,6} (.+?)\s*$/gm)].map((match) => match[1]))
}

/** What a comment in src/ may not name: a source file, a page outside docs/, or a docs page without one of its headings. */
function misplacedReferences(comment: string): string[] {
  const flat = comment.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, " ")
  const problems: string[] = []
  for (const match of flat.matchAll(
    /(?<![\w@./-])((?:\.\.?\/)*[\w-]+(?:\/[\w.[\]-]+)*\.(?:ts|tsx|js|mjs|cjs|md|json))\b(,? "([^"]{1,100})")?/g,
  )) {
    const [, reference, , heading] = match
    if (/^(medusa-config|package|tsconfig)\.\w+$/.test(reference) || !/[/]|\.md$/.test(reference)) continue
    if (!/^docs\/[\w-]+\.md$/.test(reference)) problems.push(`${reference}: a comment in src/ cites a docs page heading, not a file`)
    else if (!fs.existsSync(path.join(root, reference))) problems.push(`${reference}: no such docs page`)
    else if (!heading) problems.push(`${reference}: give the heading ("...") the reader should go to`)
    else if (!headingsOf(reference).has(heading)) problems.push(`${reference} "${heading}": no such heading`)
  }
  return problems
}

it("a comment in src/ names no file, only a docs page with one of its headings", () => {
  const problems = sourceFiles("src").flatMap((file) =>
    misplacedReferences(commentsOf(fs.readFileSync(path.join(root, file), "utf8"))).map((problem) => `${file}: ${problem}`),
  )
  expect([...new Set(problems)]).toEqual([])
})

it("a source file, an outside page and a heading-less docs page in a src/ comment are caught (the check itself)", () => {
  const comment = commentsOf(
    '// Read by client/endpoints.ts; other-api.md "Auth"; docs/operations.md; docs/operations.md "No such";\n// docs/operations.md "The 13-day expiry" and a store\'s medusa-config.ts',
  )
  expect(misplacedReferences(comment)).toEqual([
    "client/endpoints.ts: a comment in src/ cites a docs page heading, not a file",
    "other-api.md: a comment in src/ cites a docs page heading, not a file",
    'docs/operations.md: give the heading ("...") the reader should go to',
    'docs/operations.md "No such": no such heading',
  ])
})

it("a comment naming a file that is gone is caught (the check itself)", () => {
  const comment = commentsOf(
    '/** Per-endpoint time-outs (src/client/timeouts.ts), as client/endpoints.ts names them. */\nconst url = "https://a/b.js"',
  )
  expect(referencesIn(comment)).toEqual(["src/client/timeouts.ts", "client/endpoints.ts"])
  expect(resolves("src/client/timeouts.ts", "src/options.ts")).toBe(false)
  expect(resolves("client/endpoints.ts", "src/options.ts")).toBe(true)
})
