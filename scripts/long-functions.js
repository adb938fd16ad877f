#!/usr/bin/env node
// `node scripts/long-functions.js [dir] [min-lines]`: the functions, methods and arrow
// functions of dir (default src) of min-lines (default 61) or more, longest first, with their
// line counts, from the TypeScript compiler's syntax tree. React components (.tsx) are left
// out unless `--tsx` is given: their length is mostly JSX markup, which issue 43's rule of
// at most 60 lines a function does not count.
const fs = require("node:fs")
const path = require("node:path")
const ts = require("typescript")

const args = process.argv.slice(2)
const withTsx = args.includes("--tsx")
const [root = "src", min = "61"] = args.filter((arg) => arg !== "--tsx")

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return (withTsx ? /\.tsx?$/ : /\.ts$/).test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : []
  })
}

function nameOf(node, source) {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText(source)
  return "<anonymous>"
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessor(node)

const rows = []
for (const file of sourceFiles(root)) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1
      if (lines >= Number(min)) rows.push({ lines, name: nameOf(node, source), where: `${file}:${start + 1}` })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
for (const row of rows.sort((a, b) => b.lines - a.lines)) console.log(`${String(row.lines).padStart(4)}  ${row.name}  ${row.where}`)
