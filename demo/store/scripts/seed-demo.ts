import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ensureAdminUser } from "../../../harness/admin-user"
import { findSeededStore } from "../../../harness/find-seeded"
import { seedStore } from "../../../harness/seed"

/**
 * `npx medusa exec ./scripts/seed-demo.ts <output.json>`: seeds the demo store unless it is
 * seeded already, gives the admin login the password in `DEMO_ADMIN_PASSWORD` (new on every
 * run), and writes what the storefront and the scripted purchase need (publishable key,
 * region, variant and shipping ids) to the file. The password is not written to the file.
 */
export default async function seedDemo({ container, args }: ExecArgs): Promise<void> {
  const password = process.env.DEMO_ADMIN_PASSWORD
  if (!password) throw new Error("seed-demo needs DEMO_ADMIN_PASSWORD (harness/medusa-store.ts sets it)")
  const seeded = (await findSeededStore(container)) ?? (await seedStore(container))
  await ensureAdminUser(container, password)
  writeFileSync(args[0], JSON.stringify(seeded, null, 2))
}
