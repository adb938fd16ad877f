import { defineConfig, type Options } from "tsup"

/**
 * Medusa loads a plugin from `<package>/.medusa/server/src/{api,subscribers,jobs,...}` as
 * CommonJS, one file per route/subscriber/job, so the build is unbundled: every source file
 * becomes one `.js` file at the same relative path (DESIGN.md, "Medusa 2.21 facts").
 *
 * The storefront kit (src/storefront, src/react) runs in storefronts, not in Medusa: it is
 * bundled per entry into `packages/storefront-kit/dist`, the package
 * `medusa-payment-bnpl-storefront` (installed in a storefront with nothing but React as an
 * optional peer), as ES modules and CommonJS with type definitions. This package's own
 * `./storefront` and `./react` subpaths point at the same files. The React bundle starts with
 * "use client" so Next.js's App Router treats its components as client components.
 */
const kit: Options = {
  outDir: "packages/storefront-kit/dist",
  format: ["esm", "cjs"],
  bundle: true,
  target: "es2020",
  platform: "neutral",
  sourcemap: false,
  splitting: false,
  shims: false,
  external: ["react", "react/jsx-runtime"],
  tsconfig: "tsconfig.kit.json",
  dts: true,
}

export default defineConfig([
  {
    // src/admin is the dashboard's code, built by Medusa's admin bundler (scripts/build-admin.js).
    entry: ["src/**/*.ts", "!src/**/*.test.ts", "!src/storefront/**", "!src/react/**", "!src/admin/**"],
    outDir: ".medusa/server/src",
    format: ["cjs"],
    bundle: false,
    target: "node20",
    platform: "node",
    sourcemap: true,
    dts: false,
    clean: true,
    splitting: false,
    shims: false,
  },
  { ...kit, entry: { index: "src/storefront/index.ts" }, clean: ["index.*"] },
  {
    ...kit,
    entry: { "react/index": "src/react/index.ts" },
    clean: ["react"],
    banner: { js: '"use client";' },
  },
])
