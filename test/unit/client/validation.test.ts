import http from "node:http"
import { Socket } from "node:net"
import fc from "fast-check"
import {
  BnplClient,
  BnplNetworkError,
  BnplValidationError,
  createCheckoutRequestSchema,
  createRefundRequestSchema,
  validateRequest,
  type CreateCheckoutRequest,
} from "../../../src/client"

/**
 * An agent that records every connection attempt and fails it at once: a call that gets this
 * far was sent (and fails with a network error); a refused call never reaches it.
 */
class RecordingAgent extends http.Agent {
  connections = 0
  createConnection(): Socket {
    this.connections++
    const socket = new Socket()
    process.nextTick(() => socket.destroy(Object.assign(new Error("blocked by the test"), { code: "EBLOCKED" })))
    return socket
  }
}

function clientWith(agent: http.Agent): BnplClient {
  return new BnplClient({
    merchantId: "m",
    secretKey: "s",
    baseUrl: "http://bnpl.localhost",
    httpAgent: agent,
    maxRetries: 0,
  })
}

const checkout = (overrides: Partial<CreateCheckoutRequest> = {}): CreateCheckoutRequest => ({
  amount: { amount: "10.00", currency: "GBP" },
  consumer: { email: "buyer@example.com" },
  ...overrides,
})

const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max })

function validationError(run: () => unknown): BnplValidationError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(BnplValidationError)
    return error as BnplValidationError
  }
  throw new Error("expected a BnplValidationError")
}

describe("request validation at the document's limits", () => {
  it("consumer.givenNames: up to 128 characters pass, 129 and more fail naming the field", () => {
    fc.assert(
      fc.property(text(0, 128), (givenNames) => {
        validateRequest("Create Checkout", createCheckoutRequestSchema, checkout({ consumer: { email: "a@b.c", givenNames } }))
      }),
    )
    fc.assert(
      fc.property(text(129, 400), (givenNames) => {
        const error = validationError(() =>
          validateRequest("Create Checkout", createCheckoutRequestSchema, checkout({ consumer: { email: "a@b.c", givenNames } })),
        )
        expect(error.field).toBe("consumer.givenNames")
        expect(error.message).toBe("Create Checkout: consumer.givenNames must be at most 128 characters")
        expect(error.code).toBe("validation")
        expect(error.endpoint).toBe("Create Checkout")
      }),
    )
  })

  it("items[i].name: 255 pass, 256 fail naming the item", () => {
    const items = (name: string, at: number) =>
      Array.from({ length: at + 1 }, (_, index) => ({ name: index === at ? name : "ok", quantity: 1 }))
    fc.assert(
      fc.property(text(255, 255), fc.integer({ min: 0, max: 9 }), (name, at) => {
        validateRequest("Create Checkout", createCheckoutRequestSchema, checkout({ items: items(name, at) }))
      }),
    )
    fc.assert(
      fc.property(text(256, 600), fc.integer({ min: 0, max: 9 }), (name, at) => {
        const error = validationError(() =>
          validateRequest("Create Checkout", createCheckoutRequestSchema, checkout({ items: items(name, at) })),
        )
        expect(error.field).toBe(`items[${at}].name`)
        expect(error.message).toContain("must be at most 255 characters")
      }),
    )
  })

  it("refund merchantReference: 85 pass, 86 fail", () => {
    const refund = (merchantReference: string) => ({
      amount: { amount: "1.00", currency: "GBP" },
      requestId: "req-1",
      merchantReference,
    })
    fc.assert(
      fc.property(text(1, 85), (reference) => {
        validateRequest("Create Refund", createRefundRequestSchema, refund(reference))
      }),
    )
    fc.assert(
      fc.property(text(86, 300), (reference) => {
        const error = validationError(() => validateRequest("Create Refund", createRefundRequestSchema, refund(reference)))
        expect(error.field).toBe("merchantReference")
        expect(error.message).toBe("Create Refund: merchantReference must be at most 85 characters")
      }),
    )
  })

  it("refundMerchantReference: 128 pass, 129 fail", () => {
    const refund = (refundMerchantReference: string) => ({
      amount: { amount: "1.00", currency: "GBP" },
      refundMerchantReference,
    })
    fc.assert(
      fc.property(text(0, 128), (reference) => {
        validateRequest("Create Refund", createRefundRequestSchema, refund(reference))
      }),
    )
    fc.assert(
      fc.property(text(129, 400), (reference) => {
        const error = validationError(() => validateRequest("Create Refund", createRefundRequestSchema, refund(reference)))
        expect(error.field).toBe("refundMerchantReference")
        expect(error.message).toContain("must be at most 128 characters")
      }),
    )
  })

  it("names an unknown field and a missing one", () => {
    expect(
      validationError(() => validateRequest("Create Checkout", createCheckoutRequestSchema, { ...checkout(), colour: "red" })).message,
    ).toBe("Create Checkout: colour is not a field of this request")
    const { amount: _amount, ...withoutAmount } = checkout()
    expect(validationError(() => validateRequest("Create Checkout", createCheckoutRequestSchema, withoutAmount)).message).toBe(
      "Create Checkout: amount is required",
    )
  })
})

describe("nothing is sent when validation fails", () => {
  const invalidCalls: Array<[string, (client: BnplClient) => Promise<unknown>, string]> = [
    [
      "createCheckout",
      (c) => c.createCheckout(checkout({ consumer: { email: "a@b.c", givenNames: "x".repeat(129) } })),
      "consumer.givenNames",
    ],
    ["createCheckout (3 decimals)", (c) => c.createCheckout(checkout({ amount: { amount: "10.005", currency: "GBP" } })), "amount.amount"],
    [
      "createCheckout (101 items)",
      (c) => c.createCheckout(checkout({ items: Array.from({ length: 101 }, () => ({ name: "x" })) })),
      "items",
    ],
    // Strict mode: the plugin sends only the fields the documents name, and never null for one.
    ["createCheckout (unknown field)", (c) => c.createCheckout({ ...checkout(), colour: "red" } as never), "colour"],
    ["createCheckout (null line2)", (c) => c.createCheckout(checkout({ billing: { line2: null } } as never)), "billing.line2"],
    ["auth (no token)", (c) => c.auth({ token: "" }), "token"],
    ["auth (long requestId)", (c) => c.auth({ token: "t", requestId: "r".repeat(65) }), "requestId"],
    ["getCheckout (empty token)", (c) => c.getCheckout(""), "token"],
    ["getPayment", (c) => c.getPayment(""), "orderId"],
    ["getPaymentByToken", (c) => c.getPaymentByToken(" "), "token"],
    ["listPayments (limit 0)", (c) => c.listPayments({ limit: 0 }), "limit"],
    ["listPayments (limit 251)", (c) => c.listPayments({ limit: 251 }), "limit"],
    ["listPayments (bad date)", (c) => c.listPayments({ fromCreatedDate: "01/02/2026" }), "fromCreatedDate"],
    ["listPayments (bad status)", (c) => c.listPayments({ statuses: ["PENDING" as never] }), "statuses[0]"],
    ["capturePayment (no requestId)", (c) => c.capturePayment("o1", { amount: { amount: "1.00", currency: "GBP" } } as never), "requestId"],
    ["voidPayment (bad amount)", (c) => c.voidPayment("o1", { requestId: "r", amount: { amount: "1", currency: "GBP" } }), "amount.amount"],
    [
      "createRefund (86)",
      (c) => c.createRefund("o1", { amount: { amount: "1.00", currency: "GBP" }, requestId: "r", merchantReference: "m".repeat(86) }),
      "merchantReference",
    ],
    [
      "createRefund (129)",
      (c) => c.createRefund("o1", { amount: { amount: "1.00", currency: "GBP" }, refundMerchantReference: "m".repeat(129) }),
      "refundMerchantReference",
    ],
    [
      "createRefund (reference without requestId)",
      (c) => c.createRefund("o1", { amount: { amount: "1.00", currency: "GBP" }, merchantReference: "m" }),
      "merchantReference",
    ],
    ["updateShippingCourier (priority)", (c) => c.updateShippingCourier("o1", { priority: "FAST" as never }), "priority"],
    ["updateShippingCourier (shippedAt)", (c) => c.updateShippingCourier("o1", { shippedAt: "yesterday" }), "shippedAt"],
  ]

  it.each(invalidCalls)("%s", async (_name, call, field) => {
    const agent = new RecordingAgent()
    const client = clientWith(agent)
    const error = await call(client).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(BnplValidationError)
    expect((error as BnplValidationError).field).toBe(field)
    expect(agent.connections).toBe(0)
  })

  it("iteratePayments refuses a bad query before the first page", async () => {
    const agent = new RecordingAgent()
    await expect(clientWith(agent).iteratePayments({ limit: 300 }).next()).rejects.toBeInstanceOf(BnplValidationError)
    expect(agent.connections).toBe(0)
  })

  it("a valid request does reach the network (the recording agent is in the path)", async () => {
    const agent = new RecordingAgent()
    await expect(clientWith(agent).createCheckout(checkout())).rejects.toBeInstanceOf(BnplNetworkError)
    expect(agent.connections).toBe(1)
  })
})
