// Drops the run's template database (global-setup.js): the files' own databases are dropped
// by Medusa's runner as each file ends.
const { onMaintenanceDatabase } = require("../support/maintenance-database")

module.exports = async () => {
  const template = process.env.BNPL_INTEGRATION_TEMPLATE_DATABASE
  if (!template) return
  await onMaintenanceDatabase((client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`))
}
