import type { LoggerLike } from "./shared-types"

/** Whether the store's instances can share the plugin's cache and lock (docs/operations.md "Running several instances"). */
export interface SharingReport {
  cache: "caching-module" | "cache-module" | "none"
  /** The cache lives outside the process (a Redis provider, or any other not in memory). */
  cacheShared: boolean
  /** The Locking Module has a provider outside the process. */
  lockShared: boolean
  /** The settings look like one of several processes: workerMode worker, Redis modules, or a redisUrl. */
  severalInstancesLikely: boolean
}

interface ModuleEntry {
  resolve?: unknown
  options?: { providers?: Array<{ resolve?: unknown }> }
}

interface ConfigModuleLike {
  projectConfig?: { workerMode?: string; redisUrl?: string }
  modules?: Record<string, ModuleEntry | boolean | undefined>
}

const inMemory = (resolve: unknown) => typeof resolve !== "string" || /memory/i.test(resolve)
const providersOutsideProcess = (entry: ModuleEntry | undefined) =>
  (entry?.options?.providers ?? []).some((provider) => !inMemory(provider.resolve))

/** Reads the sharing facts from Medusa's resolved config (`configModule`). */
export function describeSharing(configModule: ConfigModuleLike): SharingReport {
  const modules = configModule.modules ?? {}
  const entry = (key: string) => (typeof modules[key] === "object" ? (modules[key] as ModuleEntry) : undefined)
  const caching = entry("caching")
  const cacheModule = entry("cache")
  const cache = caching ? "caching-module" : cacheModule ? "cache-module" : "none"
  const cacheShared = caching ? providersOutsideProcess(caching) : cacheModule ? !inMemory(cacheModule.resolve) : false
  const lockShared = providersOutsideProcess(entry("locking"))
  const workerMode = process.env.MEDUSA_WORKER_MODE || configModule.projectConfig?.workerMode
  const redisModules = Object.values(modules).some((value) => {
    if (typeof value !== "object" || !value) return false
    return [value.resolve, ...(value.options?.providers ?? []).map((provider) => provider.resolve)].some(
      (resolve) => typeof resolve === "string" && /redis/i.test(resolve),
    )
  })
  // "server" alone is no sign: Medusa's one-off commands set it beside one dev server, and a split server and
  // worker pass events through Redis, which the other tests see.
  const severalInstancesLikely = workerMode === "worker" || redisModules || Boolean(configModule.projectConfig?.redisUrl)
  return { cache, cacheShared, lockShared, severalInstancesLikely }
}

/** The warning for a report, or undefined when the instances can share (or run alone). */
export function sharingWarning(report: SharingReport): string | undefined {
  if (!report.severalInstancesLikely) return undefined
  const missing: string[] = []
  if (!report.cacheShared) {
    missing.push(
      "no shared cache (configure Medusa's Caching Module with the caching-redis provider, or the Cache Module with cache-redis): each instance fetches its own OAuth token and limits and keeps its own refund journal",
    )
  }
  if (!report.lockShared) {
    missing.push(
      "no shared lock (configure the Locking Module with locking-redis or locking-postgres): instances that find the cache empty each call Get Configuration and the token service",
    )
  }
  if (!missing.length) return undefined
  return `medusa-payment-bnpl: this store looks like one of several instances, but the instances cannot share: ${missing.join("; ")}. See docs/operations.md, "Running several instances".`
}

let checked = false

/** Logs `sharingWarning` once per process, at the plugin's first use; never throws, as a check must not stop a sale. */
export function warnOnceWhenInstancesCannotShare(container: { resolve(key: string): unknown }, logger?: LoggerLike): void {
  if (checked) return
  try {
    const configModule = container.resolve("configModule") as ConfigModuleLike | undefined
    if (!configModule) return
    checked = true
    const warning = sharingWarning(describeSharing(configModule))
    if (warning) (logger ?? (container.resolve("logger") as LoggerLike | undefined))?.warn?.(warning)
  } catch {
    // The container is not ready yet (before the app has loaded): the next use checks.
  }
}
