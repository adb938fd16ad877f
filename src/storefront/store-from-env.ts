import type { StoreClientConfig } from "./store-client"

type Environment = Record<string, string | undefined>

/**
 * The store the storefront talks to, from the environment variables Medusa's Next.js starters
 * already have: the backend's URL from `NEXT_PUBLIC_MEDUSA_BACKEND_URL` (dtc-starter) or
 * `MEDUSA_BACKEND_URL` (nextjs-starter-medusa), default `http://localhost:9000` as theirs;
 * the publishable key from `NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY`. For server code (Server
 * Components, Server Actions, Route Handlers), where the environment is read at run time.
 * Never throws: without a key the store answers 400 and the kit's calls say so as data.
 */
export function storeConfigFromEnv(env: Environment = processEnv()): StoreClientConfig {
  return {
    baseUrl: env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || env.MEDUSA_BACKEND_URL || "http://localhost:9000",
    publishableKey: env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? "",
  }
}

// The kit names no Node types (it runs in browsers too): the environment, where there is one.
function processEnv(): Environment {
  return (globalThis as { process?: { env?: Environment } }).process?.env ?? {}
}
