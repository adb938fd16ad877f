import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

/**
 * The README's Install section, run as a merchant runs it (issue 46): its `npm pack` lines in
 * this repository (after `npm test`'s build), then, with npm and with pnpm, its table's
 * command in a new Medusa 2.21 app (the package.json and tsconfig of Medusa's starter, the
 * README's medusa-config) and in a new Next.js app whose page imports the kit and its React
 * components. Both apps must build: `medusa build` (the plugin's admin extensions bundled into
 * the app's admin) and `next build`.
 *
 * Needs the npm registry (Medusa, Next.js and pnpm itself, run with `npx pnpm@<version>` when
 * no pnpm is on PATH). The apps are kept in the system's temp directory, one set per checkout
 * of this repository, so a second run finds their node_modules and only the plugin and the kit
 * are installed again (each run removes them first, and the lock files, which name the
 * previous tarballs' checksums).
 */

// Installs of Medusa from the registry take minutes the first time; the builds about one each.
jest.setTimeout(1_500_000)

const root = path.resolve(__dirname, "../..")
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
const MEDUSA = manifest.devDependencies["@medusajs/medusa"] as string
const NEXT = JSON.parse(fs.readFileSync(path.join(root, "examples/nextjs/package.json"), "utf8")).dependencies.next as string
const PNPM = "12.21.0"
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 8)
const work = path.join(tmpdir(), `medusa-payment-bnpl-readme-install-${checkout}`)
const timings: Record<string, number> = {}

/** The README's Install section: the step-1 code block and the package managers' table. */
function installSection() {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8")
  const section = /\n## Install\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ""
  const packBlock = /```bash\n([\s\S]*?)```/.exec(section)?.[1] ?? ""
  const commands = packBlock.split("\n").filter((line) => line.trim() && !line.startsWith("#")).map((line) => line.replace(/\s+#.*$/, ""))
  const rows = section.split("\n").filter((line) => /^\| (npm|pnpm|yarn) \|/.test(line))
  const table = Object.fromEntries(
    rows.map((row) => {
      const [manager, app, storefront] = row.split("|").slice(1, 4).map((cell) => cell.trim().replace(/^`|`$/g, ""))
      return [manager, { app, storefront }]
    })
  )
  return { commands, table: table as Record<string, { app: string; storefront: string }> }
}

// npm run from `npm test` passes its settings down (npm_config_*, the project directory among
// them): a nested npm or pnpm would act on this repository instead of the app.
function environment(extraPath?: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
  return { ...env, CI: "true", NEXT_TELEMETRY_DISABLED: "1", PATH: extraPath ? `${extraPath}:${env.PATH}` : env.PATH }
}

/** A folder with a `pnpm` command: the machine's, else pnpm from the registry through npx. */
function pnpmOnPath(): string {
  const bin = path.join(work, "bin")
  fs.mkdirSync(bin, { recursive: true })
  const shim = path.join(bin, "pnpm")
  try {
    execFileSync("pnpm", ["--version"], { stdio: "pipe", env: environment() })
    fs.rmSync(shim, { force: true })
  } catch {
    fs.writeFileSync(shim, `#!/bin/sh\nexec npx --yes pnpm@${PNPM} "$@"\n`, { mode: 0o755 })
  }
  return bin
}

function run(command: string, cwd: string, step: string, extraPath?: string): string {
  const started = Date.now()
  try {
    return execFileSync("sh", ["-c", command], { cwd, encoding: "utf8", stdio: "pipe", env: environment(extraPath), maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${step}: \`${command}\` in ${cwd} failed:\n${String(stdout ?? "").slice(-4000)}\n${String(stderr ?? "").slice(-4000)}`)
  } finally {
    timings[step] = Math.round((Date.now() - started) / 100) / 10
  }
}

/** The versions the suite's own Medusa dashboard depends on, for the app's direct dependencies. */
function fromDashboard(...names: string[]): Record<string, string> {
  const dashboard = JSON.parse(fs.readFileSync(path.join(root, "node_modules/@medusajs/dashboard/package.json"), "utf8")).dependencies
  return Object.fromEntries(names.map((name) => [name, dashboard[name]]))
}

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** A new Medusa app laid out as Medusa's starters lay it out (package.json, tsconfig), at the version the suite runs on; the README's medusa-config. */
function medusaApp(dir: string, tarball: string): void {
  write(
    path.join(dir, "package.json"),
    json({
      name: "fresh-medusa-app",
      private: true,
      scripts: { build: "medusa build" },
      // The backend's dependencies in Medusa's pnpm template (dtc-starter's apps/backend): pnpm
      // links only what a package names, and Medusa's admin build imports these from the app.
      dependencies: {
        "@medusajs/admin-sdk": MEDUSA, "@medusajs/admin-shared": MEDUSA, "@medusajs/caching": MEDUSA, "@medusajs/cli": MEDUSA, "@medusajs/dashboard": MEDUSA,
        "@medusajs/draft-order": MEDUSA, "@medusajs/framework": MEDUSA, "@medusajs/medusa": MEDUSA, ...fromDashboard("@medusajs/ui", "@tanstack/react-query", "react-i18next", "react-router-dom", "zod"),
      },
      devDependencies: { "@swc/core": "^1.13.5", "@types/node": "^20.19.0", "@types/react": "^18.3.2", "@types/react-dom": "^18.2.25", react: "^18.3.1", "react-dom": "^18.3.1", "ts-node": "^10.9.2", typescript: "^5.9.3" },
    })
  )
  write(
    path.join(dir, "tsconfig.json"),
    json({
      compilerOptions: {
        target: "ES2021", esModuleInterop: true, module: "Node16", moduleResolution: "Node16", emitDecoratorMetadata: true, experimentalDecorators: true,
        skipLibCheck: true, skipDefaultLibCheck: true, declaration: false, sourceMap: false, inlineSourceMap: true, outDir: "./.medusa/server", rootDir: "./",
        jsx: "react-jsx", forceConsistentCasingInFileNames: true, resolveJsonModule: true, checkJs: false, strictNullChecks: true,
      },
      include: ["**/*", ".medusa/types/*"],
      exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
    })
  )
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8")
  const snippet = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.includes("defineConfig"))
  if (!snippet) throw new Error("README.md has no medusa-config snippet")
  write(path.join(dir, "medusa-config.js"), snippet)
  // pnpm 11 and later stop an install whose dependencies' build scripts nobody approved; Medusa's
  // own (@swc/core, esbuild, protobufjs, ...) have some, the plugin none (docs/installation.md, "pnpm").
  write(path.join(dir, "pnpm-workspace.yaml"), "strictDepBuilds: false\n")
  write(path.join(dir, "src/api/health-check/route.ts"), 'import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"\n\nexport const GET = (_req: MedusaRequest, res: MedusaResponse) => {\n  res.json({ ok: true })\n}\n')
  prepareVendor(dir, tarball, "medusa-payment-bnpl")
}

/** A new Next.js App Router app whose page uses the kit on the server and its components in the browser. */
function nextApp(dir: string, tarball: string): void {
  write(
    path.join(dir, "package.json"),
    json({
      name: "fresh-next-storefront",
      private: true,
      scripts: { build: "next build" },
      dependencies: { next: NEXT, react: "^19.2.0", "react-dom": "^19.2.0" },
      devDependencies: { "@types/node": "^20.19.0", "@types/react": "^19.2.0", "@types/react-dom": "^19.2.0", typescript: "^5.9.3" },
    })
  )
  write(
    path.join(dir, "tsconfig.json"),
    json({
      compilerOptions: {
        target: "ES2022", lib: ["dom", "dom.iterable", "ES2022"], skipLibCheck: true, strict: true, noEmit: true, esModuleInterop: true, module: "esnext",
        moduleResolution: "bundler", resolveJsonModule: true, isolatedModules: true, jsx: "preserve", incremental: false, plugins: [{ name: "next" }],
      },
      include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
      exclude: ["node_modules"],
    })
  )
  write(path.join(dir, "next.config.mjs"), "export default {}\n")
  write(path.join(dir, "app/layout.tsx"), "export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang=\"en\">\n      <body>{children}</body>\n    </html>\n  )\n}\n")
  write(
    path.join(dir, "app/page.tsx"),
    [
      'import { formatAmount, storeConfigFromEnv, toMinorUnits } from "medusa-payment-bnpl-storefront"',
      'import { PayLaterMessage } from "medusa-payment-bnpl-storefront/react"',
      "",
      'export const dynamic = "force-dynamic"',
      "",
      "export default function Page() {",
      '  const store = storeConfigFromEnv({ NEXT_PUBLIC_MEDUSA_BACKEND_URL: "http://localhost:9000", NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: "pk_test" })',
      "  return (",
      "    <main>",
      '      <p>{formatAmount(toMinorUnits("45.00"), "gbp", "en-GB")}</p>',
      '      <PayLaterMessage amount="45.00" currency="gbp" store={store} />',
      "    </main>",
      "  )",
      "}",
      "",
    ].join("\n")
  )
  prepareVendor(dir, tarball, "medusa-payment-bnpl-storefront")
}

/** The tarball in vendor/ (step 2), and no trace of an earlier run's install of the package. */
function prepareVendor(dir: string, tarball: string, name: string): void {
  fs.rmSync(path.join(dir, "vendor"), { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, "vendor"), { recursive: true })
  fs.copyFileSync(tarball, path.join(dir, "vendor", path.basename(tarball)))
  for (const lock of ["package-lock.json", "pnpm-lock.yaml"]) fs.rmSync(path.join(dir, lock), { force: true })
  fs.rmSync(path.join(dir, "node_modules", name), { recursive: true, force: true })
  for (const output of [".medusa", ".next"]) fs.rmSync(path.join(dir, output), { recursive: true, force: true })
}

const { commands, table } = installSection()
let packed: string[] = []
let tarballs: { plugin: string; kit: string }
let pnpmBin: string

beforeAll(() => {
  fs.mkdirSync(work, { recursive: true })
  pnpmBin = pnpmOnPath()
  // Step 1's `npm pack` lines, run as written in this repository (after npm test's build).
  packed = commands.filter((command) => command.startsWith("npm pack")).map((command) => run(command, root, command).trim().split("\n").pop()!)
  // Out of the repository: a tarball left there would be packed into the next one.
  const [plugin, kit] = packed.map((file) => {
    const destination = path.join(work, file)
    fs.renameSync(path.join(root, file), destination)
    return destination
  })
  tarballs = { plugin, kit }
})

afterAll(() => {
  // Figures for the CI budget (docs/testing.md); no assertion on time.
  console.log(`readme-install: ${JSON.stringify(timings)} (seconds)`)
})

it("the Install section packs the plugin and the kit (step 1), after the build npm test made", () => {
  expect(commands).toEqual(["npm install && npm run build", "npm pack", "npm pack ./packages/storefront-kit"])
  expect(fs.existsSync(path.join(root, ".medusa/server/src/providers/bnpl/index.js"))).toBe(true)
  expect(packed).toEqual([`medusa-payment-bnpl-${manifest.version}.tgz`, `medusa-payment-bnpl-storefront-${manifest.version}.tgz`])
})

describe.each(["npm", "pnpm"])("with %s, as the README's table says", (manager) => {
  const backend = path.join(work, manager, "medusa-app")
  const storefront = path.join(work, manager, "next-app")
  const extraPath = manager === "pnpm" ? () => pnpmBin : () => undefined

  it("installs the plugin into a new Medusa 2.21 app, which builds with its admin extensions", () => {
    const command = table[manager]?.app
    expect(command).toBe(`${manager === "npm" ? "npm install" : "pnpm add"} ./vendor/${path.basename(tarballs.plugin)}`)
    medusaApp(backend, tarballs.plugin)
    run(`${manager} install`, backend, `${manager}: Medusa app's own install`, extraPath())
    run(command, backend, `${manager}: ${command}`, extraPath())

    const installed = fs.realpathSync(path.join(backend, "node_modules/medusa-payment-bnpl"))
    expect(installed.startsWith(root)).toBe(false)
    expect(JSON.parse(fs.readFileSync(path.join(backend, "package.json"), "utf8")).dependencies["medusa-payment-bnpl"]).toMatch(/vendor\/medusa-payment-bnpl-.*\.tgz$/)

    run(`${manager} run build`, backend, `${manager}: medusa build`, extraPath())
    const assets = path.join(backend, ".medusa/server/public/admin/assets")
    const bundled = fs.readdirSync(assets).filter((file) => file.endsWith(".js")).map((file) => fs.readFileSync(path.join(assets, file), "utf8")).join("\n")
    // The order page's box and the settings page are the plugin's admin extensions.
    expect(bundled).toContain("Pay later")
    expect(fs.existsSync(path.join(backend, ".medusa/server/public/admin/index.html"))).toBe(true)
  })

  it("installs the kit into a new Next.js app, which builds", () => {
    const command = table[manager]?.storefront
    expect(command).toBe(`${manager === "npm" ? "npm install" : "pnpm add"} ./vendor/${path.basename(tarballs.kit)}`)
    nextApp(storefront, tarballs.kit)
    run(`${manager} install`, storefront, `${manager}: Next.js app's own install`, extraPath())
    run(command, storefront, `${manager}: ${command}`, extraPath())

    const installed = fs.realpathSync(path.join(storefront, "node_modules/medusa-payment-bnpl-storefront"))
    expect(installed.startsWith(root)).toBe(false)
    // The kit's one dependency is React, a peer: it brings no package of its own.
    expect(JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).dependencies ?? {}).toEqual({})

    const output = run(`${manager} run build`, storefront, `${manager}: next build`, extraPath())
    expect(fs.existsSync(path.join(storefront, ".next/BUILD_ID"))).toBe(true)
    expect(output).toMatch(/ƒ \//)
  })
})
