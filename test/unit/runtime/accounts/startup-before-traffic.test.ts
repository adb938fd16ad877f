import { asValue } from "@medusajs/framework/awilix"
import { container } from "@medusajs/framework"
import { startSandbox, type Sandbox } from "../../../../src/sandbox"
import { runApplicationStart } from "../../../../src/modules/bnpl-records/application-start"
import { getPluginRuntime } from "../../../../src/runtime/accounts/plugin-runtime"

/**
 * Issue 49, item 5: the accounts' connection test runs in the records module's start hook,
 * which Medusa awaits before `medusa start` listens, so the first shopper never waits behind
 * its Ping: when the hook returns, the test is done, the limits were read and a connection is
 * open in the pool.
 */
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
  const options = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key", region: "UK", baseUrl: sandbox.url }
  container.register("configModule", asValue({ plugins: [{ resolve: "medusa-payment-bnpl", options }], modules: {} }))
})

afterAll(async () => {
  for (const account of getPluginRuntime(container).accounts) account.client.close()
  container.register("configModule", asValue(undefined))
  await sandbox.close()
})

it("the start hook returns once the connection test is done, with a connection left open; a second start sends nothing", async () => {
  await runApplicationStart()
  const { requests } = sandbox.control.ledger()
  expect([requests.ping, requests.configuration]).toEqual([1, 1])
  // The payment step's warm-up finds the connection the test left idle: no Ping of its own.
  getPluginRuntime(container).accounts[0].client.warm()
  await new Promise((resolve) => setTimeout(resolve, 50))
  await runApplicationStart()
  expect(sandbox.control.ledger().requests.ping).toBe(1)
})
