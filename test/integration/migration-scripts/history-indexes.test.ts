import path from "node:path"
import { prepareDatabase, queryDatabase, type DemoDatabase } from "../../../harness/database"
import { linkPlugin, migrateStore } from "../../../harness/medusa-store"

/**
 * The jobs read Medusa's tables by time windows (docs/performance.md "Scale"); the indexes that
 * keep those reads to the window must exist after the `medusa db:migrate` a merchant runs on a
 * fresh database, where Medusa ran the plugin's module migration before the payment, order and
 * fulfillment modules had made their tables (src/migration-scripts/history-indexes.ts). Runs the
 * real CLI on the demo store (migrations only, no server); needs PostgreSQL on localhost:5432.
 */

// db:migrate on a fresh database takes 20 to 60 s on the busy 2-CPU machine.
jest.setTimeout(180_000)

const DATABASE_URL = process.env.BNPL_HISTORY_INDEXES_DATABASE_URL || "postgres://postgres@localhost:5432/bnpl_history_indexes"
const LOG_DIR = path.resolve(__dirname, "../../../test-output/integration-history-indexes")

let database: DemoDatabase | undefined

beforeAll(async () => {
  database = await prepareDatabase({ url: DATABASE_URL, fresh: true })
})

afterAll(async () => {
  await database?.close()
})

it("medusa db:migrate on a fresh database leaves an index on each window's column of Medusa's tables", async () => {
  linkPlugin()
  await migrateStore({
    port: 0,
    databaseUrl: database!.url,
    bnplBaseUrl: "http://127.0.0.1:9",
    storeUrl: "http://127.0.0.1:9",
    storefrontUrl: "http://storefront.test",
    logDir: LOG_DIR,
  })
  const rows = await queryDatabase<{ tablename: string; indexdef: string }>(
    database!.url,
    "select tablename, indexdef from pg_indexes where schemaname = 'public' and indexname like 'IDX\\_bnpl\\_%' and tablename in ('payment_session', 'payment', 'capture', 'refund', 'order', 'fulfillment') order by tablename",
  )
  expect(rows.map((row) => `${row.tablename}: ${/\((\w+)\)/.exec(row.indexdef)?.[1]}`)).toEqual([
    "capture: created_at",
    "fulfillment: shipped_at",
    "order: canceled_at",
    "payment: created_at",
    "payment_session: created_at",
    "refund: created_at",
  ])
})
