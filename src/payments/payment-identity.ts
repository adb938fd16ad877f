import type { Payment } from "../client/schemas"
import { PaymentError } from "./errors"
import type { BnplPaymentData } from "./session-data"

/**
 * Whether a payment the service answered is the one a Medusa payment (or session) describes,
 * before the plugin shows it or acts on it. Two things must hold:
 * - the payment's data was made with this account (its `merchantId`, recorded since several
 *   accounts; docs/service-api.md "What the service does", rule 2): another account's credentials would reach another
 *   merchant's order of the same id;
 * - the service's payment was made from the session's checkout: its `token`
 *   (docs/service-api.md "Payment (order)") is the data's `token`. A service whose
 *   data was reset (a sandbox started empty beside a kept database) gives its order ids out
 *   again, so an id alone may name another shopper's payment.
 * A payment without a `token` in the answer, or data without one (a session never started),
 * cannot be compared on it and passes that part.
 * @param account the merchant id of the account that reads the payment (never its secret).
 * @returns undefined when the payment is the data's, else PaymentError `payment_mismatch`
 *   whose message names the service order, both checkouts or both accounts, and says nothing was done.
 */
export function checkSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {}
): PaymentError | undefined {
  if (account.merchantId && data.merchantId && data.merchantId !== account.merchantId) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: this payment was made with merchant account ${data.merchantId}, not with ${account.merchantId}, the account of this payment provider; nothing was done. Keep that account's provider entry in medusa-config (docs/configuration.md, "Several accounts").`
    )
  }
  if (payment && payment.token && data.token && payment.token !== data.token) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: service order ${payment.id} is not this payment's: the service made it from checkout ${payment.token}, and this payment's checkout is ${data.token}. Nothing was done with it. The service's data was probably reset (a sandbox started empty beside a kept database) and gave the order id out again; see docs/troubleshooting.md.`
    )
  }
  return undefined
}

/**
 * As `checkSessionPayment`, throwing its error.
 * @throws PaymentError `payment_mismatch`.
 */
export function assertSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {}
): void {
  const mismatch = checkSessionPayment(data, payment, account)
  if (mismatch) throw mismatch
}

/**
 * What the service said a payment is when it approved it (docs/service-api.md "Auth": the
 * answer's `id` and `token`), kept in the plugin's records: one per service order of an
 * account. Amounts are API strings (2 decimals, major units).
 */
export interface PaymentIdentity {
  serviceOrderId: string
  /** The checkout the service made the order from; none when the service's answer had none. */
  token?: string
  /** The account that made it (never its secret). */
  merchantId?: string
  amount?: string
  currency?: string
}

/**
 * One merchant account's identity records (runtime/records/payment-identities.ts in a store,
 * `MemoryPaymentIdentities` in the core's tests). Each method reaches durable storage before it
 * returns, and throws when it cannot.
 */
export interface PaymentIdentities {
  /** The identity recorded for the service order, or undefined when none is. */
  of(serviceOrderId: string): Promise<PaymentIdentity | undefined>
  /**
   * Records what the service answered for the order, replacing what was recorded for the same
   * id (a service whose data was reset gives an id out again: the newer answer is the service's).
   */
  record(identity: PaymentIdentity): Promise<void>
}

/** Identity records in this process's memory: the core's tests, a provider built outside a Medusa app. */
export class MemoryPaymentIdentities implements PaymentIdentities {
  private readonly byOrder = new Map<string, PaymentIdentity>()

  async of(serviceOrderId: string): Promise<PaymentIdentity | undefined> {
    const identity = this.byOrder.get(serviceOrderId)
    return identity && { ...identity }
  }

  async record(identity: PaymentIdentity): Promise<void> {
    this.byOrder.set(identity.serviceOrderId, { ...identity })
  }
}

/** What the check needs: the account's identity records, Get Payment, the account's merchant id, a logger. */
export interface PaymentIdentityCheckDependencies {
  identities: PaymentIdentities
  /** Get Payment (docs/service-api.md "Endpoints beyond the document"), its failure described. */
  readPayment: (serviceOrderId: string) => Promise<Payment>
  merchantId?: string
  logger?: { warn?: (message: string) => void }
}

/**
 * The identity check before a money call (capture, refund, void, the shipment's courier update)
 * without a round trip: the service order's identity was recorded when the service approved it
 * (`approved`), so the payment's data is compared with the record. Get Payment is read only
 * when no record names the order (a payment approved before these records, or records restored
 * from before it) or its records cannot be read; what that read shows is recorded, so the next
 * call needs none. A service whose data was reset gives its order ids out again: the approval
 * of the new order replaces the record, and the old payment's data then differs from it.
 */
export class PaymentIdentityCheck {
  constructor(private readonly deps: PaymentIdentityCheckDependencies) {}

  /**
   * Refuses a payment whose service order is not its own, by the record or, without one, by
   * Get Payment. `recorded`: the record as `known` read it (a caller reading it beside other records).
   * @returns the payment when it had to be read (the caller may use it), else undefined.
   * @throws PaymentError `payment_mismatch` (nothing sent), or the read's error.
   */
  async assertOwn(
    data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
    serviceOrderId: string,
    recorded: Promise<PaymentIdentity | undefined> = this.known(serviceOrderId)
  ): Promise<Payment | undefined> {
    assertSessionPayment(data, undefined, { merchantId: this.deps.merchantId })
    const known = await recorded
    if (known) {
      assertSessionPayment(data, { id: serviceOrderId, token: known.token }, { merchantId: this.deps.merchantId })
      return undefined
    }
    const payment = await this.deps.readPayment(serviceOrderId)
    await this.confirmed(data, payment)
    return payment
  }

  /** The identity recorded for the order; undefined when none is or the records cannot be read (Get Payment then decides). */
  known(serviceOrderId: string): Promise<PaymentIdentity | undefined> {
    return this.deps.identities.of(serviceOrderId).catch(() => undefined)
  }

  /**
   * A payment the service answered (Get Payment, Auth) checked against the data, then recorded
   * as the order's identity.
   * @throws PaymentError `payment_mismatch`: nothing is recorded.
   */
  async confirmed(data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId" | "amount" | "currency">, payment: Payment): Promise<void> {
    assertSessionPayment(data, payment, { merchantId: this.deps.merchantId })
    await this.record(data, payment)
  }

  /**
   * Records the identity the service gave at approval. A failure to write is logged, never
   * thrown: the approval stands at the service, and a payment without a record is checked with
   * Get Payment before its first money call.
   */
  async record(data: Pick<BnplPaymentData, "merchantId" | "token" | "amount" | "currency">, payment: Payment): Promise<void> {
    const identity: PaymentIdentity = {
      serviceOrderId: payment.id,
      token: payment.token ?? data.token,
      merchantId: data.merchantId ?? this.deps.merchantId,
      amount: payment.originalAmount?.amount ?? data.amount,
      currency: payment.originalAmount?.currency ?? data.currency,
    }
    try {
      await this.deps.identities.record(identity)
    } catch (error) {
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: the identity of service order ${payment.id} could not be recorded (${(error as Error)?.message ?? String(error)}); its next money call reads Get Payment first.`
      )
    }
  }
}
