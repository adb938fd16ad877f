import type { Money } from "../../client/money"
import type { BnplOptions } from "../../options"
import { accountCurrency } from "../../payments/eligibility"
import { accountHash } from "../infrastructure/account-hash"
import { getConfiguration } from "./configuration"
import { effectiveSettings } from "../config/effective-settings"
import type { AccountRuntime } from "./plugin-runtime"

/** An account as Settings -> Pay later shows it; never holds the merchant id, secret key or a token. */
export interface AccountStatus {
  /** The account's `accountHash`: stable, not reversible. */
  id: string
  providerId: string
  region: BnplOptions["region"]
  currency: "GBP" | "EUR"
  authScheme: BnplOptions["authScheme"]
  baseUrl: string
  /** The capture mode in effect (medusa-config's or the admin's). */
  capture: BnplOptions["capture"]
  /** False when the merchant turned it off in the admin. */
  enabled: boolean
  /** The account points at a sandbox, not at the live service; `sandboxReason` says why we think so. */
  sandbox: boolean
  sandboxReason?: string
  reachable: boolean
  /** The limits as last read with Get Configuration, or why they could not be read. */
  limits: { minimumAmount: Money; maximumAmount: Money; fetchedAt: string; expiresAt: string } | { error: string }
  checkedAt: string
}

/** The account's id (`accountHash`). */
export const accountId = accountHash

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/i

/** Why an account looks like a sandbox (a local base URL, "sandbox" in the host, a `sandbox-` merchant id), else undefined. */
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

/** The account's settings, a Ping and its limits (docs/service-api.md "Get Configuration"); never throws for the service. */
export async function describeAccount(
  runtime: Pick<AccountRuntime, "providerId" | "options" | "client" | "cache" | "logger">,
  { refreshLimits = false } = {},
): Promise<AccountStatus> {
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
