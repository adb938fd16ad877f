import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import axios from "axios"

// Medusa's own pieces of `medusaIntegrationTestRunner` (the package has no export map).
const runnerUtilities = require("@medusajs/test-utils/dist/medusa-test-runner-utils") as {
  configLoaderOverride: (directory: string, override: { clientUrl: string; debug?: boolean }) => Promise<void>
  startApp: (options: { cwd: string }) => Promise<{ shutdown: () => Promise<void>; container: MedusaContainer; port: number }>
  clearInstances: () => Promise<void>
  createPostgresDatabaseTemplate: (names: { databaseName: string; templateName: string }) => Promise<void>
  restorePostgresDatabaseFromTemplate: (names: { databaseName: string; templateName: string }) => Promise<void>
  dropPostgresDatabaseTemplate: (templateName: string) => Promise<void>
  closeWaitingroomClient: () => Promise<void>
}
const { waitWorkflowExecutions } = require("@medusajs/test-utils/dist/medusa-test-runner-utils/wait-workflow-executions") as {
  waitWorkflowExecutions: (container: MedusaContainer) => Promise<void>
}

/** What a test file of a store started by runStoreOnCopy has: the store's API and Medusa's container. */
export interface RunningStore {
  api: AxiosInstance
  getContainer: () => MedusaContainer
}

/**
 * Medusa's `medusaIntegrationTestRunner`, for a store whose database is already migrated:
 * `createDatabase` makes the file's database (a copy of the migrated template), then the store
 * boots once, as `medusa start` does. Medusa's runner boots the application twice (its own
 * loader for the migrations and the link sync, then the server) and migrates and syncs links
 * on a copy that has nothing to migrate: about half of each file's start-up. The rest is
 * Medusa's: its database snapshot after the file's `beforeAll` hooks (the seed), the snapshot
 * restored before every other test, the wait for running workflows after each test, the
 * admin disabled, the same port and database naming.
 */
export function runStoreOnCopy(
  options: { cwd: string; dbName: string; createDatabase: () => Promise<void> },
  testSuite: (store: RunningStore) => void,
): void {
  const host = process.env.DB_HOST ?? "localhost"
  const user = process.env.DB_USERNAME ?? "postgres"
  const password = process.env.DB_PASSWORD ? `:${process.env.DB_PASSWORD}` : ""
  const clientUrl = `postgres://${user}${password}@${host}/${options.dbName}`
  const snapshotName = `${options.dbName}-template`
  let started: { shutdown: () => Promise<void>; container: MedusaContainer } | undefined
  let snapshotTaken = false
  // Filled once the store listens; the proxy lets the suite read `api` before then.
  let client: AxiosInstance | undefined
  const api = new Proxy({} as AxiosInstance, { get: (_, property) => (client as unknown as Record<PropertyKey, unknown>)?.[property] })

  describe("", () => {
    beforeAll(async () => {
      await options.createDatabase()
      await runnerUtilities.configLoaderOverride(options.cwd, { clientUrl })
      const app = await runnerUtilities.startApp({ cwd: options.cwd })
      started = app
      client = axios.create({ baseURL: `http://localhost:${app.port}` })
      await waitWorkflowExecutions(app.container)
    })
    beforeEach(async () => {
      const names = { databaseName: options.dbName, templateName: snapshotName }
      if (!snapshotTaken) {
        // After the file's own beforeAll hooks, so the seed is in what every test starts from.
        await runnerUtilities.createPostgresDatabaseTemplate(names)
        snapshotTaken = true
        return
      }
      await runnerUtilities.restorePostgresDatabaseFromTemplate(names)
    })
    afterEach(async () => {
      if (started) await waitWorkflowExecutions(started.container)
    })
    afterAll(async () => {
      await started?.shutdown()
      await runnerUtilities.clearInstances()
      await (started?.container as unknown as { dispose?: () => Promise<void> })?.dispose?.()
      if (snapshotTaken) await runnerUtilities.dropPostgresDatabaseTemplate(snapshotName)
      await runnerUtilities.dropPostgresDatabaseTemplate(options.dbName)
      await runnerUtilities.closeWaitingroomClient()
    })
    testSuite({ api, getContainer: () => started?.container as MedusaContainer })
  })
}
