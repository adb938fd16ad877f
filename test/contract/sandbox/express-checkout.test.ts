/**
 * The sandbox's express checkout over real HTTP (docs/sandbox.md "Express checkout";
 * docs/service-api.md "Express checkout"): Create Checkout with `mode: "express"`, the
 * control API's confirm and cancel, Get Checkout after confirmation, Auth and Immediate
 * Payment Capture requiring the approved amount, idempotent replays, faults and saved state.
 */
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { asMerchant, asTester, createExpressCheckout, EU, expressCheckoutBody, shippingOption, STOREFRONT_ORIGIN, UK } from "./express-http"

let sandbox: Sandbox
let strict: Sandbox

beforeAll(async () => {
  ;[sandbox, strict] = await Promise.all([startSandbox(), startSandbox({ strictRequests: true })])
})
afterAll(async () => {
  await Promise.all([sandbox.close(), strict.close()])
})
beforeEach(() => {
  sandbox.control.reset()
  strict.control.reset()
})

const STANDARD_CHECKOUT = {
  amount: { amount: "40.00", currency: "GBP" },
  consumer: { email: "shopper@example.com" },
  merchant: { redirectConfirmUrl: "http://127.0.0.1:8000/confirm", redirectCancelUrl: "http://127.0.0.1:8000/cancel" },
}

const EXPRESS_OPTION = shippingOption("so_express", "6.50", "46.50")

async function confirmExpress(token: string, body: Record<string, unknown> = { option: EXPRESS_OPTION }, on = sandbox) {
  return asTester(on, "POST", `/__control/express/${encodeURIComponent(token)}/confirm`, body)
}

describe("Create Checkout with mode express", () => {
  it("takes a checkout without consumer, shipping, billing or redirect URLs, and Get Checkout answers it as created", async () => {
    const created = await asMerchant(strict, "POST", "/v2/checkouts", expressCheckoutBody())
    expect(created.status).toBe(201)
    const read = await asMerchant(strict, "GET", `/v2/checkouts/${created.json.token}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ mode: "express", amount: { amount: "40.00", currency: "GBP" } })
    for (const field of ["consumer", "shipping", "billing", "shippingOptionIdentifier"]) expect(read.json).not.toHaveProperty(field)
    expect(strict.control.ledger().checkouts).toEqual([expect.objectContaining({ token: created.json.token, mode: "express" })])
  })

  it.each([
    ["no merchant at all", { merchant: undefined }],
    ["redirect URLs but no popupOriginUrl", { merchant: { redirectConfirmUrl: "http://127.0.0.1:8000/confirm" } }],
    ["popupOriginUrl null", { merchant: { popupOriginUrl: null } }],
  ])(
    "refuses an express checkout with %s: 422 invalid_object naming merchant.popupOriginUrl, nothing created",
    async (_case, overrides) => {
      const refused = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody(overrides))
      expect([refused.status, refused.json.errorCode]).toEqual([422, "invalid_object"])
      expect(refused.json.message).toBe("merchant.popupOriginUrl is required for an express checkout (mode express)")
      expect(sandbox.control.ledger().checkouts).toHaveLength(0)
    },
  )

  it("still requires amount, and still applies the account's currency and limits", async () => {
    const noAmount = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody({ amount: undefined }))
    expect([noAmount.status, noAmount.json.errorCode, noAmount.json.message]).toEqual([422, "invalid_object", "amount is required"])
    const tooMuch = await asMerchant(
      sandbox,
      "POST",
      "/v2/checkouts",
      expressCheckoutBody({ amount: { amount: "5000.00", currency: "GBP" } }),
    )
    expect([tooMuch.status, tooMuch.json.errorCode]).toEqual([422, "unsupported_payment_type"])
    const euro = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody({ amount: { amount: "40.00", currency: "EUR" } }))
    expect([euro.status, euro.json.errorCode]).toEqual([422, "unsupported_currency"])
  })

  it("keeps a standard checkout's rules: consumer and consumer.email are required", async () => {
    const { consumer: _consumer, ...withoutConsumer } = STANDARD_CHECKOUT
    const noConsumer = await asMerchant(sandbox, "POST", "/v2/checkouts", withoutConsumer)
    expect([noConsumer.status, noConsumer.json.message]).toEqual([422, "consumer is required"])
    const noEmail = await asMerchant(sandbox, "POST", "/v2/checkouts", { ...STANDARD_CHECKOUT, mode: "standard", consumer: {} })
    expect([noEmail.status, noEmail.json.message]).toEqual([422, "consumer.email is required"])
    expect((await asMerchant(sandbox, "POST", "/v2/checkouts", STANDARD_CHECKOUT)).status).toBe(201)
  })

  it("takes shippingOptionIdentifier (a pre-selected option), also when strict, and echoes it", async () => {
    const token = await createExpressCheckout(strict, { shippingOptionIdentifier: "so_standard" })
    const read = await asMerchant(strict, "GET", `/v2/checkouts/${token}`)
    expect(read.json.shippingOptionIdentifier).toBe("so_standard")
    const empty = await asMerchant(strict, "POST", "/v2/checkouts", expressCheckoutBody({ shippingOptionIdentifier: "" }))
    expect([empty.status, empty.json.message]).toEqual([422, "shippingOptionIdentifier must not be empty"])
  })
})

describe("the consumer's choice through the control API", () => {
  it("lists the popup's presets: two in GB, one in DE, one in a country no store serves (US), in the popup's address shape", async () => {
    const answer = await asTester(sandbox, "GET", "/__control/express/addresses")
    expect(answer.status).toBe(200)
    const addresses = answer.json.addresses as Array<{ id: string; email: string; address: Record<string, string> }>
    expect(addresses.map((preset) => preset.address.countryCode)).toEqual(["GB", "GB", "DE", "US"])
    for (const preset of addresses) {
      expect(
        Object.keys(preset.address).every((field) =>
          ["name", "address1", "address2", "area2", "suburb", "state", "postcode", "countryCode", "phoneNumber"].includes(field),
        ),
      ).toBe(true)
      expect(preset.email).toMatch(/@example\./)
    }
  })

  it("confirm (default address) -> Get Checkout has the consumer, the address as shipping, shippingOptionIdentifier and the option's orderAmount", async () => {
    const token = await createExpressCheckout(sandbox)
    const confirmed = await confirmExpress(token)
    expect(confirmed.status).toBe(200)
    expect(confirmed.json).toEqual({
      token,
      outcome: "approve",
      amount: { amount: "46.50", currency: "GBP" },
      shippingOptionIdentifier: "so_express",
    })
    const read = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      amount: { amount: "46.50", currency: "GBP" },
      shippingOptionIdentifier: "so_express",
      consumer: { email: "alice.express@example.com", givenNames: "Alice", surname: "Example", phoneNumber: "+44 20 7946 0001" },
      shipping: {
        name: "Alice Example",
        line1: "221B Baker Street",
        line2: "Flat 2",
        area1: "London",
        area2: "Marylebone",
        region: "Greater London",
        postcode: "NW1 6XE",
        countryCode: "GB",
        phoneNumber: "+44 20 7946 0001",
      },
    })
    // What Create Checkout was sent stays in the ledger.
    expect(sandbox.control.ledger().checkouts[0].amount).toEqual({ amount: "40.00", currency: "GBP" })
  })

  it("confirm with a given address and e-mail records exactly those", async () => {
    const token = await createExpressCheckout(sandbox)
    const address = { name: "Jean Paul Tester", address1: "2 High Street", suburb: "York", postcode: "YO1 7HH", countryCode: "GB" }
    expect((await confirmExpress(token, { address, email: "jp@example.org", option: EXPRESS_OPTION })).status).toBe(200)
    const read = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
    expect(read.json.consumer).toEqual({ email: "jp@example.org", givenNames: "Jean Paul", surname: "Tester" })
    expect(read.json.shipping).toEqual({
      name: "Jean Paul Tester",
      line1: "2 High Street",
      area1: "York",
      postcode: "YO1 7HH",
      countryCode: "GB",
    })
  })

  it.each([
    ["no option", {}, "option is required"],
    [
      "an option without orderAmount",
      { option: { id: "so_1", shippingAmount: { amount: "1.00", currency: "GBP" } } },
      "option.orderAmount is required",
    ],
    [
      "a float amount",
      { option: { ...EXPRESS_OPTION, orderAmount: { amount: "46.5", currency: "GBP" } } },
      "option.orderAmount.amount must be a non-negative decimal string with exactly 2 decimal places",
    ],
    ["an address without countryCode", { address: { address1: "1 Road" }, option: EXPRESS_OPTION }, "address.countryCode is required"],
    [
      "another currency",
      { option: shippingOption("so_eu", "5.00", "45.00", "EUR") },
      "option.shippingAmount.currency EUR differs from the checkout's GBP",
    ],
    ["an unknown field", { option: EXPRESS_OPTION, giftWrap: true }, "giftWrap is not a field of this request"],
  ])("refuses a confirm body with %s (400 naming the field), recording nothing", async (_case, body, message) => {
    const token = await createExpressCheckout(sandbox)
    const refused = await confirmExpress(token, body as Record<string, unknown>)
    expect(refused.status).toBe(400)
    expect(refused.json.message).toContain(message)
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).json).not.toHaveProperty("shippingOptionIdentifier")
  })

  it("refuses an unknown token (404), a standard checkout (409), a second answer (409); the standard confirm refuses an express checkout (409)", async () => {
    expect((await confirmExpress("001.unknown")).status).toBe(404)
    const standard = (await asMerchant(sandbox, "POST", "/v2/checkouts", STANDARD_CHECKOUT)).json.token
    expect((await confirmExpress(standard)).status).toBe(409)
    const token = await createExpressCheckout(sandbox)
    const viaStandard = await asTester(sandbox, "POST", `/__control/checkouts/${token}/confirm`)
    expect([viaStandard.status, viaStandard.json.message]).toEqual([409, expect.stringContaining("express checkout")])
    expect((await confirmExpress(token)).status).toBe(200)
    expect((await confirmExpress(token)).json.message).toBe(`Checkout ${token} was already confirmed`)
    expect((await asTester(sandbox, "POST", `/__control/express/${token}/cancel`)).status).toBe(409)
  })

  it("refuses an expired checkout (410)", async () => {
    const token = await createExpressCheckout(sandbox)
    sandbox.control.advanceClock(61 * 60)
    expect((await confirmExpress(token)).status).toBe(410)
  })

  it("cancel: Get Checkout unchanged, Auth answers 412 invalid_order_transaction_status", async () => {
    const token = await createExpressCheckout(sandbox)
    expect((await asTester(sandbox, "POST", `/__control/express/${token}/cancel`)).json).toEqual({ token, outcome: "cancel" })
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).json).not.toHaveProperty("shippingOptionIdentifier")
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "40.00", currency: "GBP" } })
    expect([auth.status, auth.json.errorCode]).toEqual([412, "invalid_order_transaction_status"])
  })
})

describe("Auth of an express checkout requires the amount the consumer approved", () => {
  const APPROVED = { amount: "46.50", currency: "GBP" }

  async function confirmedExpressCheckout(outcome: "approve" | "decline" = "approve"): Promise<string> {
    const token = await createExpressCheckout(sandbox)
    const confirmed = await confirmExpress(token, { option: EXPRESS_OPTION, outcome })
    if (confirmed.status !== 200) throw new Error(confirmed.text)
    return token
  }

  it("without amount: 422 invalid_object naming amount, nothing approved", async () => {
    const token = await confirmedExpressCheckout()
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-1" })
    expect([auth.status, auth.json.errorCode]).toEqual([422, "invalid_object"])
    expect(auth.json.message).toMatch(/^amount is required/)
    expect(sandbox.control.ledger().auths).toHaveLength(0)
  })

  it("with another amount: 422 invalid_amount, nothing approved; another currency: 422 invalid_object", async () => {
    const token = await confirmedExpressCheckout()
    const other = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "40.00", currency: "GBP" } })
    expect([other.status, other.json.errorCode]).toEqual([422, "invalid_amount"])
    expect(other.json.message).toBe("amount 40.00 is not the amount the consumer approved 46.50")
    const euro = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "46.50", currency: "EUR" } })
    expect([euro.status, euro.json.errorCode]).toEqual([422, "invalid_object"])
    expect(sandbox.control.ledger().auths).toHaveLength(0)
    expect(sandbox.control.ledger().payments).toHaveLength(0)
  })

  it("with the approved amount: 201 APPROVED, originalAmount the approved amount, orderDetails with the popup's consumer and address", async () => {
    const token = await confirmedExpressCheckout()
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-2", amount: APPROVED })
    expect(auth.status).toBe(201)
    expect(auth.json).toMatchObject({
      status: "APPROVED",
      paymentState: "AUTH_APPROVED",
      originalAmount: APPROVED,
      openToCaptureAmount: APPROVED,
      orderDetails: {
        consumer: { email: "alice.express@example.com", givenNames: "Alice", surname: "Example" },
        shipping: { line1: "221B Baker Street", area1: "London", postcode: "NW1 6XE", countryCode: "GB" },
      },
    })
    expect(auth.json.orderDetails).not.toHaveProperty("shippingOptionIdentifier")
    expect(sandbox.control.ledger().auths).toEqual([expect.objectContaining({ token, amount: APPROVED, status: "APPROVED" })])
    // Used: Get Checkout and another Auth refuse the token.
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).status).toBe(412)
  })

  it("is idempotent on requestId: a replay answers the same payment, one Auth in the ledger; a refused try is not remembered", async () => {
    const token = await confirmedExpressCheckout()
    const wrong = await asMerchant(sandbox, "POST", "/v2/payments/auth", {
      token,
      requestId: "express-auth-3",
      amount: { amount: "1.00", currency: "GBP" },
    })
    expect(wrong.status).toBe(422)
    const first = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-3", amount: APPROVED })
    const replay = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-3", amount: APPROVED })
    expect([first.status, replay.status]).toEqual([201, 201])
    expect(replay.json.id).toBe(first.json.id)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

  it("a lost Auth answer is applied once; the retry with the same requestId replays it", async () => {
    const token = await confirmedExpressCheckout()
    sandbox.control.addFault({ endpoint: "auth", kind: "lost_response" })
    await expect(
      asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-4", amount: APPROVED }),
    ).rejects.toThrow()
    const retry = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, requestId: "express-auth-4", amount: APPROVED })
    expect([retry.status, retry.json.originalAmount]).toEqual([201, APPROVED])
    expect(sandbox.control.ledger().auths).toHaveLength(1)
  })

  it("faults on Get Checkout and Auth apply as on every merchant endpoint", async () => {
    const token = await confirmedExpressCheckout()
    sandbox.control.addFault({ endpoint: "getCheckout", kind: "status", status: 503 })
    sandbox.control.addFault({ endpoint: "auth", kind: "status", status: 500 })
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).status).toBe(503)
    expect((await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: APPROVED })).status).toBe(500)
    expect(sandbox.control.ledger().auths).toHaveLength(0)
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).json.shippingOptionIdentifier).toBe("so_express")
  })

  it("the declined path: Auth with the approved amount answers 402 DECLINED", async () => {
    const token = await confirmedExpressCheckout("decline")
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: APPROVED })
    expect([auth.status, auth.json.status]).toEqual([402, "DECLINED"])
  })

  it("before the consumer confirmed: 412, amount or not", async () => {
    const token = await createExpressCheckout(sandbox)
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "40.00", currency: "GBP" } })
    expect([auth.status, auth.json.errorCode]).toEqual([412, "invalid_order_transaction_status"])
  })

  it("Immediate Payment Capture follows the same rule: amount required, the approved one captured", async () => {
    const token = await confirmedExpressCheckout()
    const missing = await asMerchant(sandbox, "POST", "/v2/payments/capture", { token })
    expect([missing.status, missing.json.errorCode]).toEqual([422, "invalid_object"])
    const captured = await asMerchant(sandbox, "POST", "/v2/payments/capture", { token, amount: APPROVED })
    expect(captured.status).toBe(201)
    expect(captured.json).toMatchObject({ status: "APPROVED", paymentState: "CAPTURED", originalAmount: APPROVED })
  })

  it("a standard checkout keeps today's Auth: an amount is ignored", async () => {
    const token = (await asMerchant(sandbox, "POST", "/v2/checkouts", STANDARD_CHECKOUT)).json.token
    sandbox.control.confirmCheckout(token)
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "1.00", currency: "GBP" } })
    expect([auth.status, auth.json.originalAmount]).toEqual([201, { amount: "40.00", currency: "GBP" }])
  })

  it("works on the EU account in EUR", async () => {
    const created = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody({}, "80.00", "EUR"), EU)
    const token = created.json.token
    const option = shippingOption("so_eu", "4.90", "84.90", "EUR")
    const address = (await asTester(sandbox, "GET", "/__control/express/addresses")).json.addresses[2]
    expect((await confirmExpress(token, { address: address.address, email: address.email, option })).status).toBe(200)
    const read = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`, undefined, EU)
    expect(read.json).toMatchObject({ amount: { amount: "84.90", currency: "EUR" }, shipping: { countryCode: "DE", area1: "Berlin" } })
    const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "84.90", currency: "EUR" } }, EU)
    expect(auth.status).toBe(201)
    // The UK account does not see the EU account's checkout.
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`, undefined, UK)).status).toBe(412)
  })
})

describe("saved state", () => {
  it("keeps an express checkout's confirmation across a restart: Get Checkout and Auth answer as before", async () => {
    const token = await createExpressCheckout(sandbox)
    await confirmExpress(token)
    const restored = await startSandbox({ savedState: sandbox.saveState() })
    try {
      const read = await asMerchant(restored, "GET", `/v2/checkouts/${token}`)
      expect(read.json).toMatchObject({
        mode: "express",
        shippingOptionIdentifier: "so_express",
        amount: { amount: "46.50", currency: "GBP" },
        consumer: { email: "alice.express@example.com" },
      })
      expect((await confirmExpress(token, { option: EXPRESS_OPTION }, restored)).status).toBe(409)
      const auth = await asMerchant(restored, "POST", "/v2/payments/auth", { token, amount: { amount: "46.50", currency: "GBP" } })
      expect(auth.status).toBe(201)
    } finally {
      await restored.close()
    }
  })
})

describe("the popup's own routes", () => {
  it("serve the library as JavaScript defining window.BnplExpress for the sandbox's origin", async () => {
    const library = await asTester(sandbox, "GET", "/express/library.js")
    expect(library.status).toBe(200)
    expect(library.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(library.text).toContain("window.BnplExpress")
    expect(library.text).toContain(JSON.stringify(new URL(sandbox.url).origin))
  })

  it("serve the popup of an express checkout, and a refusal page otherwise", async () => {
    const token = await createExpressCheckout(sandbox)
    const popup = await asTester(sandbox, "GET", `/express/popup/${token}`)
    expect(popup.status).toBe(200)
    expect(popup.text).toContain('data-testid="express-address-gb-london"')
    expect(popup.text).toContain(`"openerOrigin":"${STOREFRONT_ORIGIN}"`)
    expect((await asTester(sandbox, "GET", "/express/popup/loading")).status).toBe(200)
    expect((await asTester(sandbox, "GET", "/express/popup/001.unknown")).status).toBe(404)
    const standard = (await asMerchant(sandbox, "POST", "/v2/checkouts", STANDARD_CHECKOUT)).json.token
    expect((await asTester(sandbox, "GET", `/express/popup/${standard}`)).status).toBe(409)
    expect((await asTester(sandbox, "GET", `/checkout/${token}`)).status).toBe(409)
  })

  it("record the popup's Confirm only from the sandbox's own pages (same origin, JSON)", async () => {
    const token = await createExpressCheckout(sandbox)
    const path = `/express/popup/${token}/confirm`
    const foreign = await asTester(sandbox, "POST", path, { option: EXPRESS_OPTION }, { origin: STOREFRONT_ORIGIN })
    expect(foreign.status).toBe(403)
    const form = await fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })
    expect(form.status).toBe(415)
    const own = await asTester(sandbox, "POST", path, { option: EXPRESS_OPTION }, { origin: new URL(sandbox.url).origin })
    expect([own.status, own.json.outcome]).toEqual([200, "approve"])
    expect((await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)).json.shippingOptionIdentifier).toBe("so_express")
  })
})
