// Drops the run's template database (global-setup.js): the files' own databases are dropped
// by Medusa's runner as each file ends.
const { Client } = require("pg")

module.exports = async () => {
  const template = process.env.BNPL_INTEGRATION_TEMPLATE_DATABASE
  if (!template) return
  const client = new Client({
    host: process.env.DB_HOST || "localhost",
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}
