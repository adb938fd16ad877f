import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

jest.setTimeout(120_000)

/**
 * The storefront kit as a storefront developer installs it: `npm pack` of
 * packages/storefront-kit (what `npm publish` would send), then `npm install <tarball>`
 * into a Next.js 15 + React 19 app. Needs `npm run build` (it writes the kit's dist).
 * Offline: npm resolves from the app's lock file and its cache, so no registry is asked.
 */
const root = path.resolve(__dirname, "../..")
const kitDir = path.join(root, "packages/storefront-kit")
const work = path.join(root, "test-output/storefront-kit-install")
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

let tarball: string

beforeAll(() => {
  if (!fs.existsSync(path.join(kitDir, "dist/index.js")))
    throw new Error("packages/storefront-kit/dist is missing: run `npm run build` first.")
  fs.rmSync(work, { recursive: true, force: true })
  fs.mkdirSync(work, { recursive: true })
  const packed = npm(["pack", "--silent", "--pack-destination", work], kitDir)
  tarball = path.join(work, packed.trim().split("\n").pop()!)
})

it("installs into a Next.js 15 + React 19 app adding no package but itself", () => {
  // examples/nextjs is such an app: next, react, react-dom and their types, with its lock file.
  const app = path.join(work, "next-app")
  fs.mkdirSync(app)
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(root, "examples/nextjs", file), path.join(app, file))
  const before = Object.keys(JSON.parse(fs.readFileSync(path.join(app, "package-lock.json"), "utf8")).packages)

  npm(["install", tarball, "--package-lock-only", "--offline", "--no-audit", "--no-fund"], app)

  const after = Object.keys(JSON.parse(fs.readFileSync(path.join(app, "package-lock.json"), "utf8")).packages)
  expect(after.filter((name) => !before.includes(name))).toEqual(["node_modules/medusa-payment-bnpl-storefront"])
  const { peerDependencies = {}, dependencies = {} } = JSON.parse(fs.readFileSync(path.join(kitDir, "package.json"), "utf8"))
  expect(dependencies).toEqual({})
  expect(Object.keys(peerDependencies)).toEqual(["react"])
})

it("its two entry points' types resolve under moduleResolution node, node16 and bundler", () => {
  const app = path.join(work, "types-app")
  fs.mkdirSync(app)
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "types-app", private: true }))
  npm(["install", tarball, "--offline", "--no-audit", "--no-fund"], app)
  // Installed alone, it brings nothing with it.
  expect(fs.readdirSync(path.join(app, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["medusa-payment-bnpl-storefront"])

  // React's types, as the storefront has them (the repository's copy).
  fs.mkdirSync(path.join(app, "node_modules/@types"))
  for (const name of ["@types/react", "csstype"])
    fs.symlinkSync(path.join(root, "node_modules", name), path.join(app, "node_modules", name), "dir")
  fs.writeFileSync(path.join(app, "page.tsx"), PAGE)
  // One compiler in this process for the three settings: the libraries are parsed once.
  const parsed = new Map<string, ts.SourceFile | undefined>()
  const base = ts.createCompilerHost({})
  const host: ts.CompilerHost = {
    ...base,
    getSourceFile: (fileName, version, ...rest) => {
      const key = `${fileName}:${JSON.stringify(version)}`
      if (!parsed.has(key)) parsed.set(key, base.getSourceFile(fileName, version, ...rest))
      return parsed.get(key)
    },
  }
  const settings = {
    node: ts.ModuleResolutionKind.Node10,
    node16: ts.ModuleResolutionKind.Node16,
    bundler: ts.ModuleResolutionKind.Bundler,
  }
  for (const [moduleResolution, kind] of Object.entries(settings)) {
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      jsx: ts.JsxEmit.ReactJSX,
      lib: ["lib.dom.d.ts", "lib.es2022.d.ts"],
      target: ts.ScriptTarget.ES2022,
      module: moduleResolution === "node16" ? ts.ModuleKind.Node16 : ts.ModuleKind.ESNext,
      moduleResolution: kind,
      types: [],
    }
    const program = ts.createProgram([path.join(app, "page.tsx")], options, host)
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    expect({ moduleResolution, errors }).toEqual({ moduleResolution, errors: [] })
  }
})

/** Both entry points, with types a wrong resolution (an `any`) would not check. */
const PAGE = `import { fetchLimits, startPayLaterCheckout, type StartCheckoutResult, type StoreClientConfig } from "medusa-payment-bnpl-storefront"
import { PayLaterButton, PayLaterExpressButton, PayLaterMessage } from "medusa-payment-bnpl-storefront/react"

const store: StoreClientConfig = { baseUrl: "http://localhost:9000", publishableKey: "pk_test" }
const start = async (): Promise<StartCheckoutResult> => startPayLaterCheckout(store, "cart_1")
// @ts-expect-error: the kit's types are read (a missing module would make this any).
const wrong: StoreClientConfig = { baseUrl: 1 }

export default async function Page() {
  const limits = await fetchLimits(store, { currencyCode: "gbp" })
  return (
    <>
      <PayLaterMessage amount={49.95} currency="gbp" limits={limits} className="pay-later" />
      <PayLaterButton start={start} className="button">Continue to pay later</PayLaterButton>
      <PayLaterExpressButton config={store} libraryUrl="http://localhost:4610/express/library.js" cartId="cart_1" amount={49.95} currencyCode="gbp" limits={limits} />
    </>
  )
}
export { wrong }
`
