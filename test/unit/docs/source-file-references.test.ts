import fs from "node:fs"
import path from "node:path"

/**
 * A comment that sends the reader to a file (`src/client/endpoints.ts`, `client/option-rules.ts`,
 * `docs/operations.md`) must name one that exists (issue 46: src/options.ts pointed at
 * src/client/timeouts.ts, long gone). Checked in the comments of src/, harness/, demo/,
 * scripts/ and bench/. A name resolves from src/, or from the commenting file's folder or any
 * folder above it up to the root; names of the merchant's or Medusa's files (a store's
 * `medusa-config.ts`, `node_modules/...`) have no folder of this repository and are not judged.
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
  return [...comment.matchAll(/(?<![\w@./-])((?:\.\.?\/)*[\w-]+(?:\/[\w.[\]-]+)+\.(?:ts|tsx|js|mjs|cjs|md|json))\b/g)].map((match) => match[1])
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

it("a comment naming a file that is gone is caught (the check itself)", () => {
  const comment = commentsOf('/** Per-endpoint time-outs (src/client/timeouts.ts), as client/endpoints.ts names them. */\nconst url = "https://a/b.js"')
  expect(referencesIn(comment)).toEqual(["src/client/timeouts.ts", "client/endpoints.ts"])
  expect(resolves("src/client/timeouts.ts", "src/options.ts")).toBe(false)
  expect(resolves("client/endpoints.ts", "src/options.ts")).toBe(true)
})
