import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import { randomBytes } from "node:crypto"
import path from "node:path"
import type { Client } from "pg"
import { adminHeaders } from "./admin"
import { reportRequestErrorsPlainly } from "./reportable-request-errors"
import { Shopper } from "../../harness/shopper"
import type { Sandbox } from "../../src/sandbox"
import type { SandboxControl } from "./sandbox-control"
import { useSandboxForStore } from "./sandbox-for-store"
import { seedStore, type SeededStore } from "./seed-store"

// CommonJS, because the plain JavaScript of global-setup.js and global-teardown.js requires it too.
const { onMaintenanceDatabase } = require("./maintenance-database") as {
  onMaintenanceDatabase: <T>(work: (client: Client) => Promise<T>) => Promise<T>
}

/** What a test of the integration store has: the store API, Medusa's container, the sandbox. */
export interface StoreSuite {
  api: AxiosInstance
  getContainer: () => MedusaContainer
  control: SandboxControl
  /** The running sandbox (its URL, its state). */
  sandbox: () => Sandbox
  /** Seeded once; every test starts from the database as it was right after the seed, on a reset sandbox. */
  store: SeededStore
  /** The admin's headers (the admin user is in the seeded snapshot). */
  admin: { headers: Record<string, string> }
  /** A shopper of the seeded store (its publishable key), made before each test. */
  shopper: Shopper
}

/**
 * One integration test file: the sandbox (with `environment` set for this file's store:
 * region, auth scheme, capture mode, accounts), the test store of test/integration/store seeded
 * once, and before each test the seeded database restored, a reset sandbox and a new shopper.
 * Read `suite.store`, `suite.admin` and `suite.shopper` inside a test.
 */
export function describeStore(environment: Record<string, string>, tests: (suite: StoreSuite) => void): void {
  const { control, sandbox } = useSandboxForStore(environment)
  runIntegrationStore(({ api, getContainer }) => {
    const suite = { api, getContainer, control, sandbox } as StoreSuite
    beforeAll(async () => {
      reportRequestErrorsPlainly(api)
      // Seeded once: Medusa's runner snapshots the database before the first test (after the
      // suite's beforeAll hooks) and restores that snapshot before every other, so each test
      // starts on the same seeded store without seeding it again (seconds a test).
      suite.store = await seedStore(getContainer())
      suite.admin = await adminHeaders(getContainer())
    })
    beforeEach(async () => {
      await control.reset()
      suite.shopper = new Shopper(api, suite.store.publishableKey)
    })
    afterEach(async () => {
      // The plugin stores the limits it read for every instance, outside the database that
      // Medusa's runner restores: after a test that changed them, the next test of the same
      // store (often another file's) would check carts against them. Read the defaults back.
      if (!control.takeLimitsChanged()) return
      await control.reset()
      await api.post("/admin/bnpl/configuration/refresh", {}, suite.admin)
    })
    tests(suite)
  })
}

/**
 * The store of test/integration/store for one test file, on a copy of the template
 * global-setup.js migrated, through Medusa's own runner (which then finds nothing to migrate).
 */
export function runIntegrationStore(testSuite: (store: { api: AxiosInstance; getContainer: () => MedusaContainer }) => void): void {
  medusaIntegrationTestRunner({ ...fromMigratedTemplate(), testSuite })
}

/**
 * The options of Medusa's `medusaIntegrationTestRunner` for the store of test/integration/store
 * on a database copied from the template global-setup.js migrated: the runner then finds
 * nothing to migrate.
 */
function fromMigratedTemplate(): { cwd: string; dbName: string; hooks: { beforeServerStart: () => Promise<void> } } {
  const dbName = `medusa-bnpl-${randomBytes(4).toString("hex")}-integration-${process.env.JEST_WORKER_ID ?? "1"}`
  return {
    cwd: path.join(__dirname, "../integration/store"),
    dbName,
    // Before Medusa's runner creates and migrates the database: a copy of the migrated template.
    hooks: { beforeServerStart: () => copyTemplateDatabase(dbName) },
  }
}

/**
 * Creates the file's database as a copy of the template test/integration/global-setup.js
 * migrated, so Medusa's runner finds nothing to migrate (it keeps a database that exists).
 * Without a template (its migration failed), the runner migrates an empty one as usual.
 */
async function copyTemplateDatabase(dbName: string): Promise<void> {
  const template = process.env.BNPL_INTEGRATION_TEMPLATE_DATABASE
  if (!template) return
  await onMaintenanceDatabase(async (client) => {
    // Two workers copying at once can meet "source database is being accessed by other users".
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${dbName}" TEMPLATE "${template}"`)
        return
      } catch (error) {
        if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
      }
    }
  })
}
