/**
 * The sandbox answers as the real service was recorded answering, where the recordings show
 * more than the document (docs/service-api.md "Recorded answers"; docs/sandbox.md "Where
 * each behaviour comes from"). One test per difference; each name starts with its source:
 * `[recorded: <exchange>]` for a recorded answer's shape, `[document: <section>]` for
 * docs/service-api.md. The requests are shaped as the recordings' were: one-decimal amounts,
 * `courier` and `discounts` sent as `null`, a consumer without a phone number, items without
 * categories. A strict sandbox (the plugin's own tests) keeps refusing what the service only
 * tolerates.
 */
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { runCli } from "../../../src/sandbox/cli"
import { asMerchant, asTester, createExpressCheckout, shippingOption } from "./express-http"

let sandbox: Sandbox
let strict: Sandbox
let recordings: Sandbox

beforeAll(async () => {
  ;[sandbox, strict, recordings] = await Promise.all([
    startSandbox(),
    startSandbox({ strictRequests: true }),
    startSandbox({ preferRecordings: true }),
  ])
})
afterAll(async () => {
  await Promise.all([sandbox.close(), strict.close(), recordings.close()])
})
beforeEach(() => {
  for (const each of [sandbox, strict, recordings]) each.control.reset()
})

const money = (amount: string) => ({ amount, currency: "GBP" })

/** A Create Checkout body shaped as the recorded requests were. */
function recordedCheckout(amount = "110.0") {
  return {
    amount: money(amount),
    consumer: { email: "test@example.com", givenNames: "Test", surname: "Test" },
    billing: { name: "Test Test", line1: "1 Test Street", line2: null, postcode: "N1 1AA", countryCode: "GB", region: null },
    shipping: { name: "Test Test", line1: "1 Test Street", line2: null, postcode: "N1 1AA", countryCode: "GB", region: null },
    courier: null,
    items: [{ name: "T-Shirt", sku: "TS-1", quantity: 1, price: money("100.0") }],
    discounts: null,
    merchant: { redirectConfirmUrl: "https://shop.example/confirm", redirectCancelUrl: "https://shop.example/cancel" },
    merchantReference: "merchant-order-1",
    taxAmount: money("0.0"),
    shippingAmount: money("10.0"),
  }
}

/** A checkout made and answered by the consumer on `on`, with the recorded request's shape unless told. */
async function answeredCheckout(on: Sandbox, outcome: "approve" | "decline" = "approve", body: unknown = recordedCheckout()) {
  const created = await asMerchant(on, "POST", "/v2/checkouts", body)
  expect(created.status).toBe(201)
  on.control.confirmCheckout(created.json.token, outcome)
  return created.json.token as string
}

async function authorised(on: Sandbox, body: unknown = recordedCheckout()) {
  const token = await answeredCheckout(on, "approve", body)
  const auth = await asMerchant(on, "POST", "/v2/payments/auth", { token, merchantReference: "merchant-order-1" })
  expect(auth.status).toBe(201)
  return auth.json
}

/** A checkout body the strict sandbox takes (2 decimals, no nulls' business aside). */
function twoDecimalCheckout() {
  const body: any = recordedCheckout("110.00")
  body.items[0].price = money("100.00")
  body.taxAmount = money("0.00")
  body.shippingAmount = money("10.00")
  return body
}

describe("one-decimal amounts: taken and rounded as the service does; refused by a strict sandbox", () => {
  it('[recorded: Create Checkout] takes amount "110.0" and answers it as 110.00', async () => {
    const created = await asMerchant(sandbox, "POST", "/v2/checkouts", recordedCheckout())
    expect(created.status).toBe(201)
    const read = await asMerchant(sandbox, "GET", `/v2/checkouts/${created.json.token}`)
    expect(read.json).toMatchObject({ amount: money("110.00"), shippingAmount: money("10.00"), items: [{ price: money("100.00") }] })

    const refused = await asMerchant(strict, "POST", "/v2/checkouts", recordedCheckout())
    expect({ status: refused.status, body: refused.json }).toMatchObject({
      status: 422,
      body: { errorCode: "invalid_object", message: "amount.amount must be a non-negative decimal string with exactly 2 decimal places" },
    })
  })

  it('[recorded: Capture] takes amount "10.0" and captures 10.00', async () => {
    const payment = await authorised(sandbox)
    const captured = await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/capture`, {
      requestId: "capture-1",
      amount: money("10.0"),
    })
    expect(captured.status).toBe(201)
    expect(captured.json).toMatchObject({ paymentState: "PARTIALLY_CAPTURED", openToCaptureAmount: money("100.00") })
    expect(captured.json.events.at(-1)).toMatchObject({ type: "CAPTURED", amount: money("10.00") })

    const strictPayment = await authorised(strict, twoDecimalCheckout())
    const refused = await asMerchant(strict, "POST", `/v2/payments/${strictPayment.id}/capture`, {
      requestId: "capture-1",
      amount: money("10.0"),
    })
    expect([refused.status, refused.json.errorCode]).toEqual([422, "invalid_object"])
  })

  it('[recorded: Void] takes amount "10.0" and voids 10.00', async () => {
    const payment = await authorised(sandbox)
    const voided = await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/void`, { requestId: "void-1", amount: money("10.0") })
    expect(voided.status).toBe(201)
    expect(voided.json).toMatchObject({ openToCaptureAmount: money("100.00") })
    expect(voided.json.events.at(-1)).toMatchObject({ type: "VOIDED", amount: money("10.00") })

    const strictPayment = await authorised(strict, twoDecimalCheckout())
    const refused = await asMerchant(strict, "POST", `/v2/payments/${strictPayment.id}/void`, {
      requestId: "void-1",
      amount: money("10.0"),
    })
    expect([refused.status, refused.json.errorCode]).toEqual([422, "invalid_object"])
  })

  it('[recorded: Refund] takes amount "10.0" and refunds 10.00', async () => {
    const payment = await authorised(sandbox)
    await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/capture`, { amount: money("110.0") })
    const refunded = await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/refund`, {
      requestId: "refund-1",
      amount: money("10.0"),
    })
    expect(refunded.status).toBe(201)
    expect(refunded.json).toMatchObject({ requestId: "refund-1", amount: money("10.00"), refundId: expect.any(String) })

    const strictPayment = await authorised(strict, twoDecimalCheckout())
    await asMerchant(strict, "POST", `/v2/payments/${strictPayment.id}/capture`, { requestId: "c", amount: money("110.00") })
    const refused = await asMerchant(strict, "POST", `/v2/payments/${strictPayment.id}/refund`, { amount: money("10.0") })
    expect([refused.status, refused.json.errorCode]).toEqual([422, "invalid_object"])
  })
})

describe("the Payment object as the service answers it", () => {
  /** Every answer that carries a Payment made from the recorded checkout: Auth approved and declined, Immediate Payment Capture, Get Payment. */
  async function paymentAnswers(on: Sandbox) {
    const approved = await authorised(on)
    const declinedToken = await answeredCheckout(on, "decline")
    const declined = await asMerchant(on, "POST", "/v2/payments/auth", { token: declinedToken })
    expect(declined.status).toBe(402)
    const capturedToken = await answeredCheckout(on)
    const captured = await asMerchant(on, "POST", "/v2/payments/capture", { token: capturedToken })
    expect(captured.status).toBe(201)
    const read = await asMerchant(on, "GET", `/v2/payments/${approved.id}`)
    return {
      "Auth approved": approved,
      "Auth declined": declined.json,
      "Immediate Payment Capture": captured.json,
      "Get Payment": read.json,
    }
  }

  it("[recorded: Auth approved, Auth declined, Immediate Payment Capture, Get Payment] orderDetails.courier is {} when the request sent null", async () => {
    for (const [where, payment] of Object.entries(await paymentAnswers(sandbox))) {
      expect({ where, courier: payment.orderDetails.courier }).toEqual({ where, courier: {} })
    }
  })

  it("[recorded: Auth approved, Auth declined, Immediate Payment Capture, Get Payment] orderDetails.discounts is [] when the request sent null", async () => {
    for (const [where, payment] of Object.entries(await paymentAnswers(sandbox))) {
      expect({ where, discounts: payment.orderDetails.discounts }).toEqual({ where, discounts: [] })
    }
  })

  it('[recorded: Auth approved, Get Payment] orderDetails.consumer.phoneNumber is "" when the consumer gave none', async () => {
    const payment = await authorised(sandbox)
    expect(payment.orderDetails.consumer).toEqual({ email: "test@example.com", givenNames: "Test", surname: "Test", phoneNumber: "" })
    const read = await asMerchant(sandbox, "GET", `/v2/payments/${payment.id}`)
    expect(read.json.orderDetails.consumer.phoneNumber).toBe("")
  })

  it("[recorded: Auth approved, Get Payment] orderDetails.items[].categories is [] when the item had none", async () => {
    const payment = await authorised(sandbox)
    expect(payment.orderDetails.items).toEqual([{ name: "T-Shirt", sku: "TS-1", quantity: 1, price: money("100.00"), categories: [] }])
  })

  it("[recorded: Auth approved, Capture, Get Payment] every event carries paymentEventMerchantReference, null when it has none", async () => {
    const payment = await authorised(sandbox)
    expect(payment.events).toEqual([expect.objectContaining({ type: "AUTH_APPROVED", paymentEventMerchantReference: null })])
    await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/capture`, { amount: money("10.00") })
    await asMerchant(sandbox, "POST", `/v2/payments/${payment.id}/capture`, {
      amount: money("10.00"),
      paymentEventMerchantReference: "capture-2",
    })
    const read = await asMerchant(sandbox, "GET", `/v2/payments/${payment.id}`)
    expect(read.json.events.map((event: any) => [event.type, event.paymentEventMerchantReference])).toEqual([
      ["AUTH_APPROVED", null],
      ["CAPTURED", null],
      ["CAPTURED", "capture-2"],
    ])
  })

  it("[recorded: Auth declined] a declined Auth records an AUTH_DECLINED event of the amount asked", async () => {
    const token = await answeredCheckout(sandbox, "decline")
    const declined = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token })
    expect(declined.status).toBe(402)
    expect(declined.json).toMatchObject({ status: "DECLINED", paymentState: "AUTH_DECLINED" })
    expect(declined.json.events).toEqual([
      {
        id: expect.any(String),
        created: expect.any(String),
        type: "AUTH_DECLINED",
        amount: money("110.00"),
        paymentEventMerchantReference: null,
      },
    ])
  })

  it("[recorded: Immediate Payment Capture declined] a declined Immediate Payment Capture records a CAPTURE_DECLINED event", async () => {
    const token = await answeredCheckout(sandbox, "decline")
    const declined = await asMerchant(sandbox, "POST", "/v2/payments/capture", { token })
    expect(declined.status).toBe(201)
    expect(declined.json).toMatchObject({ status: "DECLINED", paymentState: "CAPTURE_DECLINED" })
    expect(declined.json.events.map((event: any) => [event.type, event.amount])).toEqual([["CAPTURE_DECLINED", money("110.00")]])
  })

  it("[recorded: Immediate Payment Capture] an approved one records one CAPTURED event, no AUTH_APPROVED", async () => {
    const token = await answeredCheckout(sandbox)
    const captured = await asMerchant(sandbox, "POST", "/v2/payments/capture", { token, requestId: "ipc-1" })
    expect(captured.json).toMatchObject({ status: "APPROVED", paymentState: "CAPTURED", openToCaptureAmount: money("0.00") })
    expect(captured.json.events.map((event: any) => [event.type, event.amount])).toEqual([["CAPTURED", money("110.00")]])
  })

  it("[recorded: Auth declined, Immediate Payment Capture declined] a declined payment's openToCaptureAmount is the whole amount, yet nothing can be captured", async () => {
    for (const path of ["/v2/payments/auth", "/v2/payments/capture"]) {
      const token = await answeredCheckout(sandbox, "decline")
      const declined = await asMerchant(sandbox, "POST", path, { token })
      expect({ path, open: declined.json.openToCaptureAmount }).toEqual({ path, open: money("110.00") })
      const capture = await asMerchant(sandbox, "POST", `/v2/payments/${declined.json.id}/capture`, { amount: money("10.00") })
      expect({ path, status: capture.status, errorCode: capture.json.errorCode }).toEqual({
        path,
        status: 412,
        errorCode: "precondition_failed",
      })
    }
  })

  it("[recorded: Auth approved] a strict sandbox answers the same Payment: only what it takes differs", async () => {
    const payment = await authorised(strict, twoDecimalCheckout())
    expect(payment.orderDetails).toMatchObject({ courier: {}, discounts: [], consumer: { phoneNumber: "" }, items: [{ categories: [] }] })
    expect(payment.events[0].paymentEventMerchantReference).toBeNull()
  })
})

describe("Get Checkout of an express checkout", () => {
  it("[recorded: Get Checkout of an express checkout] carries courier {}, discounts [] and shippingOptions { supportedShippingCountries: [] } when none were sent", async () => {
    const token = await createExpressCheckout(sandbox)
    const before = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
    expect(before.json).toMatchObject({ courier: {}, discounts: [], shippingOptions: { supportedShippingCountries: [] } })
    const option = shippingOption("so_standard", "4.00", "44.00")
    expect((await asTester(sandbox, "POST", `/__control/express/${token}/confirm`, { option })).status).toBe(200)
    const after = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
    expect(after.json).toMatchObject({
      courier: {},
      discounts: [],
      shippingOptions: { supportedShippingCountries: [] },
      shippingOptionIdentifier: "so_standard",
    })
  })

  it("[recorded: Get Checkout of an express checkout] answers courier, discounts and shippingOptions as sent when they were", async () => {
    const sent = {
      courier: { name: "Royal Mail", priority: "STANDARD" },
      discounts: [{ displayName: "Welcome", amount: money("5.00") }],
      shippingOptions: { shippingCountry: "GB", supportedShippingCountries: ["GB", "IE"] },
    }
    const token = await createExpressCheckout(sandbox, sent)
    const read = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
    expect(read.json).toMatchObject(sent)
  })
})

describe("where the document and the recordings differ", () => {
  it("[document: Create Refund] a Refund of an unknown order is 412 precondition_failed by default", async () => {
    const refused = await asMerchant(sandbox, "POST", "/v2/payments/100999999999/refund", { amount: money("10.00") })
    expect([refused.status, refused.json.errorCode]).toEqual([412, "precondition_failed"])
  })

  it("[recorded: Refund of an unknown order] with preferRecordings it is 404 not_found, as the real service answered", async () => {
    const refused = await asMerchant(recordings, "POST", "/v2/payments/100999999999/refund", { amount: money("10.00") })
    expect([refused.status, refused.json.errorCode]).toEqual([404, "not_found"])
    // Only the unknown order's answer changes: a declined one is still the document's 412.
    const token = await answeredCheckout(recordings, "decline")
    const declined = await asMerchant(recordings, "POST", "/v2/payments/auth", { token })
    const refund = await asMerchant(recordings, "POST", `/v2/payments/${declined.json.id}/refund`, { amount: money("10.00") })
    expect([refund.status, refund.json.errorCode]).toEqual([412, "precondition_failed"])
  })

  it("medusa-payment-bnpl sandbox says which answers it gives, and --prefer-recordings gives the recorded ones", async () => {
    const lines: string[] = []
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) }
    const cli = await runCli(["sandbox", "--port", "0", "--prefer-recordings"], output)
    try {
      expect(lines.join("\n")).toContain("Amounts:                  any decimal, rounded to 2 places")
      expect(lines.join("\n")).toContain("Document and recordings:  answers as recorded where they differ, --prefer-recordings")
      const refused = await asMerchant(cli!, "POST", "/v2/payments/100999999999/refund", { amount: money("10.00") })
      expect(refused.status).toBe(404)
    } finally {
      await cli?.close()
    }
  })
})
