/**
 * Counts the SQL statements a process sends to PostgreSQL: node-postgres's
 * `Client.prototype.query` is wrapped, so every statement of every pooled connection (Medusa's
 * knex and MikroORM, the plugin's module, the locking module's advisory locks, BEGIN and
 * COMMIT) is counted where it leaves the process. pg_stat_statements would need
 * `shared_preload_libraries` and a server restart; pg_stat_database counts transactions, not
 * statements. Only correct while nothing else in the process uses the database (a `medusa
 * exec` script runs no scheduled job and serves no request).
 */
export interface QueryCounter {
  /** Statements sent since the counter was installed. */
  readonly count: number
  /** Stops counting (the seed's own statements between measurements are not counted either way). */
  paused: boolean
}

export function installQueryCounter(storeDir: string): QueryCounter {
  // The pg that Medusa's knex loads: resolved from the store's directory, as Medusa resolves it.
  const pg = require(require.resolve("pg", { paths: [storeDir] })) as { Client: { prototype: { query: (...args: unknown[]) => unknown } } }
  const counter = { count: 0, paused: false }
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (!counter.paused) counter.count++
    return original.apply(this, args)
  }
  return counter
}
