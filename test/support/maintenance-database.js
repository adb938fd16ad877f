// The integration tests' way to the server's `postgres` database, where databases are made,
// copied and dropped: test/integration/global-setup.js and global-teardown.js (run by jest
// before any test framework) and test/support/store-suite.ts use it.
const { Client } = require("pg")

/**
 * Runs `work` with a connected client of the `postgres` database of DB_HOST as DB_USERNAME
 * (the machine's trust-auth PostgreSQL by default), and closes it whatever `work` does.
 * @template T
 * @param {(client: import("pg").Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function onMaintenanceDatabase(work) {
  const client = new Client({
    host: process.env.DB_HOST || "localhost",
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

module.exports = { onMaintenanceDatabase }
