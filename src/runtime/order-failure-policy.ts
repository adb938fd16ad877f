import type { BnplOptions } from "../options"
import { accountForProvider, getPluginRuntime } from "./plugin-runtime"
import type { ContainerLike } from "./shared-types"

/** What the plugin does with an approval whose cart cannot become an order (option `onOrderFailure`). */
export type OrderFailurePolicy = BnplOptions["onOrderFailure"]

/**
 * The `onOrderFailure` of the account (payment provider id, e.g. `pp_bnpl_bnpl`) that approved
 * a cart: `void` (the default) or `hold`. The one place the policy is read, so the admin's
 * per-account settings can be put in front of the medusa-config options here alone. An unknown
 * provider gets the store-wide options' policy.
 */
export async function orderFailurePolicy(scope: ContainerLike, providerId: string | undefined): Promise<OrderFailurePolicy> {
  const runtime = getPluginRuntime(scope)
  return (accountForProvider(runtime, providerId)?.options ?? runtime.options).onOrderFailure ?? "void"
}
