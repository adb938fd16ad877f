import type { StoreClientConfig } from "./store-client"

type Environment = Record<string, string | undefined>

/**
 * The store config from the Next.js starters' variables (`NEXT_PUBLIC_MEDUSA_BACKEND_URL` or
 * `MEDUSA_BACKEND_URL`, `NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY`), for server code. Never throws.
 */
export function storeConfigFromEnv(env: Environment = processEnv()): StoreClientConfig {
  return {
    baseUrl: env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || env.MEDUSA_BACKEND_URL || "http://localhost:9000",
    publishableKey: env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? "",
  }
}

// The kit names no Node types: it runs in browsers too.
function processEnv(): Environment {
  return (globalThis as { process?: { env?: Environment } }).process?.env ?? {}
}
