/**
 * Seven projects; `npm test` runs all but install, in this order:
 * - unit: pure functions (money, schemas, mapping, options), no network;
 * - contract: the client against the sandbox over real HTTP on loopback;
 * - integration: a real Medusa 2.21 store on PostgreSQL with the plugin loaded from its build;
 * - multi-instance: two `medusa start` servers and a worker on one database and one Redis (Redis modules);
 * - compat: the packed plugin npm-installed into a store on the lowest supported Medusa;
 * - install (not in `npm test`; `npm run test:install`): the README's Install section and the deploy docs with npm, pnpm and yarn, the Dockerfile, going-live.md's commands;
 * - e2e: the demo stack (demo/stack.ts) driven by Chromium through playwright-core.
 */
const transform = {
  "^.+\\.[jt]s$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        target: "es2022",
      },
    },
  ],
}

// The storefront kit's React components (src/react) and their tests are .tsx.
const tsxTransform = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
  },
]

const common = {
  transform: { "^.+\\.tsx$": tsxTransform, ...transform },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  // examples/nextjs has its own node_modules and build output (.next).
  modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/", "<rootDir>/examples/"],
}

module.exports = {
  testSequencer: "<rootDir>/test/support/longest-first-sequencer.js",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts?(x)"] },
    { ...common, displayName: "contract", testMatch: ["<rootDir>/test/contract/**/*.test.ts"] },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/test/integration/**/*.test.ts"],
      setupFiles: ["<rootDir>/test/integration/setup-env.js"],
      setupFilesAfterEnv: ["<rootDir>/test/support/secret-scan.ts"],
      globalSetup: "<rootDir>/test/integration/global-setup.js",
      globalTeardown: "<rootDir>/test/integration/global-teardown.js",
    },
    {
      ...common,
      displayName: "multi-instance",
      testMatch: ["<rootDir>/test/multi-instance/**/*.test.ts"],
    },
    { ...common, displayName: "compat", testMatch: ["<rootDir>/test/compat/**/*.test.ts"] },
    // Not in `npm test` (tens of minutes: empty caches, builds, production starts): `npm run test:install`.
    { ...common, displayName: "install", testMatch: ["<rootDir>/test/install/**/*.test.ts"] },
    { ...common, displayName: "e2e", testMatch: ["<rootDir>/test/e2e/**/*.test.ts"] },
  ],
}
