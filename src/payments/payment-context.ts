import type { BnplClient } from "../client"
import type { Money } from "../client/money"
import type { Payment } from "../client/schemas"
import { describeServiceError, type PaymentLogger } from "./errors"
import { MoneyMovements } from "./money-movements"
import type { MoneyRecords } from "./money-records"
import type { RefundNotes } from "./refund-references"
import { assertSessionPayment, MemoryPaymentIdentities, type PaymentIdentities } from "./payment-identity"
import type { SessionStatus } from "./payment-state"
import type { BnplPaymentData } from "./session-data"

/** What the core needs of the merchant's options (src/options.ts). */
export interface PaymentCoreOptions {
  /** The account's merchant id, recorded in every payment's data (never the secret key). */
  merchantId?: string
  region: "UK" | "EU"
  capture: "manual" | "on_authorize" | "on_shipment"
  merchantName?: string
  storefrontUrl?: string
  backendUrl?: string
  redirectConfirmUrl?: string
  redirectCancelUrl?: string
}

/** The settings the core reads at each operation, since a merchant may change them in the admin. */
export interface CurrentSettings {
  /** Off: no new checkout is made (existing payments are still captured, refunded, voided). */
  enabled: boolean
  capture: PaymentCoreOptions["capture"]
}

/** The core's collaborators, given by the adapter (the Medusa provider, a job, a test). */
export interface PaymentCoreDependencies {
  client: BnplClient
  options: PaymentCoreOptions
  /**
   * The account's settings a merchant may change in the admin (runtime/config/effective-settings.ts:
   * medusa-config's options overlaid by the saved ones, read again within 30 s of a change).
   * Without it, `enabled` and `options.capture`.
   */
  readSettings?: () => Promise<CurrentSettings>
  /** The account's limits (Get Configuration, cached); docs/service-api.md "Limits". */
  readLimits: () => Promise<{ minimumAmount: Money; maximumAmount: Money }>
  /** The account's money records: in the store's database (runtime/records/money-records.ts). */
  records: MoneyRecords
  /**
   * The identity of each service order the account's approvals made, in the store's database
   * (runtime/records/payment-identities.ts); without it, this process's memory.
   */
  identities?: PaymentIdentities
  /** The reason and note Medusa recorded with a refund, by its id: sent as the refund's references (refund-references.ts). */
  refundNotes?: (refundId: string) => Promise<RefundNotes | undefined>
  /**
   * Keeps what a checkout was made for, by its token, where the store keeps its records
   * (runtime/records/approved-carts.ts): called once the service has made the checkout and before its
   * token is handed out, so a rejection fails the session and the checkout is never used.
   */
  recordCheckout?: (checkout: CheckoutMade) => Promise<void>
  /** Runs a money operation alone for one service order, across instances (runtime/infrastructure/payment-lock.ts). */
  withLock?: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  logger?: PaymentLogger
}

/**
 * A checkout just made (docs/service-api.md "Create Checkout"), as recorded for the approved-cart
 * check before the order is placed. Digests are SHA-256 hex (mapping/cart-digest.ts).
 */
export interface CheckoutMade {
  token: string
  cartId: string
  mode: "standard" | "express"
  /** The goods, currency, region and sales channel (express.ts `expressItemsDigest`). */
  itemsDigest: string
  /** The whole cart the consumer is asked to approve; none for express (the popup changes it). */
  cartDigest?: string
  /** API string (2 decimals, major units). */
  amount: string
  /** ISO 4217 in capitals. */
  currency: string
}

/** A session's or payment's data with the status it gives, as the adapter returns it to Medusa. */
export interface PaymentResult {
  data: BnplPaymentData
  status: SessionStatus
}

/**
 * What every operation file (checkout.ts, express.ts, authorise.ts, narrow.ts, read.ts) and
 * PaymentOperations work with: the dependencies, the money movements built once over them,
 * and the checks every operation makes on the account and the payment.
 */
export interface PaymentContext {
  readonly deps: PaymentCoreDependencies
  readonly client: BnplClient
  readonly options: PaymentCoreOptions
  readonly logger?: PaymentLogger
  /** Capture, refund and void, each with its record (money-movements.ts). */
  readonly money: MoneyMovements
  /** Runs a money operation alone for one service order, across instances (the payment's lock). */
  readonly withLock: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
}

/** Builds the context of the operations once per PaymentOperations. */
export function createPaymentContext(deps: PaymentCoreDependencies): PaymentContext {
  const withLock = deps.withLock ?? (<T>(_id: string, job: () => Promise<T>) => job())
  return {
    deps,
    client: deps.client,
    options: deps.options,
    logger: deps.logger,
    withLock,
    money: new MoneyMovements({
      client: deps.client,
      records: deps.records,
      withLock,
      refundNotes: deps.refundNotes,
      identities: deps.identities ?? new MemoryPaymentIdentities(),
      merchantId: deps.options.merchantId,
      logger: deps.logger,
    }),
  }
}

/**
 * A payment is served only by the account that made it: another account's credentials
 * would be refused by the service, or reach another merchant's order of the same id
 * (payment-identity.ts).
 * @throws PaymentError `payment_mismatch` naming both merchant ids (never a secret).
 */
export function assertOwnPayment(context: PaymentContext, data: BnplPaymentData): void {
  assertSessionPayment(data, undefined, { merchantId: context.options.merchantId })
}

/**
 * A payment the service answered is this data's (its checkout token; payment-identity.ts):
 * never merged into the data otherwise.
 * @throws PaymentError `payment_mismatch`.
 */
export function assertPaymentOfSession(context: PaymentContext, data: BnplPaymentData, payment: Payment): Payment {
  assertSessionPayment(data, payment, { merchantId: context.options.merchantId })
  return payment
}

/** Which account makes the payment (docs/service-api.md "What the service does", rule 2): recorded in its data. */
export function accountOf(options: PaymentCoreOptions): Pick<BnplPaymentData, "merchantId" | "region"> {
  const { merchantId, region } = options
  return merchantId ? { merchantId, region } : { region }
}

/** A read of the service, its failure described as "Reading the payment". */
export async function readPayment<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw describeServiceError("Reading the payment", error)
  }
}

/** The settings that apply now (`readSettings`), else the options' capture mode with the account on. */
export async function currentSettings(context: PaymentContext): Promise<CurrentSettings> {
  return context.deps.readSettings ? context.deps.readSettings() : { enabled: true, capture: context.options.capture }
}
