#!/usr/bin/env node
// `npm run check:layout`: the layout's rules, checked in a few seconds right after the build.
// 1. No source file under src/ over MAX_LINES lines (small files, one job each).
// 2. The layer rules of docs/architecture.md (dependency-cruiser, .dependency-cruiser.cjs).
// 3. No duplicated code in src/ and test/ (jscpd, .jscpd.json).
// 4. Comment lines at most MAX_COMMENT_SHARE of src/'s lines: comments say why, the code says what.
// 5. No function in src/ over MAX_FUNCTION_LINES lines, markup and template strings aside.
// Every check runs; the script fails if any of them does.
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { longFunctions } = require("./function-lengths")

const root = path.resolve(__dirname, "..")
const MAX_LINES = 400
const MAX_COMMENT_SHARE = 0.12
const MAX_FUNCTION_LINES = 60
/**
 * Files over the limit today that are being split (issue 30); a file listed here that is no
 * longer over fails the check too, so the list only ever shrinks.
 */
const KNOWN_LONG_FILES = new Set([])

function sourceFiles(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(relative)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [relative] : []
  })
}

function checkLineCounts() {
  const problems = []
  for (const file of sourceFiles("src")) {
    const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n").length
    const over = lines > MAX_LINES
    if (over && !KNOWN_LONG_FILES.has(file)) problems.push(`${file}: ${lines} lines (at most ${MAX_LINES}); split it by job`)
    if (!over && KNOWN_LONG_FILES.has(file))
      problems.push(`${file}: ${lines} lines now; remove it from KNOWN_LONG_FILES in scripts/check-layout.js`)
  }
  for (const file of KNOWN_LONG_FILES) {
    if (!fs.existsSync(path.join(root, file))) problems.push(`${file} is gone; remove it from KNOWN_LONG_FILES in scripts/check-layout.js`)
  }
  for (const problem of problems) console.error(`  ${problem}`)
  return problems.length === 0
}

/** A line that is only comment: it starts with `//`, `/*` or a block comment's `*`. */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/

function checkCommentShare() {
  let lines = 0
  let comments = 0
  for (const file of sourceFiles("src").filter((name) => /\.tsx?$/.test(name))) {
    const text = fs.readFileSync(path.join(root, file), "utf8").split("\n")
    lines += text.length
    comments += text.filter((line) => COMMENT_LINE.test(line)).length
  }
  const share = comments / lines
  console.log(`  ${comments} comment lines of ${lines} (${(100 * share).toFixed(1)}%)`)
  if (share > MAX_COMMENT_SHARE) console.error(`  over ${100 * MAX_COMMENT_SHARE}%: say why, not what, and let the docs hold the rest`)
  return share <= MAX_COMMENT_SHARE
}

function checkFunctionLengths() {
  const found = longFunctions(
    root,
    sourceFiles("src").filter((name) => /\.tsx?$/.test(name)),
    MAX_FUNCTION_LINES,
  )
  for (const problem of found) console.error(`  ${problem}: split it into named steps`)
  return found.length === 0
}

function run(tool, pkg, args) {
  // The project's devDependency, else one on PATH.
  const local = path.join(root, "node_modules", ".bin", tool)
  const result = spawnSync(fs.existsSync(local) ? local : tool, args, { cwd: root, stdio: "inherit" })
  if (result.error) {
    console.error(`  ${tool} could not run (${result.error.message}): it is the devDependency ${pkg}.`)
    return false
  }
  return result.status === 0
}

const checks = [
  [`source files are at most ${MAX_LINES} lines`, checkLineCounts],
  [
    "imports follow the layers (dependency-cruiser)",
    () =>
      run("depcruise", "dependency-cruiser", ["--config", ".dependency-cruiser.cjs", "src", "test", "harness", "demo", "bench", "scripts"]),
  ],
  [`comment lines are at most ${100 * MAX_COMMENT_SHARE}% of src/`, checkCommentShare],
  [`functions in src/ are at most ${MAX_FUNCTION_LINES} lines`, checkFunctionLengths],
  ["no duplicated code in src/ and test/ (jscpd)", () => run("jscpd", "jscpd", ["--config", ".jscpd.json", "src", "test"])],
]

let failed = 0
for (const [name, check] of checks) {
  console.log(`check:layout: ${name}`)
  if (!check()) {
    failed++
    console.error(`check:layout: FAILED: ${name}`)
  }
}
process.exit(failed ? 1 : 0)
