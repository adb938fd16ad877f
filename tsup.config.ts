import { defineConfig } from "tsup"

/**
 * Medusa loads a plugin from `<package>/.medusa/server/src/{api,subscribers,jobs,...}` as
 * CommonJS, one file per route/subscriber/job, so the build is unbundled: every source file
 * becomes one `.js` file at the same relative path (DESIGN.md, "Medusa 2.21 facts").
 */
export default defineConfig({
  // src/admin is the dashboard's code, built by Medusa's admin bundler (scripts/build-admin.js).
  entry: ["src/**/*.ts", "!src/**/*.test.ts", "!src/admin/**"],
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
})
