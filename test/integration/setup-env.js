// Environment of the integration suite: the machine's PostgreSQL with trust auth, and the
// sandbox on a fixed loopback port so the test store's medusa-config can name it before boot.
process.env.DB_HOST = process.env.DB_HOST || "localhost"
process.env.DB_USERNAME = process.env.DB_USERNAME || "postgres"
process.env.DB_PASSWORD = process.env.DB_PASSWORD || ""
// Each jest worker has its own sandbox (and its own store on a free port and database), so
// the integration files can run two at a time: worker n uses the base port + 10 * (n - 1).
process.env.BNPL_SANDBOX_BASE_PORT = process.env.BNPL_SANDBOX_BASE_PORT || process.env.BNPL_SANDBOX_PORT || "4510"
process.env.BNPL_SANDBOX_PORT = String(Number(process.env.BNPL_SANDBOX_BASE_PORT) + 10 * (Number(process.env.JEST_WORKER_ID || "1") - 1))
process.env.BNPL_BASE_URL = `http://127.0.0.1:${process.env.BNPL_SANDBOX_PORT}`
process.env.BNPL_AUTH_URL = `${process.env.BNPL_BASE_URL}/oauth`
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
// The background completion job (every minute in a store) would complete carts behind the
// tests' backs and add Auths to the ledgers they count; it is driven by hand where tested.
// Weekly, not yearly: a timer further away than 24.8 days overflows and fires at once.
process.env.BNPL_COMPLETION_SCHEDULE = process.env.BNPL_COMPLETION_SCHEDULE || "30 4 * * 0"
// Medusa's runner restores each file's database from its template before every test, which
// closes the store's pooled connections; knex logs each as "Connection Error: Connection ended
// unexpectedly". Dropped here so that a failure's own message is what a CI log's tail shows.
const log = console.log.bind(console)
console.log = (...args) => {
  if (typeof args[0] === "string" && args[0].startsWith("Connection Error: Connection ended unexpectedly")) return
  log(...args)
}
