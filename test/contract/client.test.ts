/**
 * The client against the sandbox over real HTTP on loopback: every endpoint, both
 * authentication schemes, every row of docs/service-api.md "Errors", pagination, time-outs,
 * retries that apply a change exactly once, and no secret in any log line or error.
 * The sandbox is driven through its HTTP control API (`/__control`).
 */
import { createServer } from "node:net"
import { inspect } from "node:util"
import {
  basicAuthorization,
  BnplApiError,
  type BnplClient,
  BnplConnectionLostError,
  BnplDeclinedError,
  BnplNetworkError,
  BnplTimeoutError,
  BnplValidationError,
  createBnplClient,
  type BnplClientOptions,
  type Payment,
  type StoredToken,
  type TokenStore,
} from "../../src/client"
import { startSandbox, type Sandbox } from "../../src/sandbox"

jest.setTimeout(30_000)

const UK = { merchantId: "sandbox-uk-merchant", secretKey: "sandbox-uk-secret-key" }
const EU = { merchantId: "sandbox-eu-merchant", secretKey: "sandbox-eu-secret-key" }
const GBP = (amount: string) => ({ amount, currency: "GBP" })

let sandbox: Sandbox
const clients: BnplClient[] = []
/** Every log line and error message of the current test, for the secret scan. */
let logLines: string[] = []

beforeAll(async () => {
  // strictRequests: a field the documents do not name is refused, so every call here proves
  // the client sends only what they name.
  sandbox = await startSandbox({ port: 0, strictRequests: true, reversalDelaySeconds: 30 })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(async () => {
  logLines = []
  await control("POST", "/reset")
})
afterEach(() => {
  while (clients.length) clients.pop()!.close()
})

// ---- helpers -------------------------------------------------------------------------

async function control<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox.url}/__control${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

const ledger = () => control("GET", "/ledger")
const fault = (spec: Record<string, unknown>) => control("POST", "/faults", spec)
const confirm = (token: string, outcome: "approve" | "decline" = "approve") =>
  control("POST", `/checkouts/${encodeURIComponent(token)}/confirm`, { outcome })

function makeClient(overrides: Partial<BnplClientOptions> = {}): BnplClient {
  const capture = (level: string) => (message: string) => logLines.push(`${level} ${message}`)
  const client = createBnplClient({
    ...UK,
    baseUrl: sandbox.url,
    authUrl: sandbox.authUrl,
    retryDelayMs: 5,
    logger: { debug: capture("debug"), info: capture("info"), warn: capture("warn"), error: capture("error") },
    ...overrides,
  })
  clients.push(client)
  return client
}

async function failure(promise: Promise<unknown>): Promise<BnplApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(BnplApiError)
    logLines.push(`error ${(error as Error).message}`)
    return error as BnplApiError
  }
  throw new Error("expected the call to fail")
}

async function newCheckout(client: BnplClient, amount = "100.00", extra: Record<string, unknown> = {}) {
  return client.createCheckout({
    amount: GBP(amount),
    consumer: { email: "buyer@example.com", givenNames: "Ada", surname: "Lovelace" },
    items: [{ name: "Teapot", sku: "T-1", quantity: 2, price: GBP((Number(amount) / 2).toFixed(2)) }],
    merchant: { redirectConfirmUrl: "https://shop.example/confirm", redirectCancelUrl: "https://shop.example/cancel" },
    merchantReference: "cart_1",
    ...extra,
  })
}

async function approvedPayment(client: BnplClient, amount = "100.00", requestId?: string): Promise<Payment> {
  const { token } = await newCheckout(client, amount)
  await confirm(token)
  return client.auth({ token, requestId })
}

async function capturedPayment(client: BnplClient, amount = "100.00"): Promise<Payment> {
  const payment = await approvedPayment(client, amount)
  return client.capturePayment(payment.id, { requestId: `cap-${payment.id}`, amount: GBP(amount) })
}

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

// ---- every endpoint -------------------------------------------------------------------

describe("every endpoint (Basic authentication)", () => {
  it("Ping answers true, and false when nothing listens", async () => {
    expect(await makeClient().ping()).toBe(true)
    const down = makeClient({ baseUrl: `http://127.0.0.1:${await closedPort()}` })
    expect(await down.ping()).toBe(false)
  })

  it("Get Configuration gives the account's limits and the Cache-Control max-age", async () => {
    const { configuration, maxAgeSeconds } = await makeClient().getConfiguration()
    expect(configuration.minimumAmount).toEqual(GBP("1.00"))
    expect(configuration.maximumAmount).toEqual(GBP("1000.00"))
    expect(maxAgeSeconds).toBe(86400)
    const eu = await makeClient(EU).getConfiguration()
    expect(eu.configuration.maximumAmount).toEqual({ amount: "2000.00", currency: "EUR" })
  })

  it("Create Checkout and Get Checkout", async () => {
    const client = makeClient()
    const created = await newCheckout(client, "42.50")
    expect(created.token).toEqual(expect.any(String))
    expect(new Date(created.expires).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(created.redirectCheckoutUrl).toMatch(/^http/)
    const checkout = await client.getCheckout(created.token)
    expect(checkout.token).toBe(created.token)
    expect(checkout.amount).toEqual(GBP("42.50"))
    expect(checkout.consumer).toMatchObject({ email: "buyer@example.com" })
    expect(checkout.items).toHaveLength(1)
  })

  it("Create Checkout outside the account's limits is `unsupported`", async () => {
    const error = await failure(newCheckout(makeClient(), "1000.01"))
    expect(error.code).toBe("unsupported")
    expect(error.httpStatusCode).toBe(422)
    expect(error.errorCode).toBe("unsupported_payment_type")
  })

  it("Auth, Get Payment, Get Payment By Token", async () => {
    const client = makeClient()
    const { token } = await newCheckout(client)
    await confirm(token)
    const payment = await client.auth({ token, requestId: "auth-1", merchantReference: "order_1" })
    expect(payment.status).toBe("APPROVED")
    expect(payment.paymentState).toBe("AUTH_APPROVED")
    expect(payment.merchantReference).toBe("order_1")
    const approved = payment.events?.find((event) => event.type === "AUTH_APPROVED")
    expect(approved?.expires).toEqual(expect.any(String))
    expect((await client.getPayment(payment.id)).id).toBe(payment.id)
    expect((await client.getPaymentByToken(token)).id).toBe(payment.id)
    expect((await failure(client.getPayment("no/such?order"))).code).toBe("not_found")
  })

  it("Capture Payment, Create Refund, Void Payment", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    const partly = await client.capturePayment(payment.id, { requestId: "cap-1", amount: GBP("60.00") })
    expect(partly.paymentState).toBe("PARTIALLY_CAPTURED")
    expect(partly.openToCaptureAmount).toEqual(GBP("40.00"))
    const refund = await client.createRefund(payment.id, {
      amount: GBP("10.00"),
      requestId: "ref-1",
      merchantReference: "refund_1",
      refundMerchantReference: "refund-event-1",
    })
    expect(refund.refundId).toEqual(expect.any(String))
    expect(refund.refundedAt).toEqual(expect.any(String))
    expect(refund.amount).toEqual(GBP("10.00"))
    expect(refund.merchantReference).toBe("refund_1")
    const voided = await client.voidPayment(payment.id, { requestId: "void-1" })
    expect(voided.paymentState).toBe("CAPTURED")

    const other = await approvedPayment(client)
    expect((await client.voidPayment(other.id, { requestId: "void-2" })).paymentState).toBe("VOIDED")
    const book = await ledger()
    expect(book.captures).toHaveLength(1)
    expect(book.refunds).toHaveLength(1)
    expect(book.voids).toHaveLength(2)
  })

  it("Update Shipping Courier", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    const updated = await client.updateShippingCourier(payment.id, {
      shippedAt: "2026-11-21T10:00:00Z",
      name: "Royal Mail",
      tracking: "RM123",
      priority: "EXPRESS",
    })
    expect(updated.id).toBe(payment.id)
    expect((await ledger()).courierUpdates).toEqual([
      expect.objectContaining({ orderId: payment.id, courier: expect.objectContaining({ tracking: "RM123" }) }),
    ])
  })

  it("Immediate Payment Capture authorises and captures in one call; a decline comes back as a DECLINED payment", async () => {
    const client = makeClient()
    const { token } = await newCheckout(client)
    await confirm(token)
    const captured = await client.immediateCapturePayment({ token, requestId: "ipc-1", merchantReference: "order_1" })
    expect(captured).toMatchObject({ status: "APPROVED", paymentState: "CAPTURED", openToCaptureAmount: GBP("0.00") })
    const declinedCheckout = await newCheckout(client)
    await confirm(declinedCheckout.token, "decline")
    const declined = await client.immediateCapturePayment({ token: declinedCheckout.token })
    expect(declined.status).toBe("DECLINED")
    const used = await failure(client.immediateCapturePayment({ token }))
    expect([used.httpStatusCode, used.endpoint]).toEqual([402, "Immediate Payment Capture"])
    expect((await ledger()).captures).toEqual([
      expect.objectContaining({ orderId: captured.id, requestId: "ipc-1", immediateCapture: true }),
    ])
  })

  it("Reverse Payment By Token resolves on the 204; the reversal shows once applied", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    await expect(client.reversePaymentByToken(payment.token!)).resolves.toBeUndefined()
    expect((await client.getPaymentByToken(payment.token!)).paymentState).toBe("AUTH_APPROVED")
    await control("POST", "/clock/advance", { seconds: 30 })
    expect((await client.getPaymentByToken(payment.token!)).paymentState).toBe("VOIDED")
    const unknown = await failure(client.reversePaymentByToken("001.unknown"))
    expect([unknown.httpStatusCode, unknown.code]).toEqual([404, "not_found"])
  })

  it("Update Payment sets the merchantReference; an over-long one is refused before sending", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    const updated = await client.updatePayment(payment.id, { merchantReference: "order_42" })
    expect(updated.merchantReference).toBe("order_42")
    await expect(client.updatePayment(payment.id, { merchantReference: "r".repeat(129) })).rejects.toBeInstanceOf(BnplValidationError)
    expect((await ledger()).requests.updatePayment).toBe(1)
  })

  it("List Payments filters with repeated parameters and offset dates", async () => {
    const client = makeClient()
    const a = await approvedPayment(client)
    const b = await approvedPayment(client)
    await approvedPayment(client)
    const page = await client.listPayments({ ids: [a.id, b.id], ascending: true })
    expect(page.totalResults).toBe(2)
    expect(page.results.map((p) => p.id)).toEqual([a.id, b.id])
    const byToken = await client.listPayments({ tokens: [a.token!], statuses: ["APPROVED"] })
    expect(byToken.results.map((p) => p.id)).toEqual([a.id])
    const dated = await client.listPayments({
      fromCreatedDate: "2000-01-01T00:00:00+01:00",
      toCreatedDate: "2999-01-01T00:00:00-05:00",
      includeNextLink: true,
      limit: 2,
    })
    expect(dated.totalResults).toBe(3)
    expect(dated.results).toHaveLength(2)
    expect(dated.nextPageUrl).toEqual(expect.any(String))
  })

  it("iteratePayments walks every page (7 payments, 3 a page)", async () => {
    const client = makeClient()
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await approvedPayment(client, `${10 + i}.00`)).id)
    const seen: string[] = []
    for await (const payment of client.iteratePayments({ limit: 3, ascending: true })) seen.push(payment.id)
    expect(seen).toEqual(created)
    expect((await ledger()).requests.listPayments).toBe(3)
  })
})

// ---- authentication -------------------------------------------------------------------

describe("authentication", () => {
  it("Basic with a wrong secret is `unauthorized`", async () => {
    const error = await failure(makeClient({ secretKey: "wrong-secret" }).getConfiguration())
    expect(error.code).toBe("unauthorized")
    expect(error.httpStatusCode).toBe(401)
    expect(error.endpoint).toBe("Get Configuration")
  })

  it("OAuth: one token for every call, the API call carries it", async () => {
    const client = makeClient({ authScheme: "oauth" })
    await client.getConfiguration()
    await approvedPayment(client)
    const token = await client.getAccessToken()
    expect(token.split(".")).toHaveLength(3)
    expect((await ledger()).tokenRequests).toBe(1)
  })

  it("OAuth with bad credentials is `unauthorized` from Get access token", async () => {
    const error = await failure(makeClient({ authScheme: "oauth", secretKey: "wrong-secret" }).getConfiguration())
    expect(error.code).toBe("unauthorized")
    expect(error.endpoint).toBe("Get access token")
    expect(error.httpStatusCode).toBe(401)
    expect((await ledger()).requests.configuration).toBe(0)
  })

  it("OAuth: 50 concurrent calls make ONE token request", async () => {
    const client = makeClient({ authScheme: "oauth" })
    const results = await Promise.all(Array.from({ length: 50 }, () => client.getConfiguration()))
    expect(results).toHaveLength(50)
    const book = await ledger()
    expect(book.tokenRequests).toBe(1)
    expect(book.requests.token).toBe(1)
    expect(book.requests.configuration).toBe(50)
  })

  it("OAuth: a 401 after the token was revoked renews it once and the call succeeds", async () => {
    const client = makeClient({ authScheme: "oauth" })
    await client.getConfiguration()
    const before = await client.getAccessToken()
    await control("POST", "/tokens/revoke")
    const payment = await approvedPayment(client) // create checkout gets the 401, renews, resends
    expect(payment.status).toBe("APPROVED")
    expect(await client.getAccessToken()).not.toBe(before)
    const book = await ledger()
    expect(book.tokenRequests).toBe(2)
    expect(book.checkouts).toHaveLength(1)
    expect(book.requests.createCheckout).toBe(2)
  })

  it("OAuth: 20 concurrent calls hitting a revoked token renew it once", async () => {
    const client = makeClient({ authScheme: "oauth" })
    await client.getConfiguration()
    await control("POST", "/tokens/revoke")
    await Promise.all(Array.from({ length: 20 }, () => client.getConfiguration()))
    expect((await ledger()).tokenRequests).toBe(2)
  })

  it("OAuth: a token the service's clock has expired is renewed on its 401", async () => {
    const client = makeClient({ authScheme: "oauth" })
    await client.getConfiguration()
    await control("POST", "/clock/advance", { seconds: 3600 })
    await client.getConfiguration()
    expect((await ledger()).tokenRequests).toBe(2)
  })

  it("OAuth: a second 401 in a row is not renewed again", async () => {
    const client = makeClient({ authScheme: "oauth" })
    await client.getConfiguration()
    await fault({ endpoint: "configuration", kind: "status", status: 401, times: 2 })
    const error = await failure(client.getConfiguration())
    expect(error.code).toBe("unauthorized")
    const book = await ledger()
    expect(book.requests.configuration).toBe(3)
    expect(book.tokenRequests).toBe(2)
  })

  it("OAuth: instances sharing a token store share one token", async () => {
    const values = new Map<string, StoredToken>()
    const store: TokenStore = {
      get: async (key) => values.get(key),
      set: async (key, value) => void values.set(key, value),
    }
    await makeClient({ authScheme: "oauth", tokenStore: store }).getConfiguration()
    await makeClient({ authScheme: "oauth", tokenStore: store }).getConfiguration()
    expect((await ledger()).tokenRequests).toBe(1)
    expect([...values.keys()][0]).not.toContain(UK.secretKey)
  })
})

// ---- docs/service-api.md "Errors" ------------------------------------------------------

describe("every row of the Errors table", () => {
  it("Auth 402 invalid_token", async () => {
    const error = await failure(makeClient().auth({ token: "no-such-token" }))
    expect(error).not.toBeInstanceOf(BnplDeclinedError)
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_token", 402, "invalid_token"])
  })

  it("Auth 402 with a DECLINED payment is a BnplDeclinedError", async () => {
    const client = makeClient()
    const { token } = await newCheckout(client)
    await confirm(token, "decline")
    const error = await failure(client.auth({ token, requestId: "auth-declined" }))
    expect(error).toBeInstanceOf(BnplDeclinedError)
    expect(error.code).toBe("declined")
    expect(error.payment).toMatchObject({ status: "DECLINED", paymentState: "AUTH_DECLINED" })
  })

  it("Auth 412 invalid_order_transaction_status (not confirmed yet)", async () => {
    const client = makeClient()
    const { token } = await newCheckout(client)
    const error = await failure(client.auth({ token }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["not_confirmed", 412, "invalid_order_transaction_status"])
  })

  it("Auth 422 invalid_object: the client refuses an empty token; the service answers 422", async () => {
    const client = makeClient()
    expect(await failure(client.auth({ token: "" }))).toBeInstanceOf(BnplValidationError)
    expect((await ledger()).requests.auth).toBe(0)
    const error = await failure(client.request({ endpoint: "Auth", path: "/v2/payments/auth", body: { token: "" } }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_request", 422, "invalid_object"])
  })

  it("List Payments 422 error: the client refuses limit 0 and 251; the service answers 422", async () => {
    const client = makeClient()
    expect((await failure(client.listPayments({ limit: 0 }))).field).toBe("limit")
    expect((await failure(client.listPayments({ limit: 251 }))).field).toBe("limit")
    expect((await ledger()).requests.listPayments).toBe(0)
    for (const query of ["limit=0", "limit=251"]) {
      const error = await failure(client.request({ endpoint: "List Payments", path: "/v2/payments", query }))
      expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_request", 422, "error"])
    }
  })

  it("List Payments 500 error: comma-separated or bracketed arrays, bad dates", async () => {
    const client = makeClient()
    expect((await failure(client.listPayments({ fromCreatedDate: "21/11/2026" }))).field).toBe("fromCreatedDate")
    for (const query of ["ids=1,2", "ids[]=1&ids[]=2", "fromCreatedDate=21/11/2026"]) {
      const error = await failure(client.request({ endpoint: "List Payments", path: "/v2/payments", query, retry: "unsent-only" }))
      expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["server_error", 500, "error"])
    }
    // The same answer without the client at all.
    const raw = await fetch(`${sandbox.url}/v2/payments?ids=1,2`, {
      headers: { Authorization: basicAuthorization(UK.merchantId, UK.secretKey), "User-Agent": "contract-test" },
    })
    expect(raw.status).toBe(500)
    expect(await raw.json()).toMatchObject({ errorCode: "error", httpStatusCode: 500 })
    // And the client's own encoding of arrays is accepted.
    expect((await client.listPayments({ ids: ["1", "2"] })).totalResults).toBe(0)
  })

  it("Get Checkout 404 not_found: the client refuses an empty token; the service answers 404", async () => {
    const client = makeClient()
    expect((await failure(client.getCheckout(""))).field).toBe("token")
    const error = await failure(client.request({ endpoint: "Get Checkout", path: "/v2/checkouts/" }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["not_found", 404, "not_found"])
  })

  it("Get Checkout 412 invalid_token: unknown, completed and expired tokens", async () => {
    const client = makeClient()
    const unknown = await failure(client.getCheckout("no-such-token"))
    expect([unknown.code, unknown.httpStatusCode, unknown.errorCode]).toEqual(["invalid_token", 412, "invalid_token"])
    const payment = await approvedPayment(client)
    expect((await failure(client.getCheckout(payment.token!))).code).toBe("invalid_token")
    const { token } = await newCheckout(client)
    await control("POST", "/clock/advance", { seconds: 61 * 60 })
    expect((await failure(client.getCheckout(token))).code).toBe("invalid_token")
  })

  it("Create Refund 412 precondition_failed: unknown order, declined order", async () => {
    const client = makeClient()
    const unknown = await failure(client.createRefund("999999", { amount: GBP("1.00") }))
    expect([unknown.code, unknown.httpStatusCode, unknown.errorCode]).toEqual(["precondition_failed", 412, "precondition_failed"])
    const { token } = await newCheckout(client)
    await confirm(token, "decline")
    const declined = (await failure(client.auth({ token }))).payment as Payment
    expect((await failure(client.createRefund(declined.id!, { amount: GBP("1.00") }))).code).toBe("precondition_failed")
  })

  it("Create Refund 422 invalid_object: refundMerchantReference over 128 (refused by the client; 422 from the service)", async () => {
    const client = makeClient()
    const payment = await capturedPayment(client)
    const body = { amount: GBP("1.00"), refundMerchantReference: "r".repeat(129) }
    expect((await failure(client.createRefund(payment.id, body))).field).toBe("refundMerchantReference")
    expect((await ledger()).requests.refund).toBe(0)
    const error = await failure(client.request({ endpoint: "Create Refund", path: `/v2/payments/${payment.id}/refund`, body }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_request", 422, "invalid_object"])
  })

  it("Create Refund 422 invalid_amount: more than is available", async () => {
    const client = makeClient()
    const payment = await capturedPayment(client, "50.00")
    const error = await failure(client.createRefund(payment.id, { amount: GBP("50.01") }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_amount", 422, "invalid_amount"])
  })

  it("Create Refund 422 invalid_object: currency other than the order's", async () => {
    const client = makeClient()
    const payment = await capturedPayment(client)
    const error = await failure(client.createRefund(payment.id, { amount: { amount: "1.00", currency: "EUR" } }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_request", 422, "invalid_object"])
  })

  it("Update Shipping Courier 412 precondition_failed: no such order", async () => {
    const error = await failure(makeClient().updateShippingCourier("999999", { name: "DPD" }))
    expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["precondition_failed", 412, "precondition_failed"])
  })

  it("Update Shipping Courier 422 invalid_object: bad shippedAt or priority (refused by the client; 422 from the service)", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    for (const body of [{ shippedAt: "yesterday" }, { priority: "FAST" }]) {
      expect(await failure(client.updateShippingCourier(payment.id, body as never))).toBeInstanceOf(BnplValidationError)
      const error = await failure(client.request({ endpoint: "Update Shipping Courier", path: `/v2/payments/${payment.id}/courier`, body }))
      expect([error.code, error.httpStatusCode, error.errorCode]).toEqual(["invalid_request", 422, "invalid_object"])
    }
    expect((await ledger()).courierUpdates).toHaveLength(0)
  })
})

// ---- time-outs ------------------------------------------------------------------------

describe("time-outs", () => {
  it("an answer slower than the endpoint's read time-out is a BnplTimeoutError", async () => {
    const client = makeClient({ timeouts: { "Get Configuration": { readMs: 150 } }, maxRetries: 0 })
    await fault({ endpoint: "configuration", kind: "latency", delayMs: 600 })
    const started = Date.now()
    const error = await failure(client.getConfiguration())
    expect(error).toBeInstanceOf(BnplTimeoutError)
    expect(error.code).toBe("timeout")
    expect(error.endpoint).toBe("Get Configuration")
    expect(Date.now() - started).toBeLessThan(550)
  })

  it("the time-out is per endpoint: others keep theirs", async () => {
    const client = makeClient({ timeouts: { "Get Configuration": { readMs: 150 } }, maxRetries: 0 })
    await fault({ endpoint: "ping", kind: "latency", delayMs: 300 })
    expect(await client.ping()).toBe(true)
  })

  it("a timed-out GET is retried and succeeds", async () => {
    const client = makeClient({ timeouts: { "Get Configuration": { readMs: 150 } } })
    await fault({ endpoint: "configuration", kind: "latency", delayMs: 600 })
    await client.getConfiguration()
    expect((await ledger()).requests.configuration).toBe(2)
  })

  it("a timed-out Auth with requestId is retried (through 409s) and authorises once", async () => {
    const client = makeClient({ timeouts: { Auth: { readMs: 200 } }, retryDelayMs: 200, maxRetries: 4 })
    const { token } = await newCheckout(client)
    await confirm(token)
    await fault({ endpoint: "auth", kind: "latency", delayMs: 300 })
    const payment = await client.auth({ token, requestId: "auth-slow" })
    expect(payment.status).toBe("APPROVED")
    const book = await ledger()
    expect(book.auths).toHaveLength(1)
    expect(book.requests.auth).toBeGreaterThanOrEqual(2)
  })
})

// ---- retries --------------------------------------------------------------------------

describe("retries produce exactly one effect", () => {
  it("Auth with requestId: lost response, then the retry replays it", async () => {
    const client = makeClient()
    const { token } = await newCheckout(client)
    await confirm(token)
    await fault({ endpoint: "auth", kind: "lost_response" })
    const payment = await client.auth({ token, requestId: "auth-lost" })
    expect(payment.status).toBe("APPROVED")
    const book = await ledger()
    expect(book.auths).toHaveLength(1)
    expect(book.requests.auth).toBe(2)
  })

  it("Capture: lost response", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    await fault({ endpoint: "capture", kind: "lost_response" })
    const captured = await client.capturePayment(payment.id, { requestId: "cap-lost", amount: GBP("100.00") })
    expect(captured.paymentState).toBe("CAPTURED")
    const book = await ledger()
    expect(book.captures).toHaveLength(1)
    expect(book.requests.capture).toBe(2)
  })

  it("Refund with requestId and merchantReference: lost response", async () => {
    const client = makeClient()
    const payment = await capturedPayment(client)
    await fault({ endpoint: "refund", kind: "lost_response" })
    const refund = await client.createRefund(payment.id, {
      amount: GBP("5.00"),
      requestId: "ref-lost",
      merchantReference: "refund_lost",
    })
    expect(refund.amount).toEqual(GBP("5.00"))
    const book = await ledger()
    expect(book.refunds).toHaveLength(1)
    expect(book.requests.refund).toBe(2)
  })

  it("Void: lost response", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    await fault({ endpoint: "void", kind: "lost_response" })
    expect((await client.voidPayment(payment.id, { requestId: "void-lost" })).paymentState).toBe("VOIDED")
    const book = await ledger()
    expect(book.voids).toHaveLength(1)
    expect(book.requests.void).toBe(2)
  })

  it("503 then success", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    await fault({ endpoint: "capture", kind: "status", status: 503 })
    await client.capturePayment(payment.id, { requestId: "cap-503", amount: GBP("10.00") })
    await fault({ endpoint: "configuration", kind: "status", status: 503 })
    await client.getConfiguration()
    const book = await ledger()
    expect(book.captures).toHaveLength(1)
    expect(book.requests.capture).toBe(2)
    expect(book.requests.configuration).toBe(2)
  })

  it("409 (still processing) then success", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client)
    await fault({ endpoint: "capture", kind: "conflict" })
    await client.capturePayment(payment.id, { requestId: "cap-409", amount: GBP("10.00") })
    await fault({ endpoint: "courier", kind: "conflict" })
    await client.updateShippingCourier(payment.id, { tracking: "T1" })
    const book = await ledger()
    expect(book.captures).toHaveLength(1)
    expect(book.courierUpdates).toHaveLength(1)
    expect(book.requests.capture).toBe(2)
  })

  it("a reset connection on a GET is retried", async () => {
    const client = makeClient()
    await fault({ endpoint: "listPayments", kind: "reset" })
    await client.listPayments()
    expect((await ledger()).requests.listPayments).toBe(2)
  })

  it("gives up after maxRetries", async () => {
    const client = makeClient({ maxRetries: 2 })
    await fault({ endpoint: "configuration", kind: "status", status: 503, times: 5 })
    const error = await failure(client.getConfiguration())
    expect([error.code, error.httpStatusCode]).toEqual(["server_error", 503])
    expect((await ledger()).requests.configuration).toBe(3)
    expect(logLines.filter((line) => line.startsWith("warn") && line.includes("retrying"))).toHaveLength(2)
  })

  it("Create Checkout is never resent once it may have arrived", async () => {
    const client = makeClient()
    await fault({ endpoint: "createCheckout", kind: "lost_response" })
    expect(await failure(newCheckout(client))).toBeInstanceOf(BnplConnectionLostError)
    await fault({ endpoint: "createCheckout", kind: "status", status: 503 })
    expect((await failure(newCheckout(client))).code).toBe("server_error")
    await fault({ endpoint: "createCheckout", kind: "latency", delayMs: 400 })
    const slow = makeClient({ timeouts: { "Create Checkout": { readMs: 100 } } })
    expect(await failure(newCheckout(slow))).toBeInstanceOf(BnplTimeoutError)
    await new Promise((resolve) => setTimeout(resolve, 400))
    const book = await ledger()
    expect(book.requests.createCheckout).toBe(3)
    expect(book.checkouts).toHaveLength(2) // the lost answer and the slow one: each applied once
  })

  it("Create Checkout is retried when the connection was refused (nothing was sent)", async () => {
    const client = makeClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, maxRetries: 2 })
    const error = await failure(newCheckout(client))
    expect(error).toBeInstanceOf(BnplNetworkError)
    expect(error.message).toContain("ECONNREFUSED")
    expect(logLines.filter((line) => line.startsWith("debug"))).toHaveLength(3)
  })

  it("a refund without requestId+merchantReference, or an Auth without requestId, is not resent", async () => {
    const client = makeClient()
    const payment = await capturedPayment(client)
    await fault({ endpoint: "refund", kind: "lost_response" })
    const lost = await failure(client.createRefund(payment.id, { amount: GBP("1.00"), requestId: "only-id" }))
    expect(lost).toBeInstanceOf(BnplConnectionLostError)
    expect(lost.outcome).toMatch(/it was not sent again, because Create Refund is not idempotent without a merchantReference/)
    const { token } = await newCheckout(client)
    await confirm(token)
    await fault({ endpoint: "auth", kind: "status", status: 503 })
    expect((await failure(client.auth({ token }))).code).toBe("server_error")
    const book = await ledger()
    expect(book.requests.refund).toBe(1)
    expect(book.refunds).toHaveLength(1)
    expect(book.requests.auth).toBe(2) // the first approvedPayment and this one
  })

  it("4xx other than 409 are not retried", async () => {
    const client = makeClient()
    await fault({ endpoint: "configuration", kind: "status", status: 400 })
    expect((await failure(client.getConfiguration())).httpStatusCode).toBe(400)
    expect((await ledger()).requests.configuration).toBe(1)
  })

  it("an HTML 502 page is a short server_error; a truncated 2xx body is invalid_response", async () => {
    const client = makeClient({ maxRetries: 0 })
    await fault({ endpoint: "configuration", kind: "html" })
    const html = await failure(client.getConfiguration())
    expect([html.code, html.httpStatusCode]).toEqual(["server_error", 502])
    expect(html.message).toBe("Get Configuration: HTTP 502 with a body that is not JSON (text/html)")
    await fault({ endpoint: "configuration", kind: "malformed" })
    const malformed = await failure(client.getConfiguration())
    expect([malformed.code, malformed.httpStatusCode]).toEqual(["invalid_response", 200])
  })
})

// ---- logs and secrets -----------------------------------------------------------------

describe("logs and secrets", () => {
  it("one debug line per call with method, path, status, duration, attempt and requestId", async () => {
    const client = makeClient()
    const payment = await approvedPayment(client, "100.00", "auth-log")
    expect(logLines).toContainEqual(
      expect.stringMatching(/^debug bnpl: Auth POST \/v2\/payments\/auth 201 \d+ ms attempt 1 requestId auth-log$/),
    )
    logLines = []
    await client.getPayment(payment.id)
    expect(logLines).toEqual([
      expect.stringMatching(new RegExp(`^debug bnpl: Get Payment GET /v2/payments/${payment.id} 200 \\d+ ms attempt 1$`)),
    ])
  })

  it("no log line, error message or error object holds the secret, the Basic value or a token", async () => {
    const secrets = [UK.secretKey, basicAuthorization(UK.merchantId, UK.secretKey).slice(6)]
    const errors: unknown[] = []
    const collect = (promise: Promise<unknown>) => promise.catch((error) => errors.push(error))

    for (const authScheme of ["basic", "oauth"] as const) {
      const client = makeClient({ authScheme, maxRetries: 1 })
      const payment = await approvedPayment(client, "100.00", `auth-${authScheme}`)
      if (authScheme === "oauth") secrets.push(await client.getAccessToken())
      await control("POST", "/tokens/revoke")
      await collect(client.getPayment(payment.id))
      await fault({ endpoint: "*", kind: "status", status: 503, times: 2 })
      await collect(client.getConfiguration())
      await fault({ endpoint: "capture", kind: "reset", times: 2 })
      await collect(client.capturePayment(payment.id, { requestId: `c-${authScheme}`, amount: GBP("1.00") }))
      await fault({ endpoint: "*", kind: "html", times: 2 })
      await collect(client.listPayments())
      await collect(client.auth({ token: "bad" }))
      await collect(client.createRefund(payment.id, { amount: GBP("1.00"), refundMerchantReference: "x".repeat(200) }))
      if (authScheme === "oauth") secrets.push(await client.getAccessToken())
    }
    const wrong = makeClient({ authScheme: "oauth", secretKey: "wrong-secret-value" })
    secrets.push("wrong-secret-value")
    await collect(wrong.getConfiguration())
    const wrongBasic = makeClient({ secretKey: "another-wrong-secret" })
    secrets.push("another-wrong-secret", basicAuthorization(UK.merchantId, "another-wrong-secret").slice(6))
    await collect(wrongBasic.getConfiguration())

    expect(errors.length).toBeGreaterThanOrEqual(8)
    const texts = [
      ...logLines,
      ...errors.flatMap((error) => [
        String(error),
        (error as Error).stack ?? "",
        JSON.stringify(error),
        inspect(error, { depth: 10, showHidden: true }),
        inspect((error as Error).cause, { depth: 10, showHidden: true }),
      ]),
    ]
    expect(logLines.length).toBeGreaterThan(10)
    for (const text of texts) {
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toMatch(/authorization/i)
    }
    for (const error of errors) {
      expect(error).toBeInstanceOf(BnplApiError)
      expect((error as { config?: unknown }).config).toBeUndefined()
      expect(((error as Error).cause as { config?: unknown } | undefined)?.config).toBeUndefined()
    }
  })
})
