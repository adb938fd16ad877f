import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { z } from "zod"
import { accountId } from "../../../../../../runtime/accounts/accounts"
import type { StoredSettings } from "../../../../../../runtime/config/account-settings"
import { getPluginRuntime, type AccountRuntime } from "../../../../../../runtime/accounts/plugin-runtime"
import { readAccountSettings, saveAccountSettings } from "../../../../../../runtime/config/settings-changes"
import { parseRequestPart } from "../../../../../validate-request"
import { AccountSettingsBody, parseParams, SettingsAccountParams } from "../../../validators"

/** `GET /admin/bnpl/accounts/:account_id/settings`: the settings as they apply, the defaults and the latest saves; 404 if unknown. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  res.json({ settings: await readAccountSettings(accountOf(req)) })
}

/** `POST` of the settings to change; this instance applies a save at once, every other within a minute. A bad value is a 400. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const account = accountOf(req)
  const patch: StoredSettings = parseRequestPart(AccountSettingsBody, req.validatedBody ?? req.body, "body") as z.output<
    typeof AccountSettingsBody
  >
  const settings = await saveAccountSettings(account, patch, await adminUser(req))
  res.json({ settings })
}

function accountOf(req: AuthenticatedMedusaRequest): AccountRuntime {
  const { account_id } = parseParams(SettingsAccountParams, req.params)
  const account = getPluginRuntime(req.scope).accounts.find(
    (candidate) => candidate.providerId === account_id || accountId(candidate.options) === account_id,
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
