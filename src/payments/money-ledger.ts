import { BnplApiError, type BnplClient } from "../client"
import { apiAmountToMinorUnits, minorUnitsToMoney } from "../client/money"
import type { Payment } from "../client/schemas"
import { PaymentError, describeServiceError, type PaymentLogger } from "./errors"
import type { MoneyOperationKind, MoneyOperationRecord, MoneyRecords, NewMoneyOperation } from "./money-records"
import type { PaymentIdentityCheck } from "./payment-identity"
import { readServicePayment } from "./read-payment"
import { refundReferences } from "./refund-references"
import { isNarrowingVoid } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** One money call to send; the amount in minor units. */
export interface MoneyCall {
  serviceOrderId: string
  medusaRecordId?: string
  requestId: string
  amountMinor: bigint
  currency: string
}

/** What the ledger needs: the client (to read the service's payment), the records, the payment's identity. */
export interface MoneyLedgerDependencies {
  client: BnplClient
  records: MoneyRecords
  identity: PaymentIdentityCheck
  logger?: PaymentLogger
}

/** An order's records settled against the service, and the payment read for it when one was. */
export interface SettledRecords {
  records: MoneyOperationRecord[]
  payment?: Payment
}

/** The records settled and read as they stand: what the calls around a money movement need (MoneyMovements gives it). */
export interface SettlingLedger {
  settle(serviceOrderId: string, owner?: PaymentOwner): Promise<SettledRecords>
  current(serviceOrderId: string): Promise<MoneyOperationRecord[]>
}

/** What a payment's first data says of it: the service order must be its own. */
export type PaymentOwner = Pick<BnplPaymentData, "merchantId" | "token" | "orderId" | "amount" | "currency">

/** The record of the money calls, kept true against the service; callers hold the payment's lock. @throws PaymentError `records_unavailable`. */
export class MoneyLedger {
  constructor(private readonly deps: MoneyLedgerDependencies) {}

  /**
   * The order's records, each `sending` or `unknown` one settled against one Get Payment: applied or refused, and `due` the cut-off
   * sends of a dead process that the service never applied, for the caller to send again (the ledger sends nothing).
   * With `owner`, the service order must be that data's first. @throws PaymentError, or the service's error.
   */
  async settle(
    serviceOrderId: string,
    owner?: PaymentOwner,
    { read = false }: { read?: boolean } = {},
  ): Promise<SettledRecords & { due: MoneyOperationRecord[] }> {
    // Read beside the money records: one database wait, not two.
    const recorded = owner && !read ? this.deps.identity.known(serviceOrderId) : undefined
    const records = await this.read(serviceOrderId)
    const unsettled = records.some((record) => record.state === "sending" || record.state === "unknown")
    let payment: Payment | undefined
    if (owner && (read || unsettled)) {
      payment = await this.readPayment(serviceOrderId)
      await this.deps.identity.confirmed(owner, payment)
    } else if (owner) {
      payment = await this.deps.identity.assertOwn(owner, serviceOrderId, recorded)
    }
    const pending = records.filter((record) => record.state === "sending" || record.state === "unknown")
    if (!pending.length) return { records, payment, due: [] }
    payment ??= await this.readPayment(serviceOrderId)
    const due: MoneyOperationRecord[] = []
    for (const record of pending) {
      const applied = appliedAtService(record, payment)
      if (applied) {
        await this.write(record.id, { state: "applied", recorded: record.state === "sending", serviceReference: applied.reference })
        this.deps.logger?.warn?.(
          `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${serviceOrderId} (${record.amount} ${record.currency}) ended without an answer; the service's record shows it was applied.`,
        )
      } else if (record.state === "sending" && record.kind !== "void") {
        due.push(record)
      } else {
        await this.write(record.id, { state: "refused" })
      }
    }
    return { records: await this.read(serviceOrderId), payment, due }
  }

  /** Records `call` as `sending`. @throws PaymentError `records_unavailable`: the call must not go out. */
  async begin(kind: MoneyOperationKind, call: MoneyCall): Promise<MoneyOperationRecord> {
    const operation: NewMoneyOperation = {
      serviceOrderId: call.serviceOrderId,
      kind,
      medusaRecordId: call.medusaRecordId,
      requestId: call.requestId,
      amount: minorUnitsToMoney(call.amountMinor, call.currency).amount,
      currency: call.currency,
    }
    try {
      return await this.deps.records.begin(operation)
    } catch (error) {
      throw recordsUnavailable(error)
    }
  }

  /** Records how the call failed: `refused` when certainly not applied, `sending` when Medusa keeps its record, else `unknown`. */
  async send<T>(record: MoneyOperationRecord, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!outcomeUnknown(error)) {
        await this.write(record.id, { state: "refused" })
        throw error
      }
      // Medusa keeps this record, so the money must still move: resent with its requestId until applied.
      if (record.medusaRecordId && record.kind !== "void") {
        await this.write(record.id, { state: "sending" })
        throw new MoneyCallUnanswered(record, error as BnplApiError)
      }
      await this.write(record.id, { state: "unknown" })
      throw error
    }
  }

  /** Never throws: the money has moved, and failing would make Medusa delete its record; the next `settle` finds it applied. */
  async recordApplied(record: MoneyOperationRecord, changes: Parameters<MoneyRecords["update"]>[1]): Promise<void> {
    try {
      await this.deps.records.update(record.id, changes)
    } catch (error) {
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${record.serviceOrderId} (${record.amount} ${record.currency}) was applied by the service, but its record could not be updated (${(error as Error)?.message ?? String(error)}); it stays "sending" and is settled against the service's record by the next money call or the completion job.`,
      )
    }
  }

  /** Records an earlier version's call of unknown outcome for the next `settle`; a known requestId is left as is. */
  async recordUnknown(call: Omit<MoneyCall, "medusaRecordId">, kind: MoneyOperationKind): Promise<void> {
    if ((await this.read(call.serviceOrderId)).some((record) => record.requestId === call.requestId)) return
    const record = await this.begin(kind, call)
    await this.write(record.id, { state: "unknown" })
  }

  async readPayment(serviceOrderId: string): Promise<Payment> {
    return readServicePayment(this.deps.client, serviceOrderId)
  }

  async absorb(records: MoneyOperationRecord[], requestId: string): Promise<void> {
    for (const record of records) await this.write(record.id, { recorded: true, absorbedBy: requestId })
  }

  /** The records unsettled: right after an unanswered call, a settle would resend it at once. */
  async current(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    return this.read(serviceOrderId)
  }

  /** Medusa's record of a resend stands whatever happens, so a resend that got no answer stays `sending`, not `unknown`. */
  async resendUnanswered(record: MoneyOperationRecord, error: unknown): Promise<void> {
    if (outcomeUnknown(error)) await this.write(record.id, { state: "sending" })
  }

  private async read(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    try {
      return await this.deps.records.forOrder(serviceOrderId)
    } catch (error) {
      throw recordsUnavailable(error)
    }
  }

  private async write(id: string, changes: Parameters<MoneyRecords["update"]>[1]): Promise<void> {
    try {
      await this.deps.records.update(id, changes)
    } catch (error) {
      throw recordsUnavailable(error)
    }
  }
}

/**
 * A capture or refund for a Medusa record that got no usable answer: its record stays `sending` and
 * is resent with the same requestId until applied, while Medusa is answered with success.
 */
export class MoneyCallUnanswered extends PaymentError {
  constructor(
    readonly record: MoneyOperationRecord,
    readonly failure: BnplApiError,
  ) {
    super("service_unanswered", describeServiceError(record.kind === "capture" ? "Capture" : "Refund", failure).message)
    this.name = "MoneyCallUnanswered"
  }
}

/** Whether a failed call may have been applied: no answer, a 5xx, a 409 (docs/service-api.md "Idempotent requests"), or an unreadable 2xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof BnplApiError)) return false
  if (error.code === "network") return false
  if (error.retryable) return true
  const status = error.httpStatusCode ?? 0
  return error.code === "invalid_response" && status >= 200 && status < 300
}

function appliedAtService(record: MoneyOperationRecord, payment: Payment): { reference?: string } | undefined {
  if (record.kind === "capture") {
    const event = (payment.events ?? []).find(
      (candidate) => candidate.type === "CAPTURED" && candidate.paymentEventMerchantReference === record.requestId,
    )
    return event ? { reference: event.id } : undefined
  }
  const listed = (payment.refunds ?? []).find(
    (refund) =>
      refund.requestId === record.requestId ||
      (record.kind === "refund" && refund.merchantReference === refundReferences(record.requestId).merchantReference),
  )
  if (listed) return { reference: listed.refundId }
  // A void of all that is open leaves nothing open, whichever call did it.
  if (
    record.kind === "void" &&
    !isNarrowingVoid(record.requestId) &&
    payment.openToCaptureAmount &&
    apiAmountToMinorUnits(payment.openToCaptureAmount.amount) === 0n
  )
    return {}
  return undefined
}

/** A failure of the records as PaymentError `records_unavailable`: nothing was sent. */
export function recordsUnavailable(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error
  return new PaymentError(
    "records_unavailable",
    "medusa-payment-bnpl: the plugin's money records could not be read or written; nothing was sent to the payment service. Try again once the database answers.",
    { cause: error },
  )
}
