import { Client } from "pg"

/**
 * The bench's own PostgreSQL database on the machine's server (trust auth): dropped and
 * created again before each run, so every run starts from an empty store.
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@localhost:5432/medusa_bnpl_bench"

async function onMaintenanceDatabase<T>(url: string, run: (client: Client, name: string) => Promise<T>): Promise<T> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const maintenance = new URL(url)
  maintenance.pathname = "/postgres"
  const client = new Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3_000 })
  await client.connect()
  try {
    return await run(client, `"${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

/** DROP (forcing out any leftover connection) and CREATE the database of `url`. */
export async function recreateDatabase(url = BENCH_DATABASE_URL): Promise<void> {
  await onMaintenanceDatabase(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${name}`)
  })
}

export async function dropDatabase(url = BENCH_DATABASE_URL): Promise<void> {
  await onMaintenanceDatabase(url, (client, name) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}
