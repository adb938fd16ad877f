import type { Payment } from "../client/schemas"
import { PaymentError } from "./errors"
import type { BnplPaymentData } from "./session-data"

/**
 * Whether the service's payment is the data's: made with this account (another account's credentials reach another
 * merchant's order of the same id) and from its `token` (a reset service reuses order ids). @returns a PaymentError or undefined.
 */
export function checkSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {},
): PaymentError | undefined {
  if (account.merchantId && data.merchantId && data.merchantId !== account.merchantId) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: this payment was made with merchant account ${data.merchantId}, not with ${account.merchantId}, the account of this payment provider; nothing was done. Keep that account's provider entry in medusa-config (docs/configuration.md, "Several accounts").`,
    )
  }
  if (payment?.token && data.token && payment.token !== data.token) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: service order ${payment.id} is not this payment's: the service made it from checkout ${payment.token}, and this payment's checkout is ${data.token}. Nothing was done with it. The service's data was probably reset (a sandbox started empty beside a kept database) and gave the order id out again; see docs/troubleshooting.md.`,
    )
  }
  return undefined
}

/** As `checkSessionPayment`, throwing its PaymentError `payment_mismatch`. */
export function assertSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {},
): void {
  const mismatch = checkSessionPayment(data, payment, account)
  if (mismatch) throw mismatch
}

/** What the service said a payment is when it approved it (docs/service-api.md "Auth"); amounts are API strings with 2 decimals. */
export interface PaymentIdentity {
  serviceOrderId: string
  token?: string
  merchantId?: string
  amount?: string
  currency?: string
}

/** One merchant account's identity records; each method reaches durable storage before it returns, or throws. */
export interface PaymentIdentities {
  of(serviceOrderId: string): Promise<PaymentIdentity | undefined>
  /** Replaces the record of the same id: a reset service gives ids out again, and the newer answer is the service's. */
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

/** What the check needs: the identity records, Get Payment, the merchant id, a logger. */
export interface PaymentIdentityCheckDependencies {
  identities: PaymentIdentities
  readPayment: (serviceOrderId: string) => Promise<Payment>
  merchantId?: string
  logger?: { warn?: (message: string) => void }
}

/** Compares the data with the identity recorded at approval, so a money call needs no round trip; Get Payment only without a record. */
export class PaymentIdentityCheck {
  constructor(private readonly deps: PaymentIdentityCheckDependencies) {}

  /** @returns the payment when it had to be read. @throws PaymentError `payment_mismatch` (nothing sent), or the read's error. */
  async assertOwn(
    data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
    serviceOrderId: string,
    recorded: Promise<PaymentIdentity | undefined> = this.known(serviceOrderId),
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

  /** Checks a payment the service answered against the data, then records it. @throws PaymentError `payment_mismatch`. */
  async confirmed(
    data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId" | "amount" | "currency">,
    payment: Payment,
  ): Promise<void> {
    assertSessionPayment(data, payment, { merchantId: this.deps.merchantId })
    await this.record(data, payment)
  }

  /** Logged, never thrown: the approval stands, and an unrecorded payment is checked with Get Payment before its first money call. */
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
        `medusa-payment-bnpl: the identity of service order ${payment.id} could not be recorded (${(error as Error)?.message ?? String(error)}); its next money call reads Get Payment first.`,
      )
    }
  }
}
