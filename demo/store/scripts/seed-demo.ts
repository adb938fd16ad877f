import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { DEMO_ADMIN, ensureAdminUser } from "../../admin-user"
import { findSeededStore } from "../../find-seeded"
import { seedStore } from "../../seed"

/**
 * `npx medusa exec ./scripts/seed-demo.ts <output.json>`: seeds the demo store unless it is
 * seeded already, makes sure the admin login exists, and writes what the storefront and the
 * scripted purchase need (publishable key, region, variant and shipping ids) to the file.
 */
export default async function seedDemo({ container, args }: ExecArgs): Promise<void> {
  const seeded = (await findSeededStore(container)) ?? (await seedStore(container))
  await ensureAdminUser(container)
  writeFileSync(args[0], JSON.stringify({ ...seeded, admin: DEMO_ADMIN }, null, 2))
}
