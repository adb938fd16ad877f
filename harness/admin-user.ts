import { randomBytes } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"

/** The demo's admin e-mail. The password is new on every run (`newAdminPassword`). */
export const DEMO_ADMIN_EMAIL = "admin@example.com"

/**
 * A password for this run of the demo: 18 random bytes, base64url (24 characters). A fixed,
 * published password would let anyone who reaches the store log in to its admin.
 */
export function newAdminPassword(): string {
  return randomBytes(18).toString("base64url")
}

/**
 * Makes sure the demo's admin user exists with an email/password login (as `npx medusa user
 * -e -p` does) and that its password is `password`: a database kept from an earlier run has
 * the admin with that run's password, which is replaced. The `--script` run signs in with it
 * through `/auth/user/emailpass`, the way the admin dashboard does.
 */
export async function ensureAdminUser(container: MedusaContainer, password: string): Promise<void> {
  const auth = container.resolve(Modules.AUTH)
  const users = await container.resolve(Modules.USER).listUsers({ email: DEMO_ADMIN_EMAIL })
  if (users.length) {
    const { success, error } = await auth.updateProvider("emailpass", { entity_id: DEMO_ADMIN_EMAIL, password })
    if (!success) throw new Error(`could not set the demo admin's password: ${error}`)
    return
  }
  const { authIdentity, error } = await auth.register("emailpass", { body: { email: DEMO_ADMIN_EMAIL, password } })
  if (error || !authIdentity) throw new Error(`could not create the demo admin login: ${error}`)
  await createUserAccountWorkflow(container).run({
    input: { userData: { email: DEMO_ADMIN_EMAIL, first_name: "Demo", last_name: "Admin" }, authIdentityId: authIdentity.id },
  })
}
