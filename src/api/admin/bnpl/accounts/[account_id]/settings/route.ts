import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { z } from "zod"
import { accountId } from "../../../../../../runtime/accounts/accounts"
import type { StoredSettings } from "../../../../../../runtime/config/account-settings"
import { getPluginRuntime, type AccountRuntime } from "../../../../../../runtime/accounts/plugin-runtime"
import { readAccountSettings, saveAccountSettings } from "../../../../../../runtime/config/settings-changes"
import { parseRequestPart } from "../../../../../validate-request"
import { AccountSettingsBody, parseParams, SettingsAccountParams } from "../../../validators"

/**
 * `GET /admin/bnpl/accounts/:account_id/settings` -> `{ settings: AccountSettingsView }`
 * (runtime/config/settings-changes.ts): the settings a merchant edits in Settings -> Pay later as they
 * apply now (`enabled`, `capture`, `exclusions`, `message`, `onOrderFailure`), medusa-config's
 * values (`defaults`), which fields the admin set (`overridden`) and the latest saves with the
 * admin's e-mail. `account_id`: the account's id from GET /admin/bnpl/accounts, or its provider
 * id (`pp_bnpl_bnpl`). Never credentials or hosts.
 * @throws MedusaError NOT_FOUND for an account this store does not have.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  res.json({ settings: await readAccountSettings(accountOf(req)) })
}

/**
 * `POST /admin/bnpl/accounts/:account_id/settings` with a JSON body of the settings to change
 * (`AccountSettingsBody`; `null` returns a field to medusa-config's value) -> the same answer as
 * GET. Saved in the plugin's module with the admin user and time of the change; this instance
 * applies it at once, every other within a minute (runtime/config/effective-settings.ts). A bad value is
 * refused (400 naming the field and the rule) and nothing changes; JSON from the admin's own site
 * only (same-site-json.ts).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const account = accountOf(req)
  // Parsed by the route's middleware (api/middlewares.ts); again here, so the route never depends on it.
  const patch: StoredSettings = parseRequestPart(AccountSettingsBody, req.validatedBody ?? req.body, "body") as z.output<typeof AccountSettingsBody>
  const settings = await saveAccountSettings(account, patch, await adminUser(req))
  res.json({ settings })
}

function accountOf(req: AuthenticatedMedusaRequest): AccountRuntime {
  const { account_id } = parseParams(SettingsAccountParams, req.params)
  const account = getPluginRuntime(req.scope).accounts.find(
    (candidate) => candidate.providerId === account_id || accountId(candidate.options) === account_id
  )
  if (!account) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No pay later account ${account_id} in this store.`)
  return account
}

// Who saved: the admin user's id and e-mail (a secret API key's actor has no e-mail).
async function adminUser(req: AuthenticatedMedusaRequest): Promise<{ id: string; email: string | null }> {
  const id = req.auth_context?.actor_id ?? "unknown"
  try {
    const user = await req.scope.resolve(Modules.USER).retrieveUser(id, { select: ["id", "email"] })
    return { id, email: user.email ?? null }
  } catch {
    return { id, email: null }
  }
}
