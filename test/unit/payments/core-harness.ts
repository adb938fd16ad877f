import { BnplClient } from "../../../src/client"
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { PaymentError, type PaymentErrorReason } from "../../../src/payments/errors"
import { PaymentOperations, type PaymentCoreDependencies, type PaymentCoreOptions } from "../../../src/payments/payment-operations"
import { MemoryMoneyRecords } from "../../../src/payments/money-records"
import { MemoryPaymentIdentities } from "../../../src/payments/payment-identity"
import type { BnplPaymentData } from "../../../src/payments/session-data"
import { consumerChooses } from "../../../harness/shopper"
import { snapshot } from "./mapping/carts"

/**
 * What the tests of the payments core share: the core against the in-process sandbox over
 * real HTTP on loopback: every money operation, and the faults the integration suite drives
 * through a store, in seconds and without a database. What is asserted is what the service
 * recorded (the sandbox's ledger) and what the core hands back to Medusa.
 */
export let sandbox: Sandbox
export const logs: string[] = []
export const logger = {
  warn: (message: string) => logs.push(`warn ${message}`),
  error: (message: string) => logs.push(`error ${message}`),
}

/**
 * Starts the in-process sandbox for the calling test file, and resets it and the logs before
 * each test. Call once at the top of the file.
 */
export function useSandboxCore(): void {
  jest.setTimeout(30_000)
  beforeAll(async () => {
    // Strict: the plugin must not send what the service merely tolerates (docs/sandbox.md "Strict or as the service").
    sandbox = await startSandbox({ strictRequests: true })
  })
  afterAll(() => sandbox.close())
  beforeEach(() => {
    sandbox.control.reset()
    logs.length = 0
  })
}

/** The money records every "instance" of a store shares (its database). */
export function sharedStore(): MemoryMoneyRecords {
  return new MemoryMoneyRecords()
}

/** A capture as Medusa records it: its own id, the whole 50.49 unless told. */
let captureSequence = 0
export function medusaCapture(amountMinor = 5049n) {
  return { id: `capt_${++captureSequence}`, amountMinor }
}

/** A one-at-a-time lock per key, as Medusa's locking module gives across instances. */
export function inProcessLock() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, job: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(job)
    tails.set(key, run)
    return run
  }
}

/** A client of the sandbox's UK account that retries twice, 1 ms apart (`options` added). */
export function sandboxClient(options: Partial<ConstructorParameters<typeof BnplClient>[0]> = {}): BnplClient {
  return new BnplClient({
    merchantId: "sandbox-uk-merchant",
    secretKey: "sandbox-uk-secret-key",
    baseUrl: sandbox.url,
    maxRetries: 2,
    retryDelayMs: 1,
    ...options,
  })
}

export function core(
  overrides: Partial<PaymentCoreOptions> = {},
  store = sharedStore(),
  withLock = inProcessLock(),
  extra: Partial<PaymentCoreDependencies> = {},
) {
  const client = sandboxClient({
    timeouts: {
      Auth: { readMs: 1_000 },
      "Capture Payment": { readMs: 1_000 },
      "Create Refund": { readMs: 1_000 },
      "Void Payment": { readMs: 1_000 },
    },
  })
  const operations = new PaymentOperations({
    client,
    options: {
      region: "UK",
      capture: "manual",
      backendUrl: "https://store.example.com",
      storefrontUrl: "https://shop.example.com",
      ...overrides,
    },
    readLimits: async () => (await client.getConfiguration()).configuration,
    records: store,
    withLock,
    logger,
    ...extra,
  })
  return { operations, client }
}

export const cart = snapshot({
  cartId: "cart_01JCORETEST0000000000000000",
  taxInclusive: true,
  total: "50.49",
  items: [{ name: "Canvas Tote", quantity: 1, unitPrice: "45.54", categories: [] }],
  shippingAmount: "4.95",
  taxAmount: "8.42",
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postalCode: "SW1Y 4JH",
    countryCode: "gb",
  },
})

export async function reason(promise: Promise<unknown>): Promise<PaymentErrorReason> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(PaymentError)
  return (error as PaymentError).reason
}

/** A checkout made and confirmed by the consumer on the sandbox's screen. */
export async function confirmedSession(operations: PaymentOperations, choice: "confirm" | "decline" = "confirm") {
  const started = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
  await consumerChooses(started.data.redirectCheckoutUrl!, choice)
  return started.data
}

export async function authorized(operations: PaymentOperations): Promise<BnplPaymentData> {
  const { data, status } = await operations.authorize({ data: await confirmedSession(operations), requestId: `payses_${Math.random()}` })
  expect(status).toBe("authorized")
  return data
}

/**
 * An authorised payment whose first capture was refused because the service could not be
 * reached (nothing listens on port 9 of this machine): the admin's call that Medusa answers by
 * deleting its capture. `money` holds the refused record; `operations` reaches the sandbox.
 */
export async function captureRefusedAsUnreachable() {
  const money = sharedStore()
  const identities = new MemoryPaymentIdentities()
  const { operations } = core({}, money, inProcessLock(), { identities })
  const data = await authorized(operations)
  const capture = medusaCapture()
  const unreachable = core({}, money, inProcessLock(), { identities, client: sandboxClient({ baseUrl: "http://127.0.0.1:9" }) }).operations
  const refused = unreachable.capture({ data, capture })
  return { money, operations, data, capture, refused }
}
