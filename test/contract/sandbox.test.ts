/**
 * The sandbox's own behaviour, over real HTTP with plain `fetch`: it must keep the rules of
 * docs/service-api.md (and docs/service-api.md) so that the client tested against it
 * is tested against the service's rules.
 */
import { request as httpRequest } from "node:http"
import { basicAuthorization, readAnswer } from "../support/sandbox-http"
import { DEFAULT_SANDBOX_ACCOUNTS, startSandbox, type Sandbox, type SandboxAccount } from "../../src/sandbox"
import { describeSandbox, runCli } from "../../src/sandbox/cli"

const UK = DEFAULT_SANDBOX_ACCOUNTS[0]
const EU = DEFAULT_SANDBOX_ACCOUNTS[1]
const MINUTE = 60
const DAY = 24 * 60 * MINUTE

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  sandbox.control.reset()
})

const basic = (account: SandboxAccount = UK) => basicAuthorization(account)

interface CallOptions {
  body?: unknown
  authorization?: string | null
  headers?: Record<string, string>
  redirect?: "follow" | "manual" | "error"
}

async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "User-Agent": "sandbox-test/1.0", ...options.headers }
  if (options.authorization !== null) headers.Authorization = options.authorization ?? basic()
  if (options.body !== undefined) headers["Content-Type"] ??= "application/json"
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    redirect: options.redirect ?? "manual",
  })
  return readAnswer(response)
}

function checkoutRequest(overrides: Record<string, unknown> = {}) {
  return {
    amount: { amount: "100.00", currency: "GBP" },
    consumer: { email: "ada@example.com", givenNames: "Ada", surname: "Lovelace" },
    merchant: {
      name: "Analytical Shop",
      redirectConfirmUrl: "https://shop.example/return?cart=cart_1",
      redirectCancelUrl: "https://shop.example/cancelled",
    },
    merchantReference: "cart_1",
    items: [{ name: "Difference engine", quantity: 2, price: { amount: "50.00", currency: "GBP" } }],
    ...overrides,
  }
}

async function createCheckout(overrides: Record<string, unknown> = {}, account: SandboxAccount = UK) {
  const created = await call("POST", "/v2/checkouts", { body: checkoutRequest(overrides), authorization: basic(account) })
  expect(created.status).toBe(201)
  return created.json.token as string
}

async function approvedPayment(overrides: Record<string, unknown> = {}) {
  const token = await createCheckout(overrides)
  sandbox.control.confirmCheckout(token)
  const auth = await call("POST", "/v2/payments/auth", { body: { token, requestId: `auth-${token}` } })
  expect(auth.status).toBe(201)
  return auth.json
}

function capture(orderId: string, amount: string, requestId: string) {
  return call("POST", `/v2/payments/${orderId}/capture`, {
    body: { requestId, amount: { amount, currency: "GBP" } },
  })
}

async function accessToken(account: SandboxAccount = UK) {
  const response = await fetch(`${sandbox.authUrl}/v2/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: account.merchantId,
      client_secret: account.secretKey,
      scope: "merchant_api_v2",
    }).toString(),
  })
  return { status: response.status, json: (await response.json()) as any }
}

describe("Ping and the token service", () => {
  it("answers GET /ping with pong, without authentication", async () => {
    const response = await fetch(`${sandbox.url}/ping`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("pong")
  })

  it("issues a Bearer token for client credentials", async () => {
    const { status, json } = await accessToken()
    expect(status).toBe(200)
    expect(json.token_type).toBe("Bearer")
    expect(json.expires_in).toBe(3600)
    expect(json.access_token.split(".")).toHaveLength(3)
    expect(json.scope.split(" ")).toEqual(expect.arrayContaining(["merchant_api_v2/read", "merchant_api_v2/auth"]))
    const configuration = await call("GET", "/v2/configuration", { authorization: `Bearer ${json.access_token}` })
    expect(configuration.status).toBe(200)
  })

  it("refuses bad credentials with 401 and a bad grant or scope with 400", async () => {
    const post = (form: Record<string, string>) =>
      fetch(`${sandbox.authUrl}/v2/oauth2/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      })
    const good = { grant_type: "client_credentials", client_id: UK.merchantId, client_secret: UK.secretKey, scope: "merchant_api_v2" }
    expect((await post({ ...good, client_secret: "wrong" })).status).toBe(401)
    expect((await post({ ...good, grant_type: "password" })).status).toBe(400)
    expect((await post({ ...good, scope: "merchant_api_v1" })).status).toBe(400)
  })

  it("expires tokens by the sandbox clock and revokes them on demand", async () => {
    const first = (await accessToken()).json.access_token
    sandbox.control.advanceClock(3600)
    const expired = await call("GET", "/v2/configuration", { authorization: `Bearer ${first}` })
    expect(expired.status).toBe(401)
    expect(expired.json.errorCode).toBe("unauthorized")

    const second = (await accessToken()).json.access_token
    expect((await call("GET", "/v2/configuration", { authorization: `Bearer ${second}` })).status).toBe(200)
    expect((await fetch(`${sandbox.url}/__control/tokens/revoke`, { method: "POST" })).status).toBe(200)
    expect((await call("GET", "/v2/configuration", { authorization: `Bearer ${second}` })).status).toBe(401)
    expect(sandbox.control.ledger().tokenRequests).toBe(2)
  })
})

describe("Authentication of /v2 endpoints", () => {
  it("accepts Basic (scheme case-insensitive) and refuses anything else with 401 unauthorized", async () => {
    const token = (await accessToken()).json.access_token
    const encoded = Buffer.from(`${UK.merchantId}:${UK.secretKey}`).toString("base64")
    expect((await call("GET", "/v2/configuration", { authorization: `basic ${encoded}` })).status).toBe(200)
    for (const authorization of [
      null,
      "",
      encoded,
      `Token ${token}`,
      token,
      `Bearer not-a-token`,
      `Basic ${Buffer.from(`${UK.merchantId}:wrong`).toString("base64")}`,
      `Basic ${Buffer.from(`${UK.merchantId}${UK.secretKey}`).toString("base64")}`,
    ]) {
      const response = await call("GET", "/v2/configuration", { authorization })
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 })
      expect(response.json).toEqual({
        errorCode: "unauthorized",
        errorId: expect.any(String),
        message: expect.any(String),
        httpStatusCode: 401,
      })
    }
  })

  it("requires a User-Agent header (400 bad_request)", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${sandbox.url}/v2/configuration`)
      const outgoing = httpRequest(
        { hostname: url.hostname, port: url.port, path: url.pathname, headers: { Authorization: basic() } },
        (incoming) => {
          let text = ""
          incoming.on("data", (chunk) => (text += chunk))
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }))
        },
      )
      outgoing.on("error", reject)
      outgoing.end()
    })
    expect(status).toBe(400)
    expect(JSON.parse(body).errorCode).toBe("bad_request")
  })

  it("requires application/json bodies (415) that parse (400 invalid_json)", async () => {
    const wrongType = await call("POST", "/v2/checkouts", {
      body: JSON.stringify(checkoutRequest()),
      headers: { "Content-Type": "text/plain" },
    })
    expect(wrongType.status).toBe(415)
    const broken = await call("POST", "/v2/checkouts", { body: "{ not json" })
    expect(broken.status).toBe(400)
    expect(broken.json.errorCode).toBe("invalid_json")
  })
})

describe("Checkouts", () => {
  it("creates a checkout that expires 60 minutes later and reads it back", async () => {
    const before = sandbox.control.now().getTime()
    const created = await call("POST", "/v2/checkouts", { body: checkoutRequest() })
    expect(created.status).toBe(201)
    expect(created.json.token).toMatch(/^001\./)
    expect(created.json.redirectCheckoutUrl).toBe(`${sandbox.url}/checkout/${created.json.token}`)
    const lifetime = Date.parse(created.json.expires) - before
    expect(lifetime).toBeGreaterThanOrEqual(60 * 60_000 - 1000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000)

    const read = await call("GET", `/v2/checkouts/${created.json.token}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ ...checkoutRequest(), token: created.json.token, expires: created.json.expires })
  })

  it("refuses invalid bodies naming the field, other currencies and amounts outside the limits", async () => {
    const invalid = await call("POST", "/v2/checkouts", {
      body: checkoutRequest({ consumer: { email: "x".repeat(129) } }),
    })
    expect(invalid.status).toBe(422)
    expect(invalid.json.errorCode).toBe("invalid_object")
    expect(invalid.json.message).toContain("consumer.email")

    const euro = await call("POST", "/v2/checkouts", { body: checkoutRequest({ amount: { amount: "10.00", currency: "EUR" } }) })
    expect(euro.status).toBe(422)
    expect(euro.json.errorCode).toBe("unsupported_currency")

    const tooMuch = await call("POST", "/v2/checkouts", { body: checkoutRequest({ amount: { amount: "1000.01", currency: "GBP" } }) })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.json.errorCode).toBe("unsupported_payment_type")
    const atMaximum = await call("POST", "/v2/checkouts", { body: checkoutRequest({ amount: { amount: "1000.00", currency: "GBP" } }) })
    expect(atMaximum.status).toBe(201)
    const tooLittle = await call("POST", "/v2/checkouts", { body: checkoutRequest({ amount: { amount: "0.99", currency: "GBP" } }) })
    expect(tooLittle.json.errorCode).toBe("unsupported_payment_type")
  })

  it("forgets a checkout after 60 minutes by the sandbox clock", async () => {
    const token = await createCheckout()
    sandbox.control.advanceClock(59 * MINUTE)
    expect((await call("GET", `/v2/checkouts/${token}`)).status).toBe(200)
    sandbox.control.advanceClock(MINUTE + 1)
    const expired = await call("GET", `/v2/checkouts/${token}`)
    expect(expired.status).toBe(412)
    expect(expired.json.errorCode).toBe("invalid_token")
    const auth = await call("POST", "/v2/payments/auth", { body: { token } })
    expect(auth.status).toBe(402)
    expect(auth.json.errorCode).toBe("invalid_token")
  })

  it("answers 404 not_found without a token and 412 for another account's or an unknown token", async () => {
    const token = await createCheckout()
    const noToken = await call("GET", "/v2/checkouts/")
    expect(noToken.status).toBe(404)
    expect(noToken.json.errorCode).toBe("not_found")
    expect((await call("GET", `/v2/checkouts/${token}`, { authorization: basic(EU) })).status).toBe(412)
    expect((await call("GET", "/v2/checkouts/001.unknown")).status).toBe(412)
  })
})

describe("Auth", () => {
  it("needs the consumer's confirmation, then approves once per requestId", async () => {
    const token = await createCheckout()
    const missing = await call("POST", "/v2/payments/auth", { body: { token: "" } })
    expect(missing.status).toBe(422)
    expect(missing.json.errorCode).toBe("invalid_object")

    const early = await call("POST", "/v2/payments/auth", { body: { token, requestId: "auth-1" } })
    expect(early.status).toBe(412)
    expect(early.json.errorCode).toBe("invalid_order_transaction_status")

    sandbox.control.confirmCheckout(token)
    const approved = await call("POST", "/v2/payments/auth", { body: { token, requestId: "auth-1", merchantReference: "order_1" } })
    expect(approved.status).toBe(201)
    expect(approved.json).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      token,
      status: "APPROVED",
      paymentState: "AUTH_APPROVED",
      merchantReference: "order_1",
      originalAmount: { amount: "100.00", currency: "GBP" },
      openToCaptureAmount: { amount: "100.00", currency: "GBP" },
      refunds: [],
      orderDetails: { consumer: { email: "ada@example.com" } },
    })
    const [event] = approved.json.events
    expect(event.type).toBe("AUTH_APPROVED")
    expect(event.amount).toEqual({ amount: "100.00", currency: "GBP" })
    expect(Date.parse(event.expires) - Date.parse(event.created)).toBe(13 * DAY * 1000)

    const replay = await call("POST", "/v2/payments/auth", { body: { token, requestId: "auth-1" } })
    expect(replay.status).toBe(201)
    expect(replay.json.id).toBe(approved.json.id)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")

    const other = await call("POST", "/v2/payments/auth", { body: { token, requestId: "auth-2" } })
    expect(other.status).toBe(402)
    expect(other.json.errorCode).toBe("invalid_token")
    expect((await call("GET", `/v2/checkouts/${token}`)).status).toBe(412)
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

  it("answers 402 with a DECLINED payment when the consumer took the declined path", async () => {
    const token = await createCheckout()
    sandbox.control.confirmCheckout(token, "decline")
    const declined = await call("POST", "/v2/payments/auth", { body: { token } })
    expect(declined.status).toBe(402)
    expect(declined.json).toMatchObject({ status: "DECLINED", paymentState: "AUTH_DECLINED" })
    const refund = await call("POST", `/v2/payments/${declined.json.id}/refund`, {
      body: { amount: { amount: "1.00", currency: "GBP" } },
    })
    expect(refund.status).toBe(412)
    expect(refund.json.errorCode).toBe("precondition_failed")
  })
})

describe("Capture, void and refund", () => {
  it("captures in parts, refuses too much, then answers 410 when fully captured", async () => {
    const payment = await approvedPayment()
    const part = await capture(payment.id, "30.00", "capture-1")
    expect(part.status).toBe(201)
    expect(part.json.paymentState).toBe("PARTIALLY_CAPTURED")
    expect(part.json.openToCaptureAmount.amount).toBe("70.00")
    expect(part.json.events.at(-1)).toMatchObject({ type: "CAPTURED", amount: { amount: "30.00", currency: "GBP" } })

    const tooMuch = await capture(payment.id, "70.01", "capture-2")
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.json.errorCode).toBe("invalid_amount")

    const rest = await capture(payment.id, "70.00", "capture-3")
    expect(rest.json.paymentState).toBe("CAPTURED")
    const again = await capture(payment.id, "0.01", "capture-4")
    expect(again.status).toBe(410)
    expect(again.json.errorCode).toBe("payment_captured")

    const replay = await capture(payment.id, "30.00", "capture-1")
    expect(replay.status).toBe(201)
    expect(replay.json.openToCaptureAmount.amount).toBe("70.00")
    expect(sandbox.control.ledger().captures.map((entry) => [entry.requestId, entry.amount.amount])).toEqual([
      ["capture-1", "30.00"],
      ["capture-3", "70.00"],
    ])
  })

  it("voids the open amount; a voided payment refuses capture with payment_voided", async () => {
    const payment = await approvedPayment()
    const voided = await call("POST", `/v2/payments/${payment.id}/void`, { body: { requestId: "void-1" } })
    expect(voided.status).toBe(201)
    expect(voided.json.paymentState).toBe("VOIDED")
    expect(voided.json.events.at(-1)).toMatchObject({ type: "VOIDED", amount: { amount: "100.00" } })
    const late = await capture(payment.id, "1.00", "capture-1")
    expect(late.status).toBe(412)
    expect(late.json.errorCode).toBe("payment_voided")

    const partly = await approvedPayment()
    await capture(partly.id, "40.00", "capture-2")
    const rest = await call("POST", `/v2/payments/${partly.id}/void`, { body: { requestId: "void-2" } })
    expect(rest.json.paymentState).toBe("CAPTURED")
    expect(sandbox.control.ledger().voids.map((entry) => entry.amount.amount)).toEqual(["100.00", "60.00"])
  })

  it("refunds only captured funds, idempotently when requestId and merchantReference are both sent", async () => {
    const payment = await approvedPayment()
    const uncaptured = await call("POST", `/v2/payments/${payment.id}/refund`, {
      body: { amount: { amount: "1.00", currency: "GBP" } },
    })
    expect(uncaptured.status).toBe(422)
    expect(uncaptured.json.errorCode).toBe("invalid_amount")

    await capture(payment.id, "50.00", "capture-1")
    const body = {
      amount: { amount: "20.00", currency: "GBP" },
      requestId: "refund-1",
      merchantReference: "refund_ref_1",
      refundMerchantReference: "Damaged: strap torn [refund_ref_1]",
    }
    const refund = await call("POST", `/v2/payments/${payment.id}/refund`, { body })
    expect(refund.status).toBe(201)
    expect(refund.json).toMatchObject({ ...body, refundId: expect.any(String), refundedAt: expect.any(String) })
    const replay = await call("POST", `/v2/payments/${payment.id}/refund`, { body })
    expect(replay.json.refundId).toBe(refund.json.refundId)

    const tooMuch = await call("POST", `/v2/payments/${payment.id}/refund`, { body: { amount: { amount: "30.01", currency: "GBP" } } })
    expect(tooMuch.json.errorCode).toBe("invalid_amount")
    const euro = await call("POST", `/v2/payments/${payment.id}/refund`, { body: { amount: { amount: "1.00", currency: "EUR" } } })
    expect(euro.status).toBe(422)
    expect(euro.json.errorCode).toBe("invalid_object")
    const longReference = await call("POST", `/v2/payments/${payment.id}/refund`, {
      body: { amount: { amount: "1.00", currency: "GBP" }, refundMerchantReference: "r".repeat(129) },
    })
    expect(longReference.status).toBe(422)
    expect(longReference.json.errorCode).toBe("invalid_object")
    const longMerchantReference = await call("POST", `/v2/payments/${payment.id}/refund`, {
      body: { amount: { amount: "1.00", currency: "GBP" }, requestId: "long-ref", merchantReference: "m".repeat(86) },
    })
    expect(longMerchantReference.status).toBe(422)
    expect(longMerchantReference.json.errorCode).toBe("invalid_object")
    const unknown = await call("POST", "/v2/payments/999/refund", { body: { amount: { amount: "1.00", currency: "GBP" } } })
    expect(unknown.status).toBe(412)
    expect(unknown.json.errorCode).toBe("precondition_failed")

    expect(sandbox.control.ledger().refunds).toHaveLength(1)
    expect(sandbox.control.ledger().refunds[0]).toMatchObject({
      requestId: "refund-1",
      merchantReference: "refund_ref_1",
      refundMerchantReference: "Damaged: strap torn [refund_ref_1]",
    })
    sandbox.control.advanceClock(121 * DAY)
    const late = await call("POST", `/v2/payments/${payment.id}/refund`, { body: { amount: { amount: "1.00", currency: "GBP" } } })
    expect(late.status).toBe(422)
    expect(late.json.errorCode).toBe("refund_timelimit_exceeded")
  })
  it("remembers a requestId for 24 hours only, and answers 404 for an unknown payment", async () => {
    const payment = await approvedPayment()
    await capture(payment.id, "10.00", "capture-1")
    sandbox.control.advanceClock(23 * 60 * MINUTE)
    expect((await capture(payment.id, "10.00", "capture-1")).json.openToCaptureAmount.amount).toBe("90.00")
    sandbox.control.advanceClock(2 * 60 * MINUTE)
    expect((await capture(payment.id, "10.00", "capture-1")).json.openToCaptureAmount.amount).toBe("80.00")
    expect(sandbox.control.ledger().captures).toHaveLength(2)
    const unknown = await capture("999", "1.00", "capture-2")
    expect(unknown.status).toBe(404)
    expect(unknown.json.errorCode).toBe("not_found")
  })
})

describe("The 13-day authorisation", () => {
  it("expires an uncaptured authorisation and refuses capture with payment_expired", async () => {
    const payment = await approvedPayment()
    // Real milliseconds pass too, so stop a few seconds short of the 13 days.
    sandbox.control.advanceClock(13 * DAY - 5)
    expect((await call("GET", `/v2/payments/${payment.id}`)).json.paymentState).toBe("AUTH_APPROVED")
    sandbox.control.advanceClock(6)
    const expired = await call("GET", `/v2/payments/${payment.id}`)
    expect(expired.json.paymentState).toBe("EXPIRED")
    expect(expired.json.openToCaptureAmount.amount).toBe("0.00")
    const late = await capture(payment.id, "1.00", "capture-1")
    expect(late.status).toBe(412)
    expect(late.json.errorCode).toBe("payment_expired")
  })

  it("keeps a partial capture: the payment becomes CAPTURED with nothing open", async () => {
    const payment = await approvedPayment()
    await capture(payment.id, "25.00", "capture-1")
    sandbox.control.advanceClock(13 * DAY + 1)
    const settled = await call("GET", `/v2/payments/token:${payment.token}`)
    expect(settled.status).toBe(200)
    expect(settled.json).toMatchObject({ id: payment.id, paymentState: "CAPTURED", openToCaptureAmount: { amount: "0.00" } })
    const voided = await call("POST", `/v2/payments/${payment.id}/void`, { body: { requestId: "void-1" } })
    expect(voided.json.errorCode).toBe("payment_expired")
  })
})

describe("List Payments", () => {
  let ids: string[]

  beforeEach(async () => {
    ids = []
    for (const amount of ["10.00", "20.00", "30.00"]) {
      ids.push((await approvedPayment({ amount: { amount, currency: "GBP" } })).id)
      sandbox.control.advanceClock(1)
    }
  })

  it("lists newest first in the pagination envelope, or oldest first with ascending=true", async () => {
    const page = await call("GET", "/v2/payments")
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ limit: 20, offset: 0, totalResults: 3 })
    expect(page.json.results.map((payment: any) => payment.id)).toEqual([...ids].reverse())
    const ascending = await call("GET", "/v2/payments?ascending=true&orderBy=totalAmount")
    expect(ascending.json.results.map((payment: any) => payment.originalAmount.amount)).toEqual(["10.00", "20.00", "30.00"])
  })

  it("takes array parameters repeated, and answers 500 error to commas and square brackets", async () => {
    const repeated = await call("GET", `/v2/payments?ids=${ids[0]}&ids=${ids[2]}`)
    expect(repeated.status).toBe(200)
    expect(repeated.json.results.map((payment: any) => payment.id).sort()).toEqual([ids[0], ids[2]])

    for (const query of [
      `ids=${ids[0]},${ids[2]}`,
      `ids[]=${ids[0]}&ids[]=${ids[2]}`,
      `ids%5B%5D=${ids[0]}`,
      "statuses=APPROVED,DECLINED",
    ]) {
      const refused = await call("GET", `/v2/payments?${query}`)
      expect({ query, status: refused.status, errorCode: refused.json.errorCode }).toEqual({ query, status: 500, errorCode: "error" })
    }
  })

  it("needs a plus sign in a date encoded as %2b; a raw + arrives as a space and gives 500", async () => {
    const raw = await call("GET", "/v2/payments?fromCreatedDate=2020-01-01T00:00:00+01:00")
    expect(raw.status).toBe(500)
    expect(raw.json.errorCode).toBe("error")
    const encoded = await call("GET", "/v2/payments?fromCreatedDate=2020-01-01T00:00:00%2b01:00")
    expect(encoded.status).toBe(200)
    expect(encoded.json.totalResults).toBe(3)
    expect((await call("GET", "/v2/payments?toCreatedDate=yesterday")).status).toBe(500)
    const future = await call("GET", `/v2/payments?fromCreatedDate=${new Date(Date.now() + 10 * DAY * 1000).toISOString()}`)
    expect(future.json.totalResults).toBe(0)
  })

  it("answers 422 error to a limit outside 1..250 or not a whole number", async () => {
    for (const limit of ["0", "251", "1.5", "ten", "-1"]) {
      const refused = await call("GET", `/v2/payments?limit=${limit}`)
      expect({ limit, status: refused.status, errorCode: refused.json.errorCode }).toEqual({ limit, status: 422, errorCode: "error" })
    }
    expect((await call("GET", "/v2/payments?limit=250")).status).toBe(200)
    expect((await call("GET", "/v2/payments?orderBy=colour")).status).toBe(422)
  })

  it("pages with limit and offset and gives nextPageUrl, empty on the last page", async () => {
    const first = await call("GET", "/v2/payments?limit=2&includeNextLink=true&statuses=APPROVED")
    expect(first.json.results).toHaveLength(2)
    expect(first.json.nextPageUrl).toBe(`${sandbox.url}/v2/payments?includeNextLink=true&statuses=APPROVED&limit=2&offset=2`)
    const next = await call("GET", first.json.nextPageUrl.slice(sandbox.url.length))
    expect(next.json).toMatchObject({ limit: 2, offset: 2, totalResults: 3, nextPageUrl: "" })
    expect(next.json.results[0].id).toBe(ids[0])
    expect((await call("GET", "/v2/payments?limit=2")).json).not.toHaveProperty("nextPageUrl")
  })

  it("shows each account only its own payments", async () => {
    const eu = await call("GET", "/v2/payments", { authorization: basic(EU) })
    expect(eu.json.totalResults).toBe(0)
    expect((await call("GET", `/v2/payments/${ids[0]}`, { authorization: basic(EU) })).status).toBe(404)
  })
})

describe("Courier and configuration", () => {
  it("records courier updates and validates shippedAt and priority", async () => {
    const payment = await approvedPayment()
    const sent = { shippedAt: "2026-11-21T11:00:00+01:00", name: "Royal Mail", tracking: "RM123", priority: "STANDARD" }
    const updated = await call("PUT", `/v2/payments/${payment.id}/courier`, { body: sent })
    expect(updated.status).toBe(200)
    // shippedAt comes back in UTC with milliseconds (docs/service-api.md).
    const courier = { ...sent, shippedAt: "2026-11-21T10:00:00.000Z" }
    expect(updated.json.orderDetails.courier).toEqual(courier)
    const badPriority = await call("PUT", `/v2/payments/${payment.id}/courier`, { body: { priority: "FAST" } })
    expect(badPriority.status).toBe(422)
    expect(badPriority.json.errorCode).toBe("invalid_object")
    const badDate = await call("PUT", `/v2/payments/${payment.id}/courier`, { body: { shippedAt: "yesterday" } })
    expect(badDate.json.errorCode).toBe("invalid_object")
    const unknown = await call("PUT", "/v2/payments/999/courier", { body: courier })
    expect(unknown.status).toBe(412)
    expect(sandbox.control.ledger().courierUpdates).toEqual([expect.objectContaining({ orderId: payment.id, courier })])
  })

  it("answers the account's limits with Cache-Control, changeable through the control API", async () => {
    const configuration = await call("GET", "/v2/configuration", { authorization: basic(EU) })
    expect(configuration.json).toEqual({
      minimumAmount: { amount: "1.00", currency: "EUR" },
      maximumAmount: { amount: "2000.00", currency: "EUR" },
    })
    expect(configuration.headers.get("cache-control")).toBe("max-age=86400")

    const changed = await fetch(`${sandbox.url}/__control/accounts/${UK.merchantId}/configuration`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ minimumAmount: "50.00", maximumAmount: "60.00" }),
    })
    expect(changed.status).toBe(200)
    expect((await call("GET", "/v2/configuration")).json.maximumAmount.amount).toBe("60.00")
    expect((await call("POST", "/v2/checkouts", { body: checkoutRequest() })).json.errorCode).toBe("unsupported_payment_type")
    expect(sandbox.accounts[0].maximumAmount).toBe("60.00")
  })
})

describe("Consumer screens", () => {
  it("shows the checkout and sends the consumer back with orderToken and status=SUCCESS", async () => {
    const token = await createCheckout()
    const page = await fetch(`${sandbox.url}/checkout/${token}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("Analytical Shop")
    expect(html).toContain("£100.00")
    expect(html).toContain("Difference engine")
    for (const id of ["confirm", "decline", "cancel"]) expect(html).toContain(`id="${id}"`)
    const action = /<form method="post" action="([^"]+)"><button type="submit" id="confirm"/.exec(html)?.[1]
    expect(action).toBe(`/checkout/${token}/confirm`)

    const confirmed = await fetch(`${sandbox.url}${action}`, { method: "POST", redirect: "manual" })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get("location")).toBe(`https://shop.example/return?cart=cart_1&orderToken=${token}&status=SUCCESS`)
    expect((await call("POST", "/v2/payments/auth", { body: { token } })).status).toBe(201)
    expect((await fetch(`${sandbox.url}/checkout/${token}`)).status).toBe(410)
  })

  it("sends a cancelling consumer to redirectCancelUrl with status=CANCELLED", async () => {
    const token = await createCheckout()
    const cancelled = await fetch(`${sandbox.url}/checkout/${token}/cancel`, { method: "POST", redirect: "manual" })
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get("location")).toBe(`https://shop.example/cancelled?orderToken=${token}&status=CANCELLED`)
    expect((await call("POST", "/v2/payments/auth", { body: { token } })).status).toBe(412)
  })

  it("makes Auth decline after the declined path, and shows error pages for unknown and expired tokens", async () => {
    const token = await createCheckout()
    const declined = await fetch(`${sandbox.url}/checkout/${token}/decline`, { method: "POST", redirect: "manual" })
    expect(declined.headers.get("location")).toContain("status=SUCCESS")
    expect((await call("POST", "/v2/payments/auth", { body: { token } })).json.status).toBe("DECLINED")

    expect((await fetch(`${sandbox.url}/checkout/001.unknown`)).status).toBe(404)
    const stale = await createCheckout()
    sandbox.control.advanceClock(61 * MINUTE)
    expect((await fetch(`${sandbox.url}/checkout/${stale}`)).status).toBe(410)
  })
})

describe("Consumer screen: the order and the payment plan", () => {
  // The lines of a table on the page, as a person reads them: "label | amount".
  function rows(html: string, tableId: string): string[] {
    const table = new RegExp(`<table id="${tableId}">([\\s\\S]*?)</table>`).exec(html)?.[1] ?? ""
    return [...table.matchAll(/<tr[^>]*><td[^>]*>([\s\S]*?)<\/td><td class="price">([^<]*)<\/td><\/tr>/g)].map(
      ([, label, amount]) =>
        `${label.replace(/<[^>]+>/g, "").replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))} | ${amount}`,
    )
  }

  it("lists items, discount, shipping, tax included and the total, then 4 fortnightly instalments from today", async () => {
    sandbox.control.advanceClock(0)
    const token = await createCheckout({
      amount: { amount: "94.95", currency: "GBP" },
      items: [
        { name: "Tote bag", quantity: 2, price: { amount: "40.00", currency: "GBP" } },
        { name: "Mug", quantity: 1, price: { amount: "12.00", currency: "GBP" } },
      ],
      discounts: [{ displayName: "WELCOME10", amount: { amount: "9.20", currency: "GBP" } }],
      shippingAmount: { amount: "12.15", currency: "GBP" },
      taxAmount: { amount: "15.83", currency: "GBP" },
    })
    const html = await (await fetch(`${sandbox.url}/checkout/${token}`)).text()
    expect(rows(html, "order")).toEqual([
      "2 × Tote bag (£40.00 each) | £80.00",
      "1 × Mug | £12.00",
      "Discount: WELCOME10 | -£9.20",
      "Shipping | £12.15",
      "Tax (included) | £15.83",
      "Total | £94.95",
    ])
    const schedule = rows(html, "schedule")
    expect(schedule).toHaveLength(4)
    expect(schedule.map((row) => row.split(" | ")[1])).toEqual(["£23.76", "£23.73", "£23.73", "£23.73"])
    expect(schedule[0]).toMatch(/^Today \|/)
    const fortnight = (days: number) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
        Date.now() + days * DAY * 1000,
      )
    // The clock may pass midnight between the page and this line: either day is right.
    expect([fortnight(14), fortnight(14 + 1 / 24)]).toContain(schedule[1].split(" | ")[0])
    expect(html).toContain("4 payments, the first today, then every two weeks")
  })

  it("shows an added tax line when prices exclude tax, and the plan the paymentSchedule option sets", async () => {
    const monthly = await startSandbox({ paymentSchedule: { instalments: 3, intervalDays: 30 } })
    try {
      const created = await fetch(`${monthly.url}/v2/checkouts`, {
        method: "POST",
        headers: { "User-Agent": "sandbox-test/1.0", "Content-Type": "application/json", Authorization: basic() },
        body: JSON.stringify(
          checkoutRequest({ amount: { amount: "120.00", currency: "GBP" }, taxAmount: { amount: "20.00", currency: "GBP" } }),
        ),
      })
      const { token } = (await created.json()) as { token: string }
      const html = await (await fetch(`${monthly.url}/checkout/${token}`)).text()
      expect(rows(html, "order")).toEqual(["2 × Difference engine (£50.00 each) | £100.00", "Tax | £20.00", "Total | £120.00"])
      expect(rows(html, "schedule").map((row) => row.split(" | ")[1])).toEqual(["£40.00", "£40.00", "£40.00"])
      expect(html).toContain("3 payments, the first today, then every 30 days")
    } finally {
      await monthly.close()
    }
    await expect(startSandbox({ paymentSchedule: { instalments: 0 } })).rejects.toThrow(
      "paymentSchedule.instalments must be a whole number from 1 to 24",
    )
  })
})

describe("Saved state", () => {
  it("a sandbox started from another's saved state answers its orders and numbers new ones after them", async () => {
    const first = await approvedPayment()
    const saved = sandbox.saveState()
    const next = await startSandbox({ savedState: saved })
    try {
      const call2 = (method: string, path: string, body?: unknown) =>
        fetch(`${next.url}${path}`, {
          method,
          headers: { "User-Agent": "sandbox-test/1.0", "Content-Type": "application/json", Authorization: basic() },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, json: (await response.json()) as any }))
      const read = await call2("GET", `/v2/payments/${first.id}`)
      expect(read.status).toBe(200)
      expect(read.json.originalAmount).toEqual({ amount: "100.00", currency: "GBP" })
      expect(
        (
          await call2("POST", `/v2/payments/${first.id}/capture`, {
            requestId: "cap-after-restart",
            amount: { amount: "100.00", currency: "GBP" },
          })
        ).status,
      ).toBe(201)

      const created = await call2("POST", "/v2/checkouts", checkoutRequest())
      await fetch(`${next.url}/checkout/${created.json.token}/confirm`, { method: "POST", redirect: "manual" })
      const second = await call2("POST", "/v2/payments/auth", { token: created.json.token })
      expect(BigInt(second.json.id)).toBe(BigInt(first.id) + 1n)
    } finally {
      await next.close()
    }
    await expect(startSandbox({ savedState: "{}" })).rejects.toThrow("savedState is not a sandbox state")
  })
})

describe("Faults", () => {
  async function addFault(fault: Record<string, unknown>) {
    const response = await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fault),
    })
    expect(response.status).toBe(201)
  }

  it("status: answers the status with a JSON error body, once by default", async () => {
    await addFault({ endpoint: "configuration", kind: "status", status: 503 })
    const faulted = await call("GET", "/v2/configuration")
    expect(faulted.status).toBe(503)
    expect(faulted.json.httpStatusCode).toBe(503)
    expect((await call("GET", "/v2/configuration")).status).toBe(200)
  })

  it("status on capture applies nothing; times and * aim it at several requests", async () => {
    const payment = await approvedPayment()
    await addFault({ endpoint: "*", kind: "status", status: 500, times: 2 })
    expect((await capture(payment.id, "10.00", "capture-1")).status).toBe(500)
    expect((await call("GET", "/ping")).status).toBe(500)
    expect((await capture(payment.id, "10.00", "capture-1")).status).toBe(201)
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("latency: delays the answer; a retry meanwhile with the same requestId gets 409 conflict", async () => {
    const payment = await approvedPayment()
    await addFault({ endpoint: "capture", kind: "latency", delayMs: 400 })
    const started = Date.now()
    const slow = capture(payment.id, "10.00", "capture-1")
    await new Promise((resolve) => setTimeout(resolve, 100))
    const retry = await capture(payment.id, "10.00", "capture-1")
    expect(retry.status).toBe(409)
    expect(retry.json.errorCode).toBe("conflict")
    const first = await slow
    expect(first.status).toBe(201)
    expect(Date.now() - started).toBeGreaterThanOrEqual(390)
    expect((await capture(payment.id, "10.00", "capture-1")).status).toBe(201)
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("lost_response: applies the change, then hangs up; the retry replays the result", async () => {
    const payment = await approvedPayment()
    await addFault({ endpoint: "capture", kind: "lost_response" })
    await expect(capture(payment.id, "10.00", "capture-1")).rejects.toThrow()
    expect(sandbox.control.ledger().captures).toHaveLength(1)
    const retry = await capture(payment.id, "10.00", "capture-1")
    expect(retry.status).toBe(201)
    expect(retry.headers.get("idempotent-replayed")).toBe("true")
    expect(retry.json.openToCaptureAmount.amount).toBe("90.00")
    expect(sandbox.control.ledger().captures).toHaveLength(1)
  })

  it("reset: hangs up before applying anything", async () => {
    const payment = await approvedPayment()
    await addFault({ endpoint: "capture", kind: "reset" })
    await expect(capture(payment.id, "10.00", "capture-1")).rejects.toThrow()
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })

  it("conflict, malformed and html answer without applying anything", async () => {
    const payment = await approvedPayment()
    await addFault({ endpoint: "capture", kind: "conflict" })
    const conflict = await capture(payment.id, "10.00", "capture-1")
    expect(conflict.status).toBe(409)
    expect(conflict.json.errorCode).toBe("conflict")

    await addFault({ endpoint: "capture", kind: "malformed" })
    const malformed = await capture(payment.id, "10.00", "capture-1")
    expect(malformed.status).toBe(201)
    expect(malformed.headers.get("content-type")).toContain("application/json")
    expect(() => JSON.parse(malformed.text)).toThrow()

    await addFault({ endpoint: "capture", kind: "html" })
    const html = await capture(payment.id, "10.00", "capture-1")
    expect(html.status).toBe(502)
    expect(html.headers.get("content-type")).toContain("text/html")

    expect(sandbox.control.ledger().captures).toHaveLength(0)
    expect(sandbox.control.ledger().requests.capture).toBe(3)
  })

  it("refuses an unknown fault and clears faults on DELETE", async () => {
    const refused = await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: "everything", kind: "status" }),
    })
    expect(refused.status).toBe(400)
    await addFault({ endpoint: "ping", kind: "status" })
    expect((await fetch(`${sandbox.url}/__control/faults`, { method: "DELETE" })).status).toBe(200)
    expect((await fetch(`${sandbox.url}/ping`)).status).toBe(200)
  })
})

describe("Control API over HTTP and the ledger", () => {
  it("confirms a checkout, moves the clock and counts every request per endpoint", async () => {
    const token = await createCheckout()
    const confirm = await fetch(`${sandbox.url}/__control/checkouts/${token}/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    })
    expect(confirm.status).toBe(200)
    expect((await call("POST", "/v2/payments/auth", { body: { token, requestId: "auth-1" } })).status).toBe(201)
    expect((await call("GET", "/v2/configuration", { authorization: null })).status).toBe(401)

    const before = Date.parse(((await (await fetch(`${sandbox.url}/__control/clock`)).json()) as any).now)
    const advanced = await fetch(`${sandbox.url}/__control/clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: DAY }),
    })
    const after = Date.parse(((await advanced.json()) as any).now)
    expect(after - before).toBeGreaterThanOrEqual(DAY * 1000)

    const ledger = (await (await fetch(`${sandbox.url}/__control/ledger`)).json()) as any
    expect(ledger.checkouts).toEqual([
      expect.objectContaining({ token, merchantId: UK.merchantId, amount: { amount: "100.00", currency: "GBP" } }),
    ])
    expect(ledger.auths).toEqual([expect.objectContaining({ token, requestId: "auth-1", status: "APPROVED" })])
    expect(ledger.payments).toEqual([expect.objectContaining({ merchantId: UK.merchantId, token, paymentState: "AUTH_APPROVED" })])
    expect(ledger.requests).toMatchObject({ createCheckout: 1, auth: 1, configuration: 1, capture: 0 })

    expect((await fetch(`${sandbox.url}/__control/reset`, { method: "POST" })).status).toBe(200)
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })

  it("changes the amount a checkout is approved for: Auth's payment carries it; refused for bad amounts and used checkouts", async () => {
    const token = await createCheckout()
    sandbox.control.confirmCheckout(token)
    const put = (body: unknown, to = token) =>
      fetch(`${sandbox.url}/__control/checkouts/${to}/amount`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
    expect((await put({ amount: "90" })).status).toBe(400)
    expect((await put({ amount: "90.00" }, "001.unknown")).status).toBe(404)
    const changed = await put({ amount: "90.00" })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ token, amount: { amount: "90.00", currency: "GBP" } })

    const auth = await call("POST", "/v2/payments/auth", { body: { token, requestId: `auth-${token}` } })
    expect(auth.status).toBe(201)
    expect(auth.json.originalAmount).toEqual({ amount: "90.00", currency: "GBP" })
    expect((await put({ amount: "80.00" })).status).toBe(410)
  })

  it("refuses to confirm an unknown or expired checkout", async () => {
    expect(() => sandbox.control.confirmCheckout("001.unknown")).toThrow(/unknown/)
    const token = await createCheckout()
    sandbox.control.advanceClock(61 * MINUTE)
    const response = await fetch(`${sandbox.url}/__control/checkouts/${token}/confirm`, { method: "POST" })
    expect(response.status).toBe(410)
  })
})

describe("startSandbox options and the CLI", () => {
  it("honours publicUrl, custom accounts and lifetimes", async () => {
    const account: SandboxAccount = { ...UK, merchantId: "custom", secretKey: "custom-secret", maximumAmount: "5000.00" }
    const custom = await startSandbox({ accounts: [account], publicUrl: "https://sandbox.example/", tokenLifetimeSeconds: 60 })
    try {
      const created = await fetch(`${custom.url}/v2/checkouts`, {
        method: "POST",
        headers: { Authorization: basic(account), "Content-Type": "application/json", "User-Agent": "test" },
        body: JSON.stringify(checkoutRequest({ amount: { amount: "4000.00", currency: "GBP" } })),
      })
      const body = (await created.json()) as any
      expect(body.redirectCheckoutUrl).toBe(`https://sandbox.example/checkout/${body.token}`)
      expect(custom.accounts.map((candidate) => candidate.merchantId)).toEqual(["custom"])
    } finally {
      await custom.close()
    }
  })

  it("prints URLs and sandbox credentials, and help for no command", async () => {
    const banner = describeSandbox(sandbox)
    expect(banner).toContain(sandbox.url)
    expect(banner).toContain(`${sandbox.authUrl}/v2/oauth2/token`)
    expect(banner).toContain("sandbox-uk-secret-key")
    expect(banner).toContain("EUR 1.00 to 2000.00")
    const lines: string[] = []
    await runCli([], { log: (line) => lines.push(line), error: (line) => lines.push(line) })
    expect(lines.join("\n")).toContain("Usage: medusa-payment-bnpl <command>")
  })
})
