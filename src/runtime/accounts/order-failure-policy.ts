import type { BnplOptions } from "../../options"
import { effectiveSettings } from "../config/effective-settings"
import { accountForProvider, getPluginRuntime } from "./plugin-runtime"
import type { ContainerLike } from "../infrastructure/shared-types"

/** What the plugin does with an approval whose cart cannot become an order (option `onOrderFailure`). */
export type OrderFailurePolicy = BnplOptions["onOrderFailure"]

/** The `onOrderFailure` in force for the account that approved a cart (`void` or `hold`); an unknown provider gets the store's. */
export async function orderFailurePolicy(scope: ContainerLike, providerId: string | undefined): Promise<OrderFailurePolicy> {
  const runtime = getPluginRuntime(scope)
  const account = accountForProvider(runtime, providerId)
  if (!account) return runtime.options.onOrderFailure ?? "void"
  return (await effectiveSettings(account, account)).onOrderFailure
}
