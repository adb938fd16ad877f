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

/** What the core needs of the merchant's options. */
export interface PaymentCoreOptions {
  /** Recorded in every payment's data; never the secret key. */
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
  /** Off: no new checkout is made; existing payments are still captured, refunded, voided. */
  enabled: boolean
  capture: PaymentCoreOptions["capture"]
}

/** The core's collaborators, given by the adapter (the Medusa provider, a job, a test). */
export interface PaymentCoreDependencies {
  client: BnplClient
  options: PaymentCoreOptions
  /** Medusa-config's options overlaid by those saved in the admin; without it, `enabled` and `options.capture`. */
  readSettings?: () => Promise<CurrentSettings>
  readLimits: () => Promise<{ minimumAmount: Money; maximumAmount: Money }>
  records: MoneyRecords
  /** Without it, this process's memory. */
  identities?: PaymentIdentities
  refundNotes?: (refundId: string) => Promise<RefundNotes | undefined>
  /** Called before the token is handed out, so a rejection fails the session and the checkout is never used. */
  recordCheckout?: (checkout: CheckoutMade) => Promise<void>
  withLock?: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  logger?: PaymentLogger
}

/** A checkout just made, as recorded for the approved-cart check before the order is placed; digests are SHA-256 hex. */
export interface CheckoutMade {
  token: string
  cartId: string
  mode: "standard" | "express"
  itemsDigest: string
  /** None for express: the popup changes the cart. */
  cartDigest?: string
  /** API string with 2 decimals. */
  amount: string
  currency: string
}

/** A session's or payment's data with the status it gives, as the adapter returns it to Medusa. */
export interface PaymentResult {
  data: BnplPaymentData
  status: SessionStatus
}

/** What every operation works with: the dependencies, the money movements built once over them. */
export interface PaymentContext {
  readonly deps: PaymentCoreDependencies
  readonly client: BnplClient
  readonly options: PaymentCoreOptions
  readonly logger?: PaymentLogger
  readonly money: MoneyMovements
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

/** A payment is served only by the account that made it. @throws PaymentError `payment_mismatch`. */
export function assertOwnPayment(context: PaymentContext, data: BnplPaymentData): void {
  assertSessionPayment(data, undefined, { merchantId: context.options.merchantId })
}

/** A payment the service answered is never merged into data it does not belong to. @throws PaymentError `payment_mismatch`. */
export function assertPaymentOfSession(context: PaymentContext, data: BnplPaymentData, payment: Payment): Payment {
  assertSessionPayment(data, payment, { merchantId: context.options.merchantId })
  return payment
}

/** Which account makes the payment, recorded in its data (docs/service-api.md "What the service does", rule 2). */
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
