import fs from "node:fs"
import path from "node:path"
import { readmeMedusaConfig } from "./docs-blocks"

const ROOT = path.resolve(__dirname, "../../..")
/** The Medusa version the suite runs on (this repository's devDependency), for the new apps. */
export const MEDUSA_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).devDependencies[
  "@medusajs/medusa"
] as string

/** Writes `text` to `file`, making its folder. */
export function writeFile(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** The versions the suite's own Medusa dashboard depends on, for the app's direct dependencies. */
function fromDashboard(...names: string[]): Record<string, string> {
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/@medusajs/dashboard/package.json"), "utf8")).dependencies
  return Object.fromEntries(names.map((name) => [name, dashboard[name]]))
}

/**
 * A new Medusa app in `dir` laid out as Medusa's starters lay it out (package.json, tsconfig
 * without allowJs), at the suite's Medusa version, with the README's `medusa-config.ts`, one
 * route of its own, and `tarball` in `vendor/` (the README's step 2). Anything an earlier run
 * left of the plugin (its install, the lock files naming an older tarball's checksum, the
 * build) is removed; the app's other node_modules are kept, so a second run installs less.
 */
export function writeMedusaApp(dir: string, tarball: string): void {
  const version = MEDUSA_VERSION
  writeFile(
    path.join(dir, "package.json"),
    json({
      name: "fresh-medusa-app",
      private: true,
      scripts: { build: "medusa build", start: "medusa start" },
      // The backend's dependencies in Medusa's pnpm template (dtc-starter's apps/backend): pnpm
      // links only what a package names, and Medusa's admin build imports these from the app.
      dependencies: {
        "@medusajs/admin-sdk": version,
        "@medusajs/admin-shared": version,
        "@medusajs/caching": version,
        "@medusajs/cli": version,
        "@medusajs/dashboard": version,
        "@medusajs/draft-order": version,
        "@medusajs/framework": version,
        "@medusajs/medusa": version,
        ...fromDashboard("@medusajs/ui", "@tanstack/react-query", "react-i18next", "react-router-dom", "zod"),
      },
      devDependencies: {
        "@swc/core": "^1.13.5",
        "@types/node": "^20.19.0",
        "@types/react": "^18.3.2",
        "@types/react-dom": "^18.2.25",
        react: "^18.3.1",
        "react-dom": "^18.3.1",
        "ts-node": "^10.9.2",
        typescript: "^5.9.3",
      },
    }),
  )
  writeFile(
    path.join(dir, "tsconfig.json"),
    json({
      compilerOptions: {
        target: "ES2021",
        esModuleInterop: true,
        module: "Node16",
        moduleResolution: "Node16",
        emitDecoratorMetadata: true,
        experimentalDecorators: true,
        skipLibCheck: true,
        skipDefaultLibCheck: true,
        declaration: false,
        sourceMap: false,
        inlineSourceMap: true,
        outDir: "./.medusa/server",
        rootDir: "./",
        jsx: "react-jsx",
        forceConsistentCasingInFileNames: true,
        resolveJsonModule: true,
        checkJs: false,
        strictNullChecks: true,
      },
      include: ["**/*", ".medusa/types/*"],
      exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
    }),
  )
  fs.rmSync(path.join(dir, "medusa-config.js"), { force: true })
  writeFile(path.join(dir, "medusa-config.ts"), readmeMedusaConfig())
  // pnpm 11 and later stop an install whose dependencies' build scripts nobody approved; Medusa's
  // own (@swc/core, esbuild, protobufjs, ...) have some, the plugin none (docs/installation.md, "pnpm").
  writeFile(path.join(dir, "pnpm-workspace.yaml"), "strictDepBuilds: false\n")
  writeFile(
    path.join(dir, "src/api/health-check/route.ts"),
    'import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"\n\nexport const GET = (_req: MedusaRequest, res: MedusaResponse) => {\n  res.json({ ok: true })\n}\n',
  )
  prepareVendor(dir, tarball, "medusa-payment-bnpl")
}

/** The tarball in vendor/ (the README's step 2), and no trace of an earlier run's install of the package. */
export function prepareVendor(dir: string, tarball: string, name: string): void {
  fs.rmSync(path.join(dir, "vendor"), { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, "vendor"), { recursive: true })
  fs.copyFileSync(tarball, path.join(dir, "vendor", path.basename(tarball)))
  for (const lock of ["package-lock.json", "pnpm-lock.yaml", "yarn.lock"]) fs.rmSync(path.join(dir, lock), { force: true })
  fs.rmSync(path.join(dir, "node_modules", name), { recursive: true, force: true })
  for (const output of [".medusa", ".next"]) fs.rmSync(path.join(dir, output), { recursive: true, force: true })
}

/**
 * The one change a staging server makes to the README's config to run in production mode
 * against the local sandbox (docs/going-live.md, step 6): `allowSandboxInProduction: true` in
 * the options object, made in the built server's `medusa-config.js` (the app itself is built
 * from the README's config as given).
 */
export function allowSandboxInProduction(serverDir: string): void {
  const file = path.join(serverDir, "medusa-config.js")
  const config = fs.readFileSync(file, "utf8")
  const staged = config.replace(/const bnplOptions = \{\n/, "$&    allowSandboxInProduction: true,\n")
  if (staged === config) throw new Error(`${file} has no \`const bnplOptions = {\` to add allowSandboxInProduction to`)
  fs.writeFileSync(file, staged)
}
