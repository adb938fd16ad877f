import { Client } from "pg"

// One row in the store's own database: the sandbox's orders live exactly as long as the
// Medusa orders that point at them. A fresh database (tests, --embedded-postgres) starts both
// empty; a kept one gives the sandbox back what it knew, so order ids never restart at
// 100000000001 while Medusa still has an order pointing at that id.
const TABLE = "bnpl_demo_sandbox_state"

/** Keeps the sandbox's state (`Sandbox.saveState()`) in a table of the demo store's database. */
export interface SandboxStateKeeper {
  /** The state the last run saved, or undefined for a database that has none. */
  saved: string | undefined
  /** Saves `state()` soon; calls while a save runs are folded into one more save. */
  schedule(state: () => string): void
  /** Waits for the last save, then disconnects. */
  close(): Promise<void>
}

/** Connects to the demo's database, makes the table if needed and reads the saved state. */
export async function openSandboxStateKeeper(databaseUrl: string, warn: (line: string) => void = () => {}): Promise<SandboxStateKeeper> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id integer PRIMARY KEY, state text NOT NULL, saved_at timestamptz NOT NULL)`)
  const { rows } = await client.query<{ state: string }>(`SELECT state FROM ${TABLE} WHERE id = 1`)
  let pending: (() => string) | undefined
  let running: Promise<void> | undefined
  const drain = async () => {
    while (pending) {
      const state = pending()
      pending = undefined
      await client
        .query(
          `INSERT INTO ${TABLE} (id, state, saved_at) VALUES (1, $1, now())
           ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, saved_at = EXCLUDED.saved_at`,
          [state],
        )
        .catch((error: Error) => warn(`the sandbox's state was not saved: ${error.message}`))
    }
    running = undefined
  }
  return {
    saved: rows[0]?.state,
    schedule(state) {
      pending = state
      running ??= drain()
    },
    async close() {
      await running
      await client.end()
    },
  }
}
