import type { ExclusionRules } from "../../payments/exclusions"
import { effectiveSettings } from "../config/effective-settings"
import type { AccountRuntime } from "./plugin-runtime"
import type { ContainerLike } from "../infrastructure/shared-types"

/** The exclusions in force for an account, the one place every route reads them, so an admin edit applies everywhere. */
export async function exclusionsForAccount(_scope: ContainerLike, account: AccountRuntime): Promise<ExclusionRules> {
  return (await effectiveSettings(account, account)).exclusions
}
