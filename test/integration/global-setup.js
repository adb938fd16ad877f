// Installs the built plugin into the test store's node_modules the way `npm install <path>`
// does (a link to the package root), so the store resolves "medusa-payment-bnpl" through its
// package.json `exports` to the build output, never to src. Then migrates one template
// database with the real `medusa db:migrate` (Medusa's modules, links, the plugin's module and
// its migration scripts), which every test file's database is copied from (test/support/
// store-suite.ts): each file then starts with nothing to migrate instead of migrating anew.
const fs = require("node:fs")
const path = require("node:path")
const { spawnSync } = require("node:child_process")
const net = require("node:net")
const { onMaintenanceDatabase } = require("../support/maintenance-database")

// One template per run: a second run on the machine (a developer's beside CI's) neither drops
// this one's template under it nor copies from a half-migrated one. global-teardown.js drops it.
const TEMPLATE_DATABASE = `bnpl_integration_template_${process.pid}`
// Worker n's sandbox listens on the base port + 10 * (n - 1) (setup-env.js); room for 4 workers.
const WORKER_PORT_SLOTS = 4

module.exports = async () => {
  const root = path.resolve(__dirname, "../..")
  const built = path.join(root, ".medusa/server/src/providers/bnpl/index.js")
  if (!fs.existsSync(built)) {
    throw new Error(`The plugin is not built (${built} is missing): run \`npm run build\` first.`)
  }
  const modules = path.join(__dirname, "store/node_modules")
  const link = path.join(modules, "medusa-payment-bnpl")
  fs.mkdirSync(modules, { recursive: true })
  if (!fs.existsSync(link)) fs.symlinkSync(root, link, "dir")
  if (!process.env.BNPL_SANDBOX_BASE_PORT && !process.env.BNPL_SANDBOX_PORT) {
    // Set here, before jest starts its workers, so every worker reads the same base.
    process.env.BNPL_SANDBOX_BASE_PORT = String(await freeBasePort())
  }
  await migrateTemplate(root)
}

/**
 * The first base port from 4510 (in steps of 100) at which every worker's sandbox port is
 * free, so a second run on the machine gets sandboxes of its own instead of sharing the first
 * run's (its stores would then read and reset the other run's ledgers).
 */
async function freeBasePort() {
  for (let base = 4510; base < 9000; base += 100) {
    const ports = Array.from({ length: WORKER_PORT_SLOTS }, (_, slot) => base + 10 * slot)
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base
  }
  throw new Error("no free ports for the integration sandboxes between 4510 and 9000")
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

async function migrateTemplate(root) {
  const host = process.env.DB_HOST || "localhost"
  const user = process.env.DB_USERNAME || "postgres"
  await onMaintenanceDatabase(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`)
  })
  const logDir = path.join(root, "test-output/integration")
  fs.mkdirSync(logDir, { recursive: true })
  const started = Date.now()
  const migrated = spawnSync(process.execPath, [path.join(root, "node_modules/@medusajs/cli/cli.js"), "db:migrate"], {
    cwd: path.join(__dirname, "store"),
    env: {
      ...process.env,
      DATABASE_URL: `postgres://${user}@${host}:5432/${TEMPLATE_DATABASE}`,
      // The store's config needs a service address to load; nothing is called while migrating.
      BNPL_BASE_URL: "http://127.0.0.1:9",
      BNPL_AUTH_URL: "http://127.0.0.1:9/oauth",
      LOG_LEVEL: "error",
    },
    encoding: "utf8",
    timeout: 300_000,
  })
  fs.writeFileSync(path.join(logDir, "template-migrate.log"), `${migrated.stdout ?? ""}\n${migrated.stderr ?? ""}`)
  if (migrated.status !== 0) {
    // Each file then migrates its own database, as Medusa's runner does by default: slower, not wrong.
    console.warn(
      `\nThe integration template database could not be migrated (exit ${migrated.status}); see test-output/integration/template-migrate.log.`,
    )
    return
  }
  process.env.BNPL_INTEGRATION_TEMPLATE_DATABASE = TEMPLATE_DATABASE
  console.log(`\nIntegration template database migrated in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
}
