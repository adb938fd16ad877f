/**
 * "Test connection" against the real sandbox over HTTP on loopback: each cause the settings
 * page names (a wrong secret, a wrong base URL: a port nobody listens on and a path that
 * 404s, EU credentials in a UK account, a token service that refuses or cannot be reached),
 * and that the answer never holds a secret.
 */
import { freePort } from "../../../../harness/ports"
import { parseOptions, type BnplOptionsInput } from "../../../../src/options"
import { createBnplClient } from "../../../../src/client/index"
import { testAccountConnection, type ConnectionTestResult } from "../../../../src/runtime/accounts/connection-test"
import { checkConnectionAtStartup } from "../../../../src/runtime/accounts/startup-connection-check"
import { SANDBOX_CREDENTIALS } from "../../../../src/sandbox-credentials"
import { startSandbox, type Sandbox } from "../../../../src/sandbox/index"

jest.setTimeout(30_000)

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strictRequests: true })
})
afterAll(() => sandbox.close())

const UK = SANDBOX_CREDENTIALS.UK
const EU = SANDBOX_CREDENTIALS.EU

function test_(overrides: Partial<BnplOptionsInput> = {}): Promise<ConnectionTestResult> {
  const options = parseOptions({ merchantId: UK.merchantId, secretKey: UK.secretKey, region: "UK", baseUrl: sandbox.url, ...overrides }, {})
  return testAccountConnection({ providerId: "pp_bnpl_bnpl", options })
}

const outcomes = (result: ConnectionTestResult) => Object.fromEntries(result.steps.map((step) => [step.step, step.outcome]))

function expectNoSecret(result: ConnectionTestResult, secret: string) {
  const text = JSON.stringify(result)
  expect(text).not.toContain(secret)
  expect(text).not.toContain(Buffer.from(`${UK.merchantId}:${secret}`).toString("base64"))
}

it("passes every step for the UK account's own credentials (Basic: no token step)", async () => {
  const result = await test_()
  expect(result.ok).toBe(true)
  expect(result.failure).toBeUndefined()
  expect(outcomes(result)).toEqual({ ping: "passed", token: "skipped", configuration: "passed", currency: "passed" })
  expect(result.steps.find((step) => step.step === "configuration")?.detail).toMatch(/GBP/)
  expectNoSecret(result, UK.secretKey)
})

it("passes every step with OAuth, the token included", async () => {
  const result = await test_({ authScheme: "oauth", authUrl: sandbox.authUrl })
  expect(outcomes(result)).toEqual({ ping: "passed", token: "passed", configuration: "passed", currency: "passed" })
})

it("a wrong secret fails Get Configuration as credentials (401) and names the options to check", async () => {
  const result = await test_({ secretKey: "not-the-secret-key" })
  expect(result.ok).toBe(false)
  expect(result.failure).toMatchObject({ step: "configuration", label: "Get Configuration", cause: "credentials", httpStatusCode: 401 })
  expect(result.failure!.fix).toMatch(/merchantId and secretKey/)
  expect(result.failure!.fix).toMatch(/authScheme/)
  expect(outcomes(result)).toEqual({ ping: "passed", token: "skipped", configuration: "failed", currency: "skipped" })
  expectNoSecret(result, "not-the-secret-key")
})

it("a wrong secret with OAuth fails at the token, before Get Configuration", async () => {
  const result = await test_({ secretKey: "not-the-secret-key", authScheme: "oauth", authUrl: sandbox.authUrl })
  expect(result.failure).toMatchObject({ step: "token", cause: "credentials", httpStatusCode: 401 })
  expect(outcomes(result)).toEqual({ ping: "passed", token: "failed", configuration: "skipped", currency: "skipped" })
  expectNoSecret(result, "not-the-secret-key")
})

it("a base URL on a port nobody listens on fails Ping as unreachable, naming baseUrl", async () => {
  const baseUrl = `http://127.0.0.1:${await freePort()}`
  const result = await test_({ baseUrl })
  expect(result.failure).toMatchObject({ step: "ping", cause: "unreachable" })
  expect(result.failure!.likelyCause).toContain(baseUrl)
  expect(result.failure!.likelyCause).toMatch(/ECONNREFUSED/)
  expect(result.failure!.fix).toMatch(/baseUrl/)
  expect(outcomes(result)).toEqual({ ping: "failed", token: "skipped", configuration: "skipped", currency: "skipped" })
})

it("a base URL whose path 404s fails Ping as a wrong address", async () => {
  const result = await test_({ baseUrl: `${sandbox.url}/api` })
  expect(result.failure).toMatchObject({ step: "ping", cause: "wrong_address", httpStatusCode: 404 })
  expect(result.failure!.fix).toMatch(/baseUrl .*without the \/v2/)
})

it("a token service nobody listens on fails the token step as unreachable, naming authUrl", async () => {
  const authUrl = `http://127.0.0.1:${await freePort()}`
  const result = await test_({ authScheme: "oauth", authUrl })
  expect(result.failure).toMatchObject({ step: "token", cause: "unreachable" })
  expect(result.failure!.likelyCause).toContain(authUrl)
  expect(result.failure!.fix).toMatch(/authUrl/)
})

it("EU credentials in a UK account fail the currency check: another region's credentials", async () => {
  const result = await test_({ merchantId: EU.merchantId, secretKey: EU.secretKey, region: "UK" })
  expect(result.failure).toMatchObject({ step: "currency", cause: "currency_mismatch" })
  expect(result.failure!.likelyCause).toMatch(/EU account \(EUR\) used for the UK region \(GBP\)/)
  expect(result.failure!.fix).toMatch(/UK account's merchantId and secretKey, or set region to EU/)
  expect(outcomes(result)).toEqual({ ping: "passed", token: "skipped", configuration: "passed", currency: "failed" })
  expectNoSecret(result, EU.secretKey)
})

it("UK credentials in an EU account fail the same way, the other way round", async () => {
  const result = await test_({ region: "EU" })
  expect(result.failure).toMatchObject({ step: "currency", cause: "currency_mismatch" })
  expect(result.failure!.likelyCause).toMatch(/UK account \(GBP\) used for the EU region \(EUR\)/)
})

describe("at start-up, on the store's shared client", () => {
  async function startUp(overrides: Partial<BnplOptionsInput>) {
    const options = parseOptions(
      { merchantId: UK.merchantId, secretKey: UK.secretKey, region: "UK", baseUrl: sandbox.url, ...overrides },
      {},
    )
    const client = createBnplClient({ ...options, maxRetries: 0 })
    const warnings: string[] = []
    const result = await checkConnectionAtStartup(
      { providerId: "pp_bnpl_bnpl-uk", options, client },
      { logger: { warn: (line) => warnings.push(line) } },
    )
    client.close()
    return { result, warnings }
  }

  it("warns once, naming the account, the step, the cause and the fix, and never the secret", async () => {
    const { result, warnings } = await startUp({ secretKey: "not-the-secret-key" })
    expect(result?.failure?.step).toBe("configuration")
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^medusa-payment-bnpl: pp_bnpl_bnpl-uk \(UK account\) connection test failed at Get Configuration: .*401.*Check merchantId and secretKey/,
    )
    expect(warnings[0]).not.toContain("not-the-secret-key")
  })

  it("says nothing when every step passes", async () => {
    const { result, warnings } = await startUp({})
    expect(result?.ok).toBe(true)
    expect(warnings).toEqual([])
  })
})
