/**
 * The `debug` option against the real sandbox over HTTP: each request and answer is logged at
 * debug level with its body, and no line holds the secret key, the Basic value, an access
 * token, or the shopper's e-mail and name. Off (the default), no body is logged.
 */
import { basicAuthorization, createBnplClient, type BnplClient, type BnplClientOptions } from "../../../src/client"
import { bodyForLog, PERSONAL } from "../../../src/client/debug-log"
import { SANDBOX_CREDENTIALS } from "../../../src/sandbox-credentials"
import { startSandbox, type Sandbox } from "../../../src/sandbox"

const UK = SANDBOX_CREDENTIALS.UK
let sandbox: Sandbox
let lines: Array<{ level: string; message: string }>
const clients: BnplClient[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strictRequests: true })
})
afterAll(() => sandbox.close())
beforeEach(() => {
  lines = []
})
afterEach(() => {
  while (clients.length) clients.pop()!.close()
})

function client(overrides: Partial<BnplClientOptions> = {}): BnplClient {
  const at = (level: string) => (message: string) => lines.push({ level, message })
  const made = createBnplClient({
    merchantId: UK.merchantId,
    secretKey: UK.secretKey,
    baseUrl: sandbox.url,
    authUrl: sandbox.authUrl,
    logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
    ...overrides,
  })
  clients.push(made)
  return made
}

const checkout = (bnpl: BnplClient) =>
  bnpl.createCheckout({
    amount: { amount: "40.00", currency: "GBP" },
    consumer: { email: "ada@example.com", givenNames: "Ada", surname: "Lovelace" },
    shipping: { name: "Ada Lovelace", line1: "12 Byron Street", postcode: "N1 7AA", countryCode: "GB" },
    items: [{ name: "Teapot", sku: "T-1", quantity: 1, price: { amount: "40.00", currency: "GBP" } }],
    merchant: { redirectConfirmUrl: "https://shop.example/confirm", redirectCancelUrl: "https://shop.example/cancel" },
  })

it("logs each request and answer at debug level, with no secret, token or personal data (OAuth)", async () => {
  const bnpl = client({ debug: true, authScheme: "oauth" })
  await bnpl.getConfiguration()
  await checkout(bnpl)
  await bnpl.getConfiguration().catch(() => undefined)
  const token = await bnpl.getAccessToken()

  const debugLines = lines.filter((line) => line.level === "debug" && line.message.startsWith("bnpl: debug ")).map((line) => line.message)
  expect(debugLines.find((line) => line.includes("Get access token"))).toMatch(
    /request .*client_secret=%5Bredacted%5D.* answer 200 .*"access_token":"\[redacted\]"/,
  )
  expect(debugLines.find((line) => line.includes("Get Configuration"))).toMatch(
    /answer 200 \{"minimumAmount":\{"amount":"1.00","currency":"GBP"\}/,
  )
  const created = debugLines.find((line) => line.includes("Create Checkout"))!
  expect(created).toMatch(/request \{"amount":\{"amount":"40.00","currency":"GBP"\}/)
  expect(created).toContain(`"countryCode":"GB"`)
  expect(created).toContain(`"email":"${PERSONAL}"`)
  expect(created).toMatch(/answer 201 \{"token":/)

  const everything = lines.map((line) => line.message).join("\n")
  for (const secret of [UK.secretKey, encodeURIComponent(UK.secretKey), basicAuthorization(UK.merchantId, UK.secretKey).slice(6), token]) {
    expect(everything).not.toContain(secret)
  }
  for (const personal of ["ada@example.com", "Lovelace", "12 Byron Street", "N1 7AA"]) expect(everything).not.toContain(personal)
})

it("logs an error answer's body too, and never the Basic credentials", async () => {
  const bnpl = client({ debug: true, secretKey: "a-wrong-secret", maxRetries: 0 })
  await expect(bnpl.getConfiguration()).rejects.toMatchObject({ code: "unauthorized" })
  const line = lines.find((entry) => entry.message.startsWith("bnpl: debug Get Configuration"))!.message
  expect(line).toMatch(/request \(none\) answer 401 \{.*"errorCode":"unauthorized"/)
  const everything = lines.map((entry) => entry.message).join("\n")
  expect(everything).not.toContain("a-wrong-secret")
  expect(everything).not.toContain(basicAuthorization(UK.merchantId, "a-wrong-secret").slice(6))
})

it("without debug, no body is logged (one summary line per try, as before)", async () => {
  const bnpl = client()
  await checkout(bnpl)
  expect(lines.some((line) => line.message.startsWith("bnpl: debug "))).toBe(false)
  expect(lines.map((line) => line.message).join("\n")).not.toContain("ada@example.com")
  expect(lines.some((line) => /bnpl: Create Checkout POST \/v2\/checkouts 201/.test(line.message))).toBe(true)
})

it("masks personal fields in any answer, keeps amounts, and cuts a long body", () => {
  const payment = {
    id: "1",
    orderDetails: { consumer: { email: "a@b.c", phoneNumber: "+44" }, billing: { line1: "x", countryCode: "FR" } },
    originalAmount: { amount: "9.99", currency: "EUR" },
  }
  expect(JSON.parse(bodyForLog(JSON.stringify(payment)))).toEqual({
    id: "1",
    orderDetails: { consumer: { email: PERSONAL, phoneNumber: PERSONAL }, billing: { line1: PERSONAL, countryCode: "FR" } },
    originalAmount: { amount: "9.99", currency: "EUR" },
  })
  expect(bodyForLog("x".repeat(5000))).toMatch(/… \(5000 characters\)$/)
  expect(bodyForLog(undefined)).toBe("(none)")
})
