import { container as appContainer } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { atApplicationStart } from "../../modules/bnpl-records/application-start"
import type { BnplClient } from "../../client/index"
import type { BnplOptions } from "../../options"
import { accountCurrency } from "../../payments/eligibility"
import { asPaymentData } from "../../payments/session-data"
import { cacheFromContainer } from "../infrastructure/app-cache"
import { lockFromContainer, type LockLike } from "../infrastructure/app-lock"
import { createClientFromOptions } from "./client-factory"
import { checkConnectionAtStartup } from "./startup-connection-check"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"
import { resolvePluginConfiguration } from "../config/plugin-options"
import { warnOnceWhenInstancesCannotShare } from "../infrastructure/sharing-check"
import type { ContainerLike } from "../infrastructure/shared-types"

/** What is shared by every account: Medusa's cache, lock and logger. */
interface SharedRuntime {
  /** Medusa's Caching Module when configured, else its Cache Module (app-cache.ts). */
  cache?: CacheLike
  /** Medusa's Locking Module. */
  lock?: LockLike
  logger?: LoggerLike
}

/** One merchant account at work: its provider id, its options and its client (one per process). */
export interface AccountRuntime extends SharedRuntime {
  /** Medusa's payment provider id of the account: `pp_bnpl_<id>`. */
  providerId: string
  options: BnplOptions
  client: BnplClient
}

/** What routes, subscribers and jobs need: every account, the store-wide options, cache, lock, logger. */
export interface PluginRuntime extends SharedRuntime {
  /** Store-wide options (storefront pages, schedules); configured-accounts.ts. */
  options: BnplOptions
  /** In medusa-config order; at least one. */
  accounts: AccountRuntime[]
}


const runtimes = new WeakMap<object, PluginRuntime>()
const connectionChecks = new WeakMap<PluginRuntime, Promise<unknown>>()

/** The longest the server's start waits for the accounts' connection tests (a service that answers takes a few round trips). */
export const STARTUP_CHECK_WAIT_MS = 5_000

/**
 * Builds the runtime and runs each account's connection test before the server takes traffic
 * (the records module's start hook, application-start.ts), so the first shopper never waits
 * behind its Ping and finds the limits cached and a connection open. Waits at most
 * `STARTUP_CHECK_WAIT_MS`: a service slower than that finishes its test in the background.
 */
export async function checkAccountsBeforeTraffic(container: ContainerLike = appContainer): Promise<void> {
  const checks = connectionChecks.get(getPluginRuntime(container))
  let timer: NodeJS.Timeout | undefined
  await Promise.race([checks, new Promise((resolve) => (timer = setTimeout(resolve, STARTUP_CHECK_WAIT_MS)))])
  clearTimeout(timer)
}

// Registered when this file loads (the store's routes import it at boot); a process that never
// loads it (medusa db:migrate) runs no test.
atApplicationStart(() => checkAccountsBeforeTraffic())

/**
 * The plugin's runtime for a Medusa container, built once per configuration so every request
 * reuses one client per account (and its sockets and token). Building it starts each
 * account's connection test (awaited before traffic by `checkAccountsBeforeTraffic`) (its warning names the step that failed). `req.scope` is a per-request
 * child of the app container, so the cache is keyed on the configuration, which Medusa shares.
 * @throws BnplOptionsError when the options are invalid.
 */
export function getPluginRuntime(container: ContainerLike): PluginRuntime {
  const configuration = resolvePluginConfiguration(container)
  const known = runtimes.get(configuration)
  if (known) return known
  const logger = tryResolve<LoggerLike>(container, ContainerRegistrationKeys.LOGGER)
  const cache = cacheFromContainer(container)
  const lock = lockFromContainer(container)
  warnOnceWhenInstancesCannotShare(container, logger)
  const shared = { cache, lock, logger }
  const runtime: PluginRuntime = {
    ...shared,
    options: configuration.store,
    accounts: configuration.accounts.map(({ providerId, options }) => ({
      ...shared,
      providerId,
      options,
      client: createClientFromOptions(options, shared),
    })),
  }
  runtimes.set(configuration, runtime)
  // Each account's connection test, once per process (startup-connection-check.ts): awaited by
  // the server's start (checkAccountsBeforeTraffic), else in the background. Here rather than in the payment provider's constructor,
  // which must not start work: the plugin's first route, subscriber or job builds this
  // runtime, with the app's shared cache (a provider's loader would run while Medusa still
  // loads the cache modules, in parallel with the payment module).
  connectionChecks.set(runtime, Promise.all(runtime.accounts.map((account) => checkConnectionAtStartup(account, { cache, logger }))))
  return runtime
}

/** The account of a payment provider id (`pp_bnpl_bnpl-uk`); undefined for another provider's. */
export function accountForProvider(runtime: PluginRuntime, providerId: string | undefined): AccountRuntime | undefined {
  return runtime.accounts.find((account) => account.providerId === providerId)
}

/**
 * The account that made a payment: the one its `merchantId` (recorded in the data since
 * several accounts) names, else its provider's. Never the configuration's first by default:
 * a payment of a provider no longer configured has no account.
 */
export function accountForPayment(
  runtime: PluginRuntime,
  payment: { provider_id?: string; data?: Record<string, unknown> | null }
): AccountRuntime | undefined {
  const merchantId = asPaymentData(payment.data ?? undefined).merchantId
  const byMerchant = merchantId ? runtime.accounts.find((account) => account.options.merchantId === merchantId) : undefined
  return byMerchant ?? accountForProvider(runtime, payment.provider_id)
}

/** The account serving a currency (rule 2: one region, one currency); undefined when none does. */
export function accountForCurrency(runtime: PluginRuntime, currency: string): AccountRuntime | undefined {
  return runtime.accounts.find((account) => accountCurrency(account.options) === currency.toUpperCase())
}

function tryResolve<T>(container: ContainerLike, key: string): T | undefined {
  try {
    return container.resolve<T>(key, { allowUnregistered: true }) ?? undefined
  } catch {
    return undefined
  }
}
