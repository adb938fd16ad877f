import { createHash, randomBytes } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { Client } from "pg"
import type { DemoSeed } from "./medusa-store"

/**
 * One migrated and seeded database per store directory kept as a PostgreSQL template, so a
 * test's store starts from a copy (`CREATE DATABASE ... TEMPLATE`, a second or two) instead of
 * migrating and seeding (a minute or more on 2 loaded cores). The soak, the cluster and the
 * browser tests' demo stores use it; a test of the demo's own first start does not.
 *
 * The template's name carries the store's name and a hash of everything that shapes it: the
 * built plugin's migrations, Medusa's version, the seed scripts and the store's config. A change
 * to any of them makes a new template (and drops that store's templates of other builds once
 * they are a day old). The seed's output
 * (ids and the admin login of the template) is kept in the template itself, in the table
 * `bnpl_test_seed`. Two processes asking for the same template at once build it once: the
 * build runs under a PostgreSQL advisory lock named after the template.
 */

const ROOT = path.resolve(__dirname, "..")
const PREFIX = "bnpl_template_"
const SEED_TABLE = "bnpl_test_seed"
/** How long another build's template is kept beside this one's (its run may still be copying from it). */
const KEEP_OTHER_BUILDS_MS = 24 * 60 * 60 * 1000

function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return []
  return readdirSync(directory)
    .sort()
    .flatMap((name) => {
      const full = path.join(directory, name)
      return statSync(full).isDirectory() ? filesUnder(full) : [full]
    })
}

/** The hash of what a seeded store's database depends on (the plugin must be built). */
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

export interface TemplateCopy {
  url: string
  seed: DemoSeed
  /** Whether the template had to be built first (migrations and seed ran). */
  builtTemplate: boolean
  drop(): Promise<void>
}

export interface TemplateRequest {
  /** A PostgreSQL URL of the server (its database part is ignored). */
  serverUrl: string
  /** The store's short name (`demo`, `soak`, `cluster`): templates of other stores are left alone. */
  store: string
  /** `templateHash(storeDir)`. */
  hash: string
  /** Migrates and seeds the empty database at `url`; answers the seed. */
  build: (url: string) => Promise<DemoSeed>
}

/**
 * A new database `bnpl_<store>_<random>` copied from the store's template for `hash`, building
 * the template first when it is missing (once, whoever else asks at the same time).
 */
export async function databaseFromTemplate(request: TemplateRequest): Promise<TemplateCopy> {
  const template = `${PREFIX}${request.store}_${request.hash}`
  const builtTemplate = await withServer(request.serverUrl, async (client) => {
    // Held on this connection while the template is checked and, if need be, built.
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [template])
    try {
      const exists = (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount
      if (exists) return false
      await buildTemplate(client, request, template)
      return true
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1))", [template])
    }
  })
  const name = `bnpl_${request.store}_${randomBytes(4).toString("hex")}`
  await withServer(request.serverUrl, (client) => createCopy(client, name, template))
  const url = databaseUrl(request.serverUrl, name)
  const client = new Client({ connectionString: url })
  await client.connect()
  let seed: DemoSeed
  try {
    seed = (await client.query(`SELECT seed FROM ${SEED_TABLE}`)).rows[0].seed
  } finally {
    await client.end()
  }
  return {
    url,
    seed,
    builtTemplate,
    drop: () => withServer(request.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  }
}

async function buildTemplate(client: Client, request: TemplateRequest, template: string): Promise<void> {
  const building = `bnpl_building_${randomBytes(4).toString("hex")}`
  await client.query(`CREATE DATABASE ${quote(building)}`)
  try {
    const seed = await request.build(databaseUrl(request.serverUrl, building))
    const store = new Client({ connectionString: databaseUrl(request.serverUrl, building) })
    await store.connect()
    try {
      await store.query(`CREATE TABLE ${SEED_TABLE} (seed jsonb NOT NULL)`)
      await store.query(`INSERT INTO ${SEED_TABLE} (seed) VALUES ($1)`, [JSON.stringify(seed)])
    } finally {
      await store.end()
    }
    // This store's templates of other builds, once a day old: of no use any more. A younger one
    // may be another checkout's, whose run on this machine is copying from it right now.
    const others = await client.query(
      "SELECT datname, shobj_description(oid, 'pg_database') AS built FROM pg_database WHERE datname LIKE $1",
      [`${PREFIX}${request.store}\\_%`],
    )
    for (const row of others.rows) {
      const builtAt = Date.parse(String(row.built ?? "").replace(/^built /, ""))
      if (!(builtAt > Date.now() - KEEP_OTHER_BUILDS_MS)) await client.query(`DROP DATABASE IF EXISTS ${quote(row.datname)} WITH (FORCE)`)
    }
    await client.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(template)}`)
    await client.query(`COMMENT ON DATABASE ${quote(template)} IS 'built ${new Date().toISOString()}'`)
  } catch (error) {
    await client.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`).catch(() => {})
    throw error
  }
}

/** Two copies of one template at once can meet "source database is being accessed by other users". */
async function createCopy(client: Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`)
      return
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
    }
  }
}
