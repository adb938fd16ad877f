import type { ExclusionRules } from "../payments/exclusions"
import type { AccountRuntime } from "./plugin-runtime"
import type { ContainerLike } from "./shared-types"

/**
 * The exclusions in force for an account: the one place every route reads them (the
 * eligibility, limits and express routes, the session middleware). Today the account's
 * `exclusions` option; the settings merchants save in the admin (issue 32, item 2) overlay it
 * here, which is why it is asynchronous and takes the container.
 */
export async function exclusionsForAccount(_scope: ContainerLike, account: AccountRuntime): Promise<ExclusionRules> {
  return account.options.exclusions
}
