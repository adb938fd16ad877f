import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import path from "node:path"
import { adminHeaders } from "./admin"
import { Shopper } from "../../harness/shopper"
import type { Sandbox } from "../../src/sandbox"
import type { SandboxControl } from "./sandbox-control"
import { useSandboxForStore } from "./sandbox-for-store"
import { seedStore, type SeededStore } from "./seed-store"

/** What a test of the integration store has: the store API, Medusa's container, the sandbox. */
export interface StoreSuite {
  api: AxiosInstance
  getContainer: () => MedusaContainer
  control: SandboxControl
  /** The running sandbox (its URL, its state). */
  sandbox: () => Sandbox
  /** Seeded anew before each test, on a sandbox reset before it. */
  store: SeededStore
  /** The admin's headers, made before each test. */
  admin: { headers: Record<string, string> }
  /** A shopper of the seeded store (its publishable key), made before each test. */
  shopper: Shopper
}

/**
 * One integration test file: the sandbox (with `environment` set for this file's store:
 * region, auth scheme, capture mode, accounts), the test store of test/integration/store, and
 * before each test a reset sandbox, a freshly seeded store, the admin's headers and a shopper.
 * Read `suite.store`, `suite.admin` and `suite.shopper` inside a test (they are new for each).
 */
export function describeStore(environment: Record<string, string>, tests: (suite: StoreSuite) => void): void {
  const { control, sandbox } = useSandboxForStore(environment)
  medusaIntegrationTestRunner({
    cwd: path.join(__dirname, "../integration/store"),
    testSuite: ({ api, getContainer }) => {
      const suite = { api, getContainer, control, sandbox } as StoreSuite
      beforeEach(async () => {
        await control.reset()
        suite.store = await seedStore(getContainer())
        suite.admin = await adminHeaders(getContainer())
        suite.shopper = new Shopper(api, suite.store.publishableKey)
      })
      tests(suite)
    },
  })
}
