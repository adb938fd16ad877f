import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "./sandbox-control"

/**
 * Starts the sandbox on the port the test store's medusa-config names, with the store's
 * environment (region, auth scheme, capture mode) set for this file only. Call it at the top
 * of an integration test file, before `medusaIntegrationTestRunner`, so its hooks run first
 * and the sandbox is up when the store boots.
 */
export function useSandboxForStore(environment: Record<string, string> = {}): {
  control: SandboxControl
  sandbox: () => Sandbox
} {
  let sandbox: Sandbox | undefined
  const previous: Record<string, string | undefined> = {}
  beforeAll(async () => {
    for (const [key, value] of Object.entries(environment)) {
      previous[key] = process.env[key]
      process.env[key] = value
    }
    // strictRequests: an unknown request field is a 422, so the whole suite proves the plugin
    // sends only fields the documents name.
    sandbox = await startSandbox({ port: Number(process.env.BNPL_SANDBOX_PORT), strictRequests: true })
  })
  afterAll(async () => {
    await sandbox?.close()
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })
  return {
    control: new SandboxControl(process.env.BNPL_BASE_URL!),
    sandbox: () => {
      if (!sandbox) throw new Error("the sandbox is not started yet")
      return sandbox
    },
  }
}
