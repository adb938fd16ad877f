import { createHash, randomBytes } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { Client } from "pg"
import type { DemoSeed } from "../../harness/medusa-store"

/**
 * One migrated and seeded database kept as a PostgreSQL template, so a soak starts from a copy
 * (`CREATE DATABASE ... TEMPLATE`, a second or two) instead of migrating and seeding (minutes
 * on 2 loaded cores). The template's name carries a hash of everything that shapes it: the
 * built plugin's migrations, Medusa's version, the seed scripts and the store's config; a change
 * to any of them makes a new template (and drops the older ones). The seed's output (ids and the
 * admin login of the template) is kept in the template itself, in the table `soak_seed`.
 */

const ROOT = path.resolve(__dirname, "../..")
const PREFIX = "bnpl_soak_template_"

function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return []
  return readdirSync(directory)
    .sort()
    .flatMap((name) => {
      const full = path.join(directory, name)
      return statSync(full).isDirectory() ? filesUnder(full) : [full]
    })
}

/** The hash of what a seeded store's database depends on. */
export function templateHash(storeDir: string): string {
  const hash = createHash("sha256")
  const built = path.join(ROOT, ".medusa/server/src")
  const sources = [
    ...filesUnder(path.join(built, "modules")).filter((file) => file.includes(`${path.sep}migrations${path.sep}`) && file.endsWith(".js")),
    ...filesUnder(path.join(built, "links")).filter((file) => file.endsWith(".js")),
    require.resolve("@medusajs/medusa/package.json"),
    path.join(ROOT, "harness/seed.ts"),
    path.join(ROOT, "harness/pay-later-providers.ts"),
    path.join(ROOT, "demo/store/scripts/seed-demo.ts"),
    path.join(storeDir, "medusa-config.js"),
  ]
  for (const file of sources) hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0")
  return hash.digest("hex").slice(0, 16)
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

async function withServer<T>(url: string, job: (client: Client) => Promise<T>): Promise<T> {
  const maintenance = new URL(url)
  maintenance.pathname = "/postgres"
  const client = new Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return await job(client)
  } finally {
    await client.end()
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export interface SoakDatabase {
  url: string
  seed: DemoSeed
  /** Whether the template had to be built first (migrations and seed ran). */
  builtTemplate: boolean
  drop(): Promise<void>
}

/**
 * A new database `bnpl_soak_<random>` copied from the template for `hash`, building the template
 * first when it is missing: `build(url)` migrates and seeds an empty database and answers the seed.
 */
export async function soakDatabase(serverUrl: string, hash: string, build: (url: string) => Promise<DemoSeed>): Promise<SoakDatabase> {
  const template = `${PREFIX}${hash}`
  const exists = await withServer(serverUrl, async (client) => Boolean((await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount))
  if (!exists) {
    const building = `bnpl_soak_building_${randomBytes(4).toString("hex")}`
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${quote(building)}`))
    try {
      const seed = await build(databaseUrl(serverUrl, building))
      const client = new Client({ connectionString: databaseUrl(serverUrl, building) })
      await client.connect()
      try {
        await client.query("CREATE TABLE soak_seed (seed jsonb NOT NULL)")
        await client.query("INSERT INTO soak_seed (seed) VALUES ($1)", [JSON.stringify(seed)])
      } finally {
        await client.end()
      }
      await withServer(serverUrl, async (client) => {
        // Older templates (another plugin build or seed) are of no use any more.
        const old = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${PREFIX}%`])
        for (const row of old.rows) await client.query(`DROP DATABASE IF EXISTS ${quote(row.datname)} WITH (FORCE)`)
        await client.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(template)}`)
      })
    } catch (error) {
      await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`)).catch(() => {})
      throw error
    }
  }
  const name = `bnpl_soak_${randomBytes(4).toString("hex")}`
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`))
  const url = databaseUrl(serverUrl, name)
  const client = new Client({ connectionString: url })
  await client.connect()
  let seed: DemoSeed
  try {
    seed = (await client.query("SELECT seed FROM soak_seed")).rows[0].seed
  } finally {
    await client.end()
  }
  return {
    url,
    seed,
    builtTemplate: !exists,
    drop: () => withServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  }
}
