import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Migration20261126220000 } from "../modules/bnpl-records/migrations/Migration20261126220000"

/** What the script needs of Medusa's database connection (knex). */
interface RawConnection {
  raw(sql: string): Promise<unknown>
}

/**
 * Makes the indexes of the records module's Migration20261126220000 (the jobs' time windows on
 * Medusa's own tables: docs/performance.md "Scale") once every module's tables exist.
 * `medusa db:migrate` runs the modules' migrations in no fixed order: on a fresh database the
 * plugin's ran before the payment, order and fulfillment modules had made their tables, so the
 * migration found none and made no index. Migration scripts run after every module's migrations
 * and the links, once per database (Medusa records them in `script_migrations`). On a store
 * whose tables were there when the migration ran, the indexes exist already (`if not exists`).
 */
export default async function historyIndexes({ container }: { container: MedusaContainer }): Promise<void> {
  const connection = container.resolve<RawConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  // The migration's own statements, so the two can never differ; it is never run against a driver here.
  const migration = new Migration20261126220000({} as never, {} as never)
  await migration.up()
  for (const statement of migration.getQueries()) await connection.raw(String(statement))
}
