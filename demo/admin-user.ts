import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"

/** The demo's admin login, printed at start-up: it is a local demo store. */
export const DEMO_ADMIN = { email: "admin@example.com", password: "demo-password" }

/**
 * Creates the demo's admin user with an email/password login, as `npx medusa user -e -p`
 * does, unless it exists. The `--script` run signs in with it through `/auth/user/emailpass`,
 * the way the admin dashboard does.
 */
export async function ensureAdminUser(container: MedusaContainer): Promise<void> {
  const users = await container.resolve(Modules.USER).listUsers({ email: DEMO_ADMIN.email })
  if (users.length) return
  const { authIdentity, error } = await container.resolve(Modules.AUTH).register("emailpass", {
    body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  })
  if (error || !authIdentity) throw new Error(`could not create the demo admin login: ${error}`)
  await createUserAccountWorkflow(container).run({
    input: { userData: { email: DEMO_ADMIN.email, first_name: "Demo", last_name: "Admin" }, authIdentityId: authIdentity.id },
  })
}
