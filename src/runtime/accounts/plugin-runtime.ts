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
  cache?: CacheLike
  lock?: LockLike
  logger?: LoggerLike
}

/** One merchant account at work: its provider id, its options and its client (one per process). */
export interface AccountRuntime extends SharedRuntime {
  providerId: string
  options: BnplOptions
  client: BnplClient
}

/** What routes, subscribers and jobs need: every account, the store-wide options, cache, lock, logger. */
export interface PluginRuntime extends SharedRuntime {
  options: BnplOptions
  /** In medusa-config order; at least one. */
  accounts: AccountRuntime[]
}

const runtimes = new WeakMap<object, PluginRuntime>()
const connectionChecks = new WeakMap<PluginRuntime, Promise<unknown>>()

/** The longest the server's start waits for the connection tests. */
export const STARTUP_CHECK_WAIT_MS = 5_000

/** Awaits the connection tests before traffic, so no shopper waits behind a Ping; a slower test finishes in the background. */
export async function checkAccountsBeforeTraffic(container: ContainerLike = appContainer): Promise<void> {
  const checks = connectionChecks.get(getPluginRuntime(container))
  let timer: NodeJS.Timeout | undefined
  await Promise.race([checks, new Promise((resolve) => (timer = setTimeout(resolve, STARTUP_CHECK_WAIT_MS)))])
  clearTimeout(timer)
}

// Registered on load; a process that never loads this file (medusa db:migrate) runs no test.
atApplicationStart(() => checkAccountsBeforeTraffic())

/** The runtime, built once per configuration (`req.scope` is per request) so requests reuse one client per account. */
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
  // Not in the provider's constructor, which must not start work: a provider's loader would run while Medusa
  // still loads the cache modules.
  connectionChecks.set(runtime, Promise.all(runtime.accounts.map((account) => checkConnectionAtStartup(account, { cache, logger }))))
  return runtime
}

/** The account of a payment provider id (`pp_bnpl_bnpl-uk`); undefined for another provider's. */
export function accountForProvider(runtime: PluginRuntime, providerId: string | undefined): AccountRuntime | undefined {
  return runtime.accounts.find((account) => account.providerId === providerId)
}

/** The payment's account by its recorded `merchantId`, else its provider's; never a default, so an unconfigured provider's has none. */
export function accountForPayment(
  runtime: PluginRuntime,
  payment: { provider_id?: string; data?: Record<string, unknown> | null },
): AccountRuntime | undefined {
  const merchantId = asPaymentData(payment.data ?? undefined).merchantId
  const byMerchant = merchantId ? runtime.accounts.find((account) => account.options.merchantId === merchantId) : undefined
  return byMerchant ?? accountForProvider(runtime, payment.provider_id)
}

/** The account serving a currency (docs/service-api.md "What the service does", rule 2); undefined when none does. */
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
