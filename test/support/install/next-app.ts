import fs from "node:fs"
import path from "node:path"
import { prepareVendor, writeFile } from "./medusa-app"

const ROOT = path.resolve(__dirname, "../../..")
const NEXT = JSON.parse(fs.readFileSync(path.join(ROOT, "examples/nextjs/package.json"), "utf8")).dependencies.next as string
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/**
 * A new Next.js App Router app in `dir` (the Next.js version of examples/nextjs) whose page uses
 * the kit on the server and its components in the browser, with `tarball` in `vendor/`.
 */
export function writeNextApp(dir: string, tarball: string): void {
  writeFile(
    path.join(dir, "package.json"),
    json({
      name: "fresh-next-storefront",
      private: true,
      scripts: { build: "next build" },
      dependencies: { next: NEXT, react: "^19.2.0", "react-dom": "^19.2.0" },
      devDependencies: { "@types/node": "^20.19.0", "@types/react": "^19.2.0", "@types/react-dom": "^19.2.0", typescript: "^5.9.3" },
    }),
  )
  writeFile(
    path.join(dir, "tsconfig.json"),
    json({
      compilerOptions: {
        target: "ES2022",
        lib: ["dom", "dom.iterable", "ES2022"],
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        module: "esnext",
        moduleResolution: "bundler",
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: "preserve",
        incremental: false,
        plugins: [{ name: "next" }],
      },
      include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
      exclude: ["node_modules"],
    }),
  )
  writeFile(path.join(dir, "next.config.mjs"), "export default {}\n")
  writeFile(
    path.join(dir, "app/layout.tsx"),
    'export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  )\n}\n',
  )
  writeFile(
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
    ].join("\n"),
  )
  prepareVendor(dir, tarball, "medusa-payment-bnpl-storefront")
}
