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
  /** Statements sent since the counter was installed (while not paused). */
  count: number
  /** Stops counting (the seed's own statements between measurements are not counted either way). */
  paused: boolean
  /** Statements that took at least SLOW_MS while counting, with their time: what a run's time is made of. */
  slow: Array<{ ms: number; sql: string }>
}

/** A statement this slow is kept in `slow` (its text cut to 300 characters). */
export const SLOW_MS = 10

export function installQueryCounter(storeDir: string): QueryCounter {
  // The pg that Medusa's knex loads: resolved from the store's directory, as Medusa resolves it.
  const pg = require(require.resolve("pg", { paths: [storeDir] })) as { Client: { prototype: { query: (...args: unknown[]) => unknown } } }
  const counter: QueryCounter = { count: 0, paused: false, slow: [] }
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (counter.paused) return original.apply(this, args)
    counter.count++
    const started = performance.now()
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string })?.text ?? "")
    const done = () => {
      const ms = performance.now() - started
      if (ms >= SLOW_MS) counter.slow.push({ ms, sql: text.replace(/\s+/g, " ").slice(0, 300) })
    }
    // knex passes a callback; other callers take the promise.
    const last = args.length - 1
    if (typeof args[last] === "function") {
      const callback = args[last] as (...results: unknown[]) => unknown
      args[last] = (...results: unknown[]) => {
        done()
        return callback(...results)
      }
    }
    const result = original.apply(this, args)
    if (result instanceof Promise) void result.then(done, () => undefined)
    return result
  }
  return counter
}
