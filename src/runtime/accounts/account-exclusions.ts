import type { ExclusionRules } from "../../payments/exclusions"
import { effectiveSettings } from "../config/effective-settings"
import type { AccountRuntime } from "./plugin-runtime"
import type { ContainerLike } from "../infrastructure/shared-types"

/**
 * The exclusions in force for an account: the one place every route reads them (the
 * eligibility, limits and express routes, the session middleware). The account's `exclusions`
 * option, overlaid by what a merchant saved in Settings -> Pay later (effective-settings.ts),
 * so an edit applies on every instance within a minute.
 */
export async function exclusionsForAccount(_scope: ContainerLike, account: AccountRuntime): Promise<ExclusionRules> {
  return (await effectiveSettings(account, account)).exclusions
}
