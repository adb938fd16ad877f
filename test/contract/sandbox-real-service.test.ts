/**
 * The sandbox answers as the real service does where docs/service-api.md is silent
 * (docs/service-api.md), over real HTTP with the bodies a real client sends: the
 * official PHP SDK's extra fields, capture without `requestId`, a void with no body,
 * Immediate Payment Capture, Reverse Payment By Token, Update Payment, the Payment object's
 * `orderDetails`, `shippedAt` in UTC and numeric merchant ids.
 */
import { basicAuthorization, readAnswer } from "../support/sandbox-http"
import { DEFAULT_SANDBOX_ACCOUNTS, startSandbox, type Sandbox, type SandboxAccount } from "../../src/sandbox"
import { runCli } from "../../src/sandbox/cli"

const UK = DEFAULT_SANDBOX_ACCOUNTS[0]
const EU = DEFAULT_SANDBOX_ACCOUNTS[1]

/** docs/service-api.md "Payment (order)": what `orderDetails` may hold. */
const ORDER_DETAIL_FIELDS = [
  "consumer",
  "billing",
  "shipping",
  "courier",
  "items",
  "discounts",
  "taxAmount",
  "shippingAmount",
  "purchaseCountry",
]

let sandbox: Sandbox
let strictSandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ reversalDelaySeconds: 30 })
  strictSandbox = await startSandbox({ strictRequests: true })
})
afterAll(async () => {
  await Promise.all([sandbox.close(), strictSandbox.close()])
})
beforeEach(() => {
  sandbox.control.reset()
  strictSandbox.control.reset()
})

const basic = (account: SandboxAccount | { merchantId: string; secretKey: string } = UK) => basicAuthorization(account)

interface CallOptions {
  body?: unknown
  /** Sent as is, without a Content-Type unless `headers` has one. */
  rawBody?: string
  authorization?: string
  headers?: Record<string, string>
  on?: Sandbox
}

async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {
    "User-Agent": "afterpay-sdk-php/1.8.0 (PHP/8.3; Merchant/100101)",
    Authorization: options.authorization ?? basic(),
    ...options.headers,
  }
  if (options.body !== undefined) headers["Content-Type"] ??= "application/json"
  const response = await fetch(`${(options.on ?? sandbox).url}${path}`, {
    method,
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : options.rawBody,
  })
  return readAnswer(response)
}

/** A Create Checkout body as the official PHP SDK sends it: with `purchaseCountry`. */
function sdkCheckout(overrides: Record<string, unknown> = {}) {
  return {
    amount: { amount: "100.00", currency: "GBP" },
    consumer: { email: "ada@example.com", givenNames: "Ada", surname: "Lovelace", phoneNumber: "0200000000" },
    billing: { name: "Ada Lovelace", line1: "1 Engine Street", postcode: "N1 1AA", countryCode: "GB" },
    shipping: { name: "Ada Lovelace", line1: "1 Engine Street", postcode: "N1 1AA", countryCode: "GB" },
    items: [{ name: "Difference engine", sku: "DE-1", quantity: 2, price: { amount: "50.00", currency: "GBP" } }],
    discounts: [{ displayName: "Welcome", amount: { amount: "0.00", currency: "GBP" } }],
    taxAmount: { amount: "0.00", currency: "GBP" },
    shippingAmount: { amount: "0.00", currency: "GBP" },
    merchant: { redirectConfirmUrl: "https://shop.example/ok", redirectCancelUrl: "https://shop.example/no", name: "Analytical Shop" },
    merchantReference: "cart_1",
    description: "An order",
    mode: "standard",
    purchaseCountry: "GB",
    ...overrides,
  }
}

async function confirmedCheckout(overrides: Record<string, unknown> = {}, on: Sandbox = sandbox) {
  const created = await call("POST", "/v2/checkouts", { body: sdkCheckout(overrides), on })
  expect(created.status).toBe(201)
  on.control.confirmCheckout(created.json.token)
  return created.json.token as string
}

async function authorised(overrides: Record<string, unknown> = {}) {
  const token = await confirmedCheckout(overrides)
  const auth = await call("POST", "/v2/payments/auth", { body: { token } })
  expect(auth.status).toBe(201)
  return auth.json
}

describe("unknown fields: ignored and recorded, as the real service does; refused with strictRequests", () => {
  it("accepts a checkout with purchaseCountry and an unknown field, and records the unknown field", async () => {
    const created = await call("POST", "/v2/checkouts", {
      body: sdkCheckout({
        giftWrap: true,
        items: [{ name: "Engine", quantity: 1, price: { amount: "100.00", currency: "GBP" }, colour: "brass" }],
      }),
    })
    expect(created.status).toBe(201)
    const read = await call("GET", `/v2/checkouts/${created.json.token}`)
    expect(read.json.purchaseCountry).toBe("GB")
    expect(read.json).not.toHaveProperty("giftWrap")
    expect(read.json.items[0]).not.toHaveProperty("colour")
    expect(sandbox.control.ledger().ignoredFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ merchantId: UK.merchantId, endpoint: "createCheckout", field: "giftWrap" }),
        expect.objectContaining({ merchantId: UK.merchantId, endpoint: "createCheckout", field: "items[0].colour" }),
      ]),
    )
    // The ledger is what the control API serves.
    const overHttp = (await (await fetch(`${sandbox.url}/__control/ledger`)).json()) as any
    expect(overHttp.ignoredFields.map((entry: any) => entry.field).sort()).toEqual(["giftWrap", "items[0].colour"])
  })

  it("still refuses a malformed value of a field it knows, with the document's error", async () => {
    for (const overrides of [
      { purchaseCountry: "gb" },
      { consumer: { email: "x".repeat(129) } },
      { amount: { amount: "1,50", currency: "GBP" } },
    ]) {
      const refused = await call("POST", "/v2/checkouts", { body: sdkCheckout({ ...overrides, unknownToo: 1 }) })
      expect({ overrides, status: refused.status, errorCode: refused.json.errorCode }).toEqual({
        overrides,
        status: 422,
        errorCode: "invalid_object",
      })
    }
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })

  it("accepts the SDK's Auth with amount, isCheckoutAdjusted, items, shipping and paymentScheduleChecksum", async () => {
    const token = await confirmedCheckout()
    const auth = await call("POST", "/v2/payments/auth", {
      body: {
        token,
        requestId: "sdk-auth-1",
        merchantReference: "order_1",
        amount: { amount: "100.00", currency: "GBP" },
        isCheckoutAdjusted: false,
        items: [],
        shipping: {},
        paymentScheduleChecksum: "abc123",
      },
    })
    expect(auth.status).toBe(201)
    expect(auth.json).toMatchObject({ status: "APPROVED", merchantReference: "order_1" })
    // `amount` is a field of Auth (required for express checkouts); a standard checkout ignores it.
    expect(
      sandbox.control
        .ledger()
        .ignoredFields.map((entry) => entry.field)
        .sort(),
    ).toEqual(["isCheckoutAdjusted", "items", "paymentScheduleChecksum", "shipping"])
  })

  it("with strictRequests refuses an unknown field with 422 naming it, and accepts purchaseCountry", async () => {
    const refused = await call("POST", "/v2/checkouts", { body: sdkCheckout({ giftWrap: true }), on: strictSandbox })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ errorCode: "invalid_object", message: "giftWrap is not a field of this request" })
    const token = await confirmedCheckout({}, strictSandbox)
    const auth = await call("POST", "/v2/payments/auth", { body: { token, isCheckoutAdjusted: false }, on: strictSandbox })
    expect(auth.status).toBe(422)
    expect(auth.json.message).toBe("isCheckoutAdjusted is not a field of this request")
    expect(strictSandbox.control.ledger().ignoredFields).toEqual([])
  })
})

describe("optional fields sent as null (docs/service-api.md), as the official PHP SDK sends them", () => {
  const nullLines = { line2: null, region: null }
  const sdkNullCheckout = () =>
    sdkCheckout({
      billing: { ...sdkCheckout().billing, ...nullLines },
      shipping: { ...sdkCheckout().shipping, ...nullLines },
    })

  it("accepts a checkout with line2 and region null in billing and shipping (201), reading them as absent", async () => {
    for (const on of [sandbox, strictSandbox]) {
      const created = await call("POST", "/v2/checkouts", { body: sdkNullCheckout(), on })
      expect({ strict: on.strictRequests, status: created.status }).toEqual({ strict: on.strictRequests, status: 201 })
      const read = await call("GET", `/v2/checkouts/${created.json.token}`, { on })
      expect(read.json.billing).toEqual(sdkCheckout().billing)
      expect(read.json.shipping).toEqual(sdkCheckout().shipping)
      expect(on.control.ledger().ignoredFields).toEqual([])
    }
  })

  it("refuses null for a required field as that field missing: amount, consumer.email, Auth's token", async () => {
    for (const [overrides, message] of [
      [{ amount: null }, "amount is required"],
      [{ consumer: { email: null } }, "consumer.email is required"],
    ] as const) {
      const refused = await call("POST", "/v2/checkouts", { body: sdkCheckout(overrides) })
      expect({ status: refused.status, body: refused.json }).toMatchObject({
        status: 422,
        body: { errorCode: "invalid_object", message },
      })
    }
    const auth = await call("POST", "/v2/payments/auth", { body: { token: null, requestId: null } })
    expect({ status: auth.status, body: auth.json }).toMatchObject({
      status: 422,
      body: { errorCode: "invalid_object", message: "token is required" },
    })
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })

  it("still refuses a malformed value beside the nulls, and an unknown field in strict mode", async () => {
    const refused = await call("POST", "/v2/checkouts", {
      body: { ...sdkNullCheckout(), billing: { ...sdkNullCheckout().billing, countryCode: "gb" } },
    })
    expect(refused.json).toMatchObject({ errorCode: "invalid_object", message: expect.stringMatching(/^billing\.countryCode /) })
    const strict = await call("POST", "/v2/checkouts", { body: { ...sdkNullCheckout(), giftWrap: null }, on: strictSandbox })
    expect(strict.json).toMatchObject({ errorCode: "invalid_object", message: "giftWrap is not a field of this request" })
  })
})

describe("the Payment object's orderDetails", () => {
  function expectOrderDetailsOnly(where: string, payment: any) {
    expect({ where, keys: Object.keys(payment.orderDetails).filter((key) => !ORDER_DETAIL_FIELDS.includes(key)) }).toEqual({
      where,
      keys: [],
    })
  }

  it("holds only the order's details in every answer that carries a Payment", async () => {
    const token = await confirmedCheckout()
    const auth = await call("POST", "/v2/payments/auth", { body: { token } })
    expect(auth.json.orderDetails).toEqual({
      consumer: sdkCheckout().consumer,
      billing: sdkCheckout().billing,
      shipping: sdkCheckout().shipping,
      // The service's empty values for what the checkout did not send (docs/service-api.md "Recorded answers").
      courier: {},
      items: sdkCheckout().items.map((item) => ({ ...item, categories: [] })),
      discounts: sdkCheckout().discounts,
      taxAmount: sdkCheckout().taxAmount,
      shippingAmount: sdkCheckout().shippingAmount,
      purchaseCountry: "GB",
    })
    expect(auth.json.originalAmount).toEqual({ amount: "100.00", currency: "GBP" })
    expect(auth.json.merchantReference).toBe("cart_1")
    const id = auth.json.id

    const declinedToken = (await call("POST", "/v2/checkouts", { body: sdkCheckout() })).json.token
    sandbox.control.confirmCheckout(declinedToken, "decline")
    const capturedToken = await confirmedCheckout()

    const answers: Array<[string, { status: number; json: any }]> = [
      ["Auth", auth],
      ["Auth declined (402)", await call("POST", "/v2/payments/auth", { body: { token: declinedToken } })],
      ["Get Payment", await call("GET", `/v2/payments/${id}`)],
      ["Get Payment By Token", await call("GET", `/v2/payments/token:${token}`)],
      ["Capture", await call("POST", `/v2/payments/${id}/capture`, { body: { amount: { amount: "10.00", currency: "GBP" } } })],
      ["Update Shipping Courier", await call("PUT", `/v2/payments/${id}/courier`, { body: { name: "Royal Mail" } })],
      ["Update Payment", await call("PUT", `/v2/payments/${id}`, { body: { merchantReference: "order_9" } })],
      ["Void", await call("POST", `/v2/payments/${id}/void`, { body: {} })],
      ["Immediate Payment Capture", await call("POST", "/v2/payments/capture", { body: { token: capturedToken } })],
    ]
    const list = await call("GET", "/v2/payments")
    expect(list.json.results).toHaveLength(3)
    for (const [index, payment] of list.json.results.entries()) answers.push([`List Payments [${index}]`, { status: 200, json: payment }])
    for (const [where, answer] of answers) {
      expect({ where, ok: answer.status < 300 || answer.status === 402 }).toEqual({ where, ok: true })
      expectOrderDetailsOnly(where, answer.json)
    }
    for (const payment of sandbox.control.ledger().payments) expectOrderDetailsOnly("ledger", payment)
  })
})

describe("capture and void as the real service takes them", () => {
  it("captures without a requestId (each such call captures again)", async () => {
    const payment = await authorised()
    const body = { amount: { amount: "10.00", currency: "GBP" } }
    const first = await call("POST", `/v2/payments/${payment.id}/capture`, { body })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ paymentState: "PARTIALLY_CAPTURED", openToCaptureAmount: { amount: "90.00" } })
    const second = await call("POST", `/v2/payments/${payment.id}/capture`, { body })
    expect(second.json.openToCaptureAmount.amount).toBe("80.00")
    expect(sandbox.control.ledger().captures).toEqual([
      expect.not.objectContaining({ requestId: expect.anything() }),
      expect.not.objectContaining({ requestId: expect.anything() }),
    ])
  })

  it("voids the rest for a POST with no body and no Content-Type, and lists the void in refunds[] and events[]", async () => {
    const payment = await authorised()
    await call("POST", `/v2/payments/${payment.id}/capture`, { body: { requestId: "c-1", amount: { amount: "40.00", currency: "GBP" } } })
    const voided = await call("POST", `/v2/payments/${payment.id}/void`)
    expect(voided.status).toBe(201)
    expect(voided.json).toMatchObject({ paymentState: "CAPTURED", openToCaptureAmount: { amount: "0.00" } })
    expect(voided.json.events.at(-1)).toMatchObject({ type: "VOIDED", amount: { amount: "60.00", currency: "GBP" } })
    expect(voided.json.refunds).toEqual([
      { amount: { amount: "60.00", currency: "GBP" }, refundId: expect.stringMatching(/^\d+$/), refundedAt: expect.any(String) },
    ])
    // A void is not a refund: all 40.00 captured can still be refunded.
    const refund = await call("POST", `/v2/payments/${payment.id}/refund`, { body: { amount: { amount: "40.00", currency: "GBP" } } })
    expect(refund.status).toBe(201)
    expect(sandbox.control.ledger().voids).toEqual([
      expect.objectContaining({ orderId: payment.id, amount: { amount: "60.00", currency: "GBP" } }),
    ])
  })

  it("voids an untouched authorisation with an empty JSON body, idempotently with a requestId", async () => {
    const payment = await authorised()
    const voided = await call("POST", `/v2/payments/${payment.id}/void`, { body: { requestId: "v-1" } })
    expect(voided.json.paymentState).toBe("VOIDED")
    expect(voided.json.refunds).toEqual([expect.objectContaining({ requestId: "v-1", amount: { amount: "100.00", currency: "GBP" } })])
    const replay = await call("POST", `/v2/payments/${payment.id}/void`, { body: { requestId: "v-1" } })
    expect(replay.status).toBe(201)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    expect(sandbox.control.ledger().voids).toHaveLength(1)
  })
})

describe("Immediate Payment Capture", () => {
  it("authorises and captures the whole amount in one call, idempotently on requestId", async () => {
    const token = await confirmedCheckout()
    const captured = await call("POST", "/v2/payments/capture", { body: { token, requestId: "ipc-1", merchantReference: "order_7" } })
    expect(captured.status).toBe(201)
    expect(captured.json).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      token,
      status: "APPROVED",
      paymentState: "CAPTURED",
      merchantReference: "order_7",
      originalAmount: { amount: "100.00", currency: "GBP" },
      openToCaptureAmount: { amount: "0.00", currency: "GBP" },
    })
    // One CAPTURED event, as the real service records it (docs/service-api.md "Recorded answers").
    expect(captured.json.events.map((event: any) => event.type)).toEqual(["CAPTURED"])
    const replay = await call("POST", "/v2/payments/capture", { body: { token, requestId: "ipc-1" } })
    expect(replay.json.id).toBe(captured.json.id)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    const refund = await call("POST", `/v2/payments/${captured.json.id}/refund`, {
      body: { amount: { amount: "100.00", currency: "GBP" } },
    })
    expect(refund.status).toBe(201)
    const ledger = sandbox.control.ledger()
    expect(ledger.auths).toEqual([expect.objectContaining({ token, immediateCapture: true, status: "APPROVED" })])
    expect(ledger.captures).toEqual([
      expect.objectContaining({ orderId: captured.json.id, requestId: "ipc-1", amount: { amount: "100.00", currency: "GBP" } }),
    ])
  })

  it("answers a declined consumer with 201 DECLINED / CAPTURE_DECLINED, and Auth's errors otherwise", async () => {
    const declinedToken = (await call("POST", "/v2/checkouts", { body: sdkCheckout() })).json.token
    sandbox.control.confirmCheckout(declinedToken, "decline")
    const declined = await call("POST", "/v2/payments/capture", { body: { token: declinedToken } })
    expect(declined.status).toBe(201)
    // A declined payment keeps the whole amount as openToCaptureAmount (docs/service-api.md "Recorded answers").
    expect(declined.json).toMatchObject({ status: "DECLINED", paymentState: "CAPTURE_DECLINED", openToCaptureAmount: { amount: "100.00" } })

    const unconfirmed = (await call("POST", "/v2/checkouts", { body: sdkCheckout() })).json.token
    const early = await call("POST", "/v2/payments/capture", { body: { token: unconfirmed } })
    expect([early.status, early.json.errorCode]).toEqual([412, "invalid_order_transaction_status"])
    const used = await call("POST", "/v2/payments/capture", { body: { token: declinedToken } })
    expect([used.status, used.json.errorCode]).toEqual([402, "invalid_token"])
    const missing = await call("POST", "/v2/payments/capture", { body: { token: "" } })
    expect([missing.status, missing.json.errorCode]).toEqual([422, "invalid_object"])
    const token = await confirmedCheckout()
    const wrongAmount = await call("POST", "/v2/payments/capture", { body: { token, amount: { amount: "99.99", currency: "GBP" } } })
    expect([wrongAmount.status, wrongAmount.json.errorCode]).toEqual([422, "invalid_amount"])
    expect(sandbox.control.ledger().captures).toHaveLength(0)
  })
})

describe("Reverse Payment By Token", () => {
  it("answers 204 with no body, then voids the authorisation shortly after (sandbox clock)", async () => {
    const payment = await authorised()
    const reversed = await call("POST", `/v2/payments/token:${payment.token}/reversal`)
    expect(reversed.status).toBe(204)
    expect(reversed.text).toBe("")
    // Not done yet: a 204 only means the service took the request.
    expect((await call("GET", `/v2/payments/${payment.id}`)).json.paymentState).toBe("AUTH_APPROVED")
    expect(sandbox.control.ledger().reversals).toEqual([expect.not.objectContaining({ appliedAt: expect.anything() })])

    sandbox.control.advanceClock(30)
    const after = await call("GET", `/v2/payments/token:${payment.token}`)
    expect(after.json).toMatchObject({ paymentState: "VOIDED", openToCaptureAmount: { amount: "0.00" } })
    expect(after.json.events.at(-1)).toMatchObject({ type: "VOIDED", amount: { amount: "100.00" } })
    const ledger = sandbox.control.ledger()
    expect(ledger.reversals).toEqual([
      expect.objectContaining({
        token: payment.token,
        orderId: payment.id,
        appliedAt: expect.any(String),
        voided: { amount: "100.00", currency: "GBP" },
      }),
    ])
    expect(ledger.voids).toEqual([expect.objectContaining({ orderId: payment.id, reversal: true })])
    // Asking again is harmless.
    expect((await call("POST", `/v2/payments/token:${payment.token}/reversal`)).status).toBe(204)
    sandbox.control.advanceClock(30)
    expect(sandbox.control.ledger().voids).toHaveLength(1)
  })

  it("refunds what was captured and voids the rest", async () => {
    const payment = await authorised()
    await call("POST", `/v2/payments/${payment.id}/capture`, { body: { amount: { amount: "30.00", currency: "GBP" } } })
    await call("POST", `/v2/payments/${payment.id}/refund`, { body: { amount: { amount: "5.00", currency: "GBP" } } })
    expect((await call("POST", `/v2/payments/token:${payment.token}/reversal`)).status).toBe(204)
    sandbox.control.advanceClock(30)
    const ledger = sandbox.control.ledger()
    expect(ledger.reversals[0]).toMatchObject({
      voided: { amount: "70.00", currency: "GBP" },
      refunded: { amount: "25.00", currency: "GBP" },
    })
    expect(ledger.refunds.map((refund) => [refund.amount.amount, refund.reversal ?? false])).toEqual([
      ["5.00", false],
      ["25.00", true],
    ])
    const after = (await call("GET", `/v2/payments/${payment.id}`)).json
    expect(after.paymentState).toBe("CAPTURED")
  })

  it("closes a checkout no order was made from, so a late Auth makes none; 404 for an unknown token", async () => {
    const token = await confirmedCheckout()
    expect((await call("POST", `/v2/payments/token:${token}/reversal`)).status).toBe(204)
    const late = await call("POST", "/v2/payments/auth", { body: { token } })
    expect([late.status, late.json.errorCode]).toEqual([402, "invalid_token"])
    sandbox.control.advanceClock(30)
    expect(sandbox.control.ledger().reversals).toEqual([expect.objectContaining({ token, appliedAt: expect.any(String) })])
    expect(sandbox.control.ledger().payments).toHaveLength(0)

    const unknown = await call("POST", "/v2/payments/token:001.unknown/reversal")
    expect([unknown.status, unknown.json.errorCode]).toEqual([404, "not_found"])
    const otherAccount = await call("POST", `/v2/payments/token:${token}/reversal`, { authorization: basic(EU) })
    expect(otherAccount.status).toBe(404)
  })
})

describe("Update Payment", () => {
  it("gives the payment a new merchantReference, found by List Payments", async () => {
    const payment = await authorised()
    const updated = await call("PUT", `/v2/payments/${payment.id}`, { body: { merchantReference: "order_42" } })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ id: payment.id, merchantReference: "order_42" })
    const found = await call("GET", "/v2/payments?merchantReferences=order_42")
    expect(found.json.results.map((result: any) => result.id)).toEqual([payment.id])
    expect(sandbox.control.ledger().paymentUpdates).toEqual([
      expect.objectContaining({ orderId: payment.id, merchantReference: "order_42" }),
    ])
  })

  it("answers 404 for an unknown payment and 422 for a missing or over-long merchantReference", async () => {
    const payment = await authorised()
    const unknown = await call("PUT", "/v2/payments/999", { body: { merchantReference: "x" } })
    expect([unknown.status, unknown.json.errorCode]).toEqual([404, "not_found"])
    for (const body of [{}, { merchantReference: "r".repeat(129) }]) {
      const refused = await call("PUT", `/v2/payments/${payment.id}`, { body })
      expect([refused.status, refused.json.errorCode]).toEqual([422, "invalid_object"])
    }
  })
})

describe("faults on the new endpoints", () => {
  it("arms status, lost_response and reset on immediateCapture, reversal and updatePayment", async () => {
    const add = (fault: Record<string, unknown>) =>
      fetch(`${sandbox.url}/__control/faults`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fault),
      })
    const payment = await authorised()

    expect((await add({ endpoint: "updatePayment", kind: "status", status: 503 })).status).toBe(201)
    expect((await call("PUT", `/v2/payments/${payment.id}`, { body: { merchantReference: "a" } })).status).toBe(503)
    expect(sandbox.control.ledger().paymentUpdates).toHaveLength(0)

    await add({ endpoint: "reversal", kind: "reset" })
    await expect(call("POST", `/v2/payments/token:${payment.token}/reversal`)).rejects.toThrow()
    expect(sandbox.control.ledger().reversals).toHaveLength(0)

    const token = await confirmedCheckout()
    await add({ endpoint: "immediateCapture", kind: "lost_response" })
    await expect(call("POST", "/v2/payments/capture", { body: { token, requestId: "ipc-lost" } })).rejects.toThrow()
    const retry = await call("POST", "/v2/payments/capture", { body: { token, requestId: "ipc-lost" } })
    expect(retry.status).toBe(201)
    expect(retry.headers.get("idempotent-replayed")).toBe("true")
    expect(sandbox.control.ledger().requests).toMatchObject({ immediateCapture: 2, reversal: 1, updatePayment: 1 })
  })
})

describe("details", () => {
  it("answers Courier shippedAt in UTC with milliseconds", async () => {
    const payment = await authorised()
    const updated = await call("PUT", `/v2/payments/${payment.id}/courier`, { body: { shippedAt: "2020-01-01T00:59:59+01:00" } })
    expect(updated.json.orderDetails.courier.shippedAt).toBe("2019-12-31T23:59:59.000Z")
  })

  it("gives the default accounts numeric merchant ids, and still accepts their former ids", async () => {
    expect(DEFAULT_SANDBOX_ACCOUNTS.map((account) => account.merchantId)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
    ])
    const former = { merchantId: "sandbox-uk-merchant", secretKey: UK.secretKey }
    const created = await call("POST", "/v2/checkouts", { body: sdkCheckout(), authorization: basic(former) })
    expect(created.status).toBe(201)
    expect(sandbox.control.ledger().checkouts[0].merchantId).toBe(UK.merchantId)
    // Same account under either id.
    expect((await call("GET", `/v2/checkouts/${created.json.token}`)).status).toBe(200)
    const token = await fetch(`${sandbox.authUrl}/v2/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: "sandbox-eu-merchant",
        client_secret: EU.secretKey,
        scope: "merchant_api_v2",
      }).toString(),
    })
    expect(token.status).toBe(200)
  })

  it("medusa-payment-bnpl sandbox --strict-requests starts a strict sandbox and says so", async () => {
    const lines: string[] = []
    const cli = await runCli(["sandbox", "--port", "0", "--strict-requests"], {
      log: (line) => lines.push(line),
      error: (line) => lines.push(line),
    })
    try {
      expect(lines.join("\n")).toContain("Unknown request fields:   refused (422)")
      const refused = await call("POST", "/v2/checkouts", { body: sdkCheckout({ giftWrap: true }), on: cli! })
      expect(refused.status).toBe(422)
    } finally {
      await cli?.close()
    }
  })
})
