import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import jwt from "jsonwebtoken"

/**
 * An admin user of the test store and the headers its dashboard would send. The token is
 * signed with the test store's `jwtSecret` exactly as Medusa's auth route signs it.
 */
export async function adminHeaders(container: MedusaContainer): Promise<{ headers: Record<string, string> }> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const [user] = await userModule.createUsers([{ email: `admin-${Date.now()}@example.com`, first_name: "Admin" }])
  const identity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const token = jwt.sign(
    { actor_id: user.id, actor_type: "user", auth_identity_id: identity.id, app_metadata: { user_id: user.id } },
    "integration-test",
    { expiresIn: "1d" },
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
