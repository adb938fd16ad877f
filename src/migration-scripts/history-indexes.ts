import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Migration20261126220000 } from "../modules/bnpl-records/migrations/Migration20261126220000"

interface RawConnection {
  raw(sql: string): Promise<unknown>
}

/** Module migrations run in no fixed order, so this makes the history indexes (docs/performance.md "Scale") after all of them. */
export default async function historyIndexes({ container }: { container: MedusaContainer }): Promise<void> {
  const connection = container.resolve<RawConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  // The migration's own statements, so the two can never differ.
  const migration = new Migration20261126220000({} as never, {} as never)
  await migration.up()
  for (const statement of migration.getQueries()) await connection.raw(String(statement))
}
