import path from "node:path"

/** The package's root (where package.json is). */
export const PACKAGE_ROOT = path.resolve(__dirname, "..")

/** Where `npm run demo` writes the build's and the servers' logs. */
export const DEMO_LOG_DIR = path.join(PACKAGE_ROOT, "test-output/demo")
