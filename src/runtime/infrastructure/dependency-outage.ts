// Errors meaning one of the store's own dependencies (PostgreSQL, Redis) is away: they say nothing about the request,
// which works once it is back (docs/operations.md "Outages of PostgreSQL, Redis and the service").

/** What the shopper or admin reads, with the `code` storefronts branch on. */
export interface DependencyOutage {
  code: "database_unavailable" | "redis_unavailable" | "records_unavailable" | "lock_unavailable"
  message: string
}

export const DATABASE_UNAVAILABLE: DependencyOutage = {
  code: "database_unavailable",
  message:
    "The store's database is not answering right now (it is restarting or cannot be reached). Nothing was changed by this request; please try again in a minute.",
}

export const REDIS_UNAVAILABLE: DependencyOutage = {
  code: "redis_unavailable",
  message:
    "The store cannot reach its shared cache and locks (Redis) right now. Nothing was changed by this request; please try again in a minute.",
}

/** The payment's lock could not be had because the Locking Module's store is away: no money call went out. */
export const LOCK_UNAVAILABLE: DependencyOutage = {
  code: "lock_unavailable",
  message:
    "The pay later payment's lock cannot be taken right now (the store's Redis is not answering), so nothing was sent to the payment service. Please try again in a minute.",
}

// SQLSTATEs of a server going away: connection exceptions (08xxx), shutdowns and "cannot connect now" (57P01-57P03).
const POSTGRES_SQLSTATE = /^(08\d{3}|57P0[123])$/

/** Words of the pg driver, knex's pool and MikroORM when the database is out of reach. */
const POSTGRES_WORDS = [
  /Connection terminated/i,
  /Connection ended unexpectedly/i,
  // knex, for the next query of a transaction the outage broke (its ROLLBACK already ran).
  /Transaction query already complete/i,
  // knex's form, "<the SQL> - <the socket's error>", as MikroORM's DriverException carries it.
  /^\s*(?:select|insert|update|delete|with|begin|commit|rollback|savepoint|release)\b[\s\S]* - (?:(?:read|write|connect) )?(?:ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)\b/i,
  /Timeout acquiring a connection/i,
  /Client has encountered a connection error/i,
  /connection (?:to the database|to server).*(?:closed|lost|failed)/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
]

/** Words of ioredis when Redis is out of reach (every Medusa Redis module uses it). */
const REDIS_WORDS = [/max retries per request limit/i, /^Connection is closed\.?$/i, /^Stream isn't writeable/i, /Command timed out/i]

/** The outage an error stands for, else undefined; looks a few levels down `cause`, `originalError` and `previous`. */
export function dependencyOutage(error: unknown): DependencyOutage | undefined {
  for (const candidate of chainOf(error)) {
    // The plugin's own: the reason already says what happened and that nothing was sent.
    if (candidate.code === "records_unavailable" || candidate.code === "lock_unavailable") {
      return { code: candidate.code, message: String(candidate.message) }
    }
    const name = String(candidate.name ?? "")
    const message = String(candidate.message ?? "")
    const code = String(candidate.code ?? "")
    if (name === "MaxRetriesPerRequestError" || REDIS_WORDS.some((words) => words.test(message))) return REDIS_UNAVAILABLE
    if (name === "KnexTimeoutError" || name === "ConnectionException" || POSTGRES_SQLSTATE.test(code)) return DATABASE_UNAVAILABLE
    if (POSTGRES_WORDS.some((words) => words.test(message))) return DATABASE_UNAVAILABLE
  }
  return undefined
}

interface ErrorLike {
  name?: unknown
  message?: unknown
  code?: unknown
  cause?: unknown
  originalError?: unknown
  previous?: unknown
}

function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = []
  let next: unknown = error
  while (next && typeof next === "object" && chain.length < 5 && !chain.includes(next as ErrorLike)) {
    const current = next as ErrorLike
    chain.push(current)
    next = current.cause ?? current.originalError ?? current.previous
  }
  return chain
}
