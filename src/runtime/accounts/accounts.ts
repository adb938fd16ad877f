import type { Money } from "../../client/money"
import type { BnplOptions } from "../../options"
import { accountCurrency } from "../../payments/eligibility"
import { accountHash } from "../infrastructure/account-hash"
import { getConfiguration } from "./configuration"
import { effectiveSettings } from "../config/effective-settings"
import type { AccountRuntime } from "./plugin-runtime"

/**
 * One merchant account as the admin's "Pay later" settings page shows it. Never holds the
 * merchant id (half of the Basic credentials), its secret key, a token or an Authorization
 * value: the provider id tells the accounts apart. A store has one account per
 * region (docs/service-api.md "What the service does", rule 2), each a payment provider of its own.
 */
export interface AccountStatus {
  /** A stable id for the account, derived from its base URL and merchant id (not reversible). */
  id: string
  /** Medusa's payment provider id of the account (`pp_bnpl_bnpl-uk`). */
  providerId: string
  region: BnplOptions["region"]
  currency: "GBP" | "EUR"
  authScheme: BnplOptions["authScheme"]
  baseUrl: string
  /** The capture mode as it applies now (medusa-config's, or the one saved in the admin: effective-settings.ts). */
  capture: BnplOptions["capture"]
  /** Whether the account takes new checkouts (a merchant may turn it off in the admin). */
  enabled: boolean
  /** The account points at a sandbox, not at the live service; `sandboxReason` says why we think so. */
  sandbox: boolean
  sandboxReason?: string
  /** Whether the service answered Ping just now. */
  reachable: boolean
  /** The limits as last read with Get Configuration, or why they could not be read. */
  limits: { minimumAmount: Money; maximumAmount: Money; fetchedAt: string; expiresAt: string } | { error: string }
  /** ISO 8601: when this status was put together. */
  checkedAt: string
}

/** The account's id: the first 16 hex digits of SHA-256 over base URL and merchant id. */
export const accountId = accountHash

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/i

/**
 * Whether an account points at a sandbox: its base URL is on this machine (the plugin's own
 * sandbox, `medusa-payment-bnpl sandbox`), its host name says "sandbox", or its merchant id
 * is one of the sandbox's (`sandbox-…`).
 */
export function sandboxReason(options: Pick<BnplOptions, "merchantId" | "baseUrl">): string | undefined {
  let host = ""
  try {
    host = new URL(options.baseUrl).hostname
  } catch {
    host = ""
  }
  if (LOOPBACK.test(host)) return "the base URL is on this machine"
  if (/sandbox/i.test(host)) return "the base URL's host name says sandbox"
  if (/^sandbox-/i.test(options.merchantId)) return "the merchant id is a sandbox one"
  return undefined
}

/**
 * The account's status: its settings, a Ping, and its limits (from the shared cache unless
 * `refreshLimits`, which reads Get Configuration now; docs/service-api.md "Get Configuration").
 * Never throws for the service: an unreachable service is reported in `reachable` and `limits.error`.
 */
export async function describeAccount(runtime: Pick<AccountRuntime, "providerId" | "options" | "client" | "cache" | "logger">, { refreshLimits = false } = {}): Promise<AccountStatus> {
  const { options, client } = runtime
  const [limits, reachable, settings] = await Promise.all([
    getConfiguration(client, options, { cache: runtime.cache, logger: runtime.logger, forceRefresh: refreshLimits })
      .then(({ minimumAmount, maximumAmount, fetchedAt, expiresAt }) => ({ minimumAmount, maximumAmount, fetchedAt, expiresAt }))
      .catch((error: Error) => ({ error: error.message })),
    client.ping().catch(() => false),
    effectiveSettings(runtime, runtime),
  ])
  const reason = sandboxReason(options)
  return {
    id: accountId(options),
    providerId: runtime.providerId,
    region: options.region,
    currency: accountCurrency(options),
    authScheme: options.authScheme,
    baseUrl: options.baseUrl,
    capture: settings.capture,
    enabled: settings.enabled,
    sandbox: !!reason,
    ...(reason ? { sandboxReason: reason } : {}),
    reachable,
    limits,
    checkedAt: new Date().toISOString(),
  }
}
