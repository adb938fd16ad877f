import type { BnplOptions } from "../../options"
import { effectiveSettings } from "../config/effective-settings"
import { accountForProvider, getPluginRuntime } from "./plugin-runtime"
import type { ContainerLike } from "../infrastructure/shared-types"

/** What the plugin does with an approval whose cart cannot become an order (option `onOrderFailure`). */
export type OrderFailurePolicy = BnplOptions["onOrderFailure"]

/**
 * The `onOrderFailure` of the account (payment provider id, e.g. `pp_bnpl_bnpl`) that approved
 * a cart: `void` (the default) or `hold`. The one place the policy is read: the account's option
 * overlaid by what a merchant saved in Settings -> Pay later (effective-settings.ts). An unknown
 * provider gets the store-wide options' policy.
 */
export async function orderFailurePolicy(scope: ContainerLike, providerId: string | undefined): Promise<OrderFailurePolicy> {
  const runtime = getPluginRuntime(scope)
  const account = accountForProvider(runtime, providerId)
  if (!account) return runtime.options.onOrderFailure ?? "void"
  return (await effectiveSettings(account, account)).onOrderFailure
}
