#!/usr/bin/env node
// `npm run check:package`: would both packages publish cleanly? For the plugin (this folder)
// and the storefront kit (packages/storefront-kit), after `npm run build`:
// - publint --strict: package.json's entry points exist and agree with the files' module system;
// - @arethetypeswrong/cli: every export resolves to JavaScript and to types that tell the truth,
//   for node10, node16 from CommonJS, node16 from ESM and bundlers;
// - `npm publish --dry-run`: npm corrects nothing in package.json (it once removed the plugin's
//   `bin` entry without a word beyond a warning), and the file list holds what a consumer loads and
//   nothing of the sources, the tests or the machine's secrets.
// docs/releasing.md, "Before publishing".
const { execFile } = require("node:child_process")
const path = require("node:path")
const { promisify } = require("node:util")

const run = promisify(execFile)
const root = path.resolve(__dirname, "..")

/** What each package must ship (paths in the tarball) and must never ship (patterns). */
const PACKAGES = [
  {
    dir: root,
    required: [
      "package.json",
      "README.md",
      "bin/medusa-payment-bnpl.js",
      ".medusa/server/src/index.js",
      ".medusa/server/src/index.d.ts",
      ".medusa/server/src/providers/bnpl/index.js",
      ".medusa/server/src/admin/index.js",
      ".medusa/server/src/admin/index.mjs",
      ".medusa/server/src/sandbox/cli.js",
      "packages/storefront-kit/dist/index.js",
      "packages/storefront-kit/dist/index.mjs",
      "docs/going-live.md",
    ],
  },
  {
    dir: path.join(root, "packages/storefront-kit"),
    required: [
      "package.json",
      "README.md",
      "dist/index.js",
      "dist/index.mjs",
      "dist/index.d.ts",
      "dist/react/index.js",
      "dist/react/index.mjs",
    ],
  },
]
const FORBIDDEN = [
  /^src\//,
  /^test\//,
  /^harness\//,
  /^scripts\//,
  /(^|\/)\.env(\.|$)/,
  /(^|\/)node_modules\//,
  /\.tgz$/,
  /(^|\/)test-output\//,
  /\.test\.[cm]?[jt]sx?$/,
  /\.tsbuildinfo$/,
]

// Tools run from this repository's node_modules, with npm's settings of `npm run` kept out:
// npm_config_* of the outer run would point a nested npm at this folder's package.
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
const bin = (name) => path.join(root, "node_modules/.bin", name)

async function tool(command, args, cwd) {
  try {
    return await run(command, args, { cwd, env: environment, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const output = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim()
    throw new Error(`\`${path.basename(command)} ${args.join(" ")}\` in ${path.relative(root, cwd) || "."} failed:\n${output}`)
  }
}

/** The problems of one package, as sentences; empty when it would publish cleanly. */
async function checkPackage({ dir, required }) {
  const problems = []
  const attempt = async (work) => {
    try {
      await work()
    } catch (error) {
      problems.push(error.message)
    }
  }
  await attempt(() => tool(bin("publint"), ["--strict", dir], root))
  await attempt(() => tool(bin("attw"), ["--pack", dir, "--format", "ascii"], root))
  await attempt(async () => {
    const { stdout, stderr } = await tool("npm", ["publish", "--dry-run", "--json", "--ignore-scripts"], dir)
    // npm warns that a dry run has no login: that is no fault of the package.
    const corrections = stderr.split("\n").filter((line) => /^npm warn/i.test(line) && !/requires you to be logged in/i.test(line))
    if (corrections.length) problems.push(`npm publish would correct package.json:\n${corrections.join("\n")}`)
    const report = Object.values(JSON.parse(stdout))[0]
    const files = report.files.map((file) => file.path)
    const missing = required.filter((file) => !files.includes(file))
    if (missing.length) problems.push(`npm publish would leave out: ${missing.join(", ")}`)
    const unwanted = files.filter((file) => FORBIDDEN.some((pattern) => pattern.test(file)))
    if (unwanted.length) problems.push(`npm publish would ship: ${unwanted.slice(0, 20).join(", ")}${unwanted.length > 20 ? ", ..." : ""}`)
    console.log(`${report.name}@${report.version}: ${files.length} files, ${(report.size / 1024).toFixed(0)} kB packed`)
  })
  return problems
}

async function main() {
  const results = await Promise.all(PACKAGES.map(async (entry) => ({ entry, problems: await checkPackage(entry) })))
  const failed = results.filter(({ problems }) => problems.length)
  for (const { entry, problems } of failed) {
    console.error(`\n${path.relative(root, entry.dir) || "the plugin"}:\n- ${problems.join("\n- ")}`)
  }
  if (failed.length) process.exit(1)
  console.log("check:package: both packages would publish cleanly (publint, are-the-types-wrong, npm publish --dry-run)")
}

main().catch((error) => {
  console.error(`check:package: ${error.stack ?? error}`)
  process.exit(1)
})
