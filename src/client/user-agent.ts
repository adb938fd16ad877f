import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"

const PACKAGE_NAME = "medusa-payment-bnpl"

/**
 * The package's version from its package.json, walking up since the depth differs between the sources
 * and the build; "0.0.0" if not found (never a reason to fail a payment).
 */
export function packageVersion(start: string = __dirname): string {
  let dir = start
  for (let depth = 0; depth < 8; depth++) {
    const candidate = join(dir, "package.json")
    if (existsSync(candidate)) {
      try {
        const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string; version?: string }
        if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string") return pkg.version
      } catch {
        // A malformed package.json further down is not ours; keep walking up.
      }
    }
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  return "0.0.0"
}

/** docs/service-api.md "Common request headers": `medusa-payment-bnpl/<version> (Node <version>)`. */
export function defaultUserAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()} (Node ${process.version})`
}
