import { BnplApiError, type BnplClient } from "../client"
import { apiAmountToMinorUnits, minorUnitsToMoney } from "../client/money"
import type { Payment, Refund } from "../client/schemas"
import { PaymentError, describeServiceError, type PaymentLogger } from "./errors"
import type { MoneyOperationKind, MoneyOperationRecord, MoneyRecords, NewMoneyOperation } from "./money-records"
import { assertSessionPayment } from "./payment-identity"
import { refundReferences, type RefundNotes } from "./refund-references"
import { isNarrowingVoid } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** One money call to send: what the record needs, the amount in minor units. */
export interface MoneyCall {
  serviceOrderId: string
  /** The Medusa record it serves: capture id, refund id, payment id. */
  medusaRecordId?: string
  requestId: string
  amountMinor: bigint
  currency: string
}

/**
 * Every capture, refund and void the plugin sends goes through here: recorded before it goes
 * out (money-records.ts), its outcome recorded after, and every earlier call of the order whose
 * outcome is unknown settled against the service's own record first (`settle`). Callers hold
 * the payment's lock (payment-operations.ts). Sources: docs/service-api.md "Create Refund";
 * docs/service-api.md "Endpoints beyond the document" and "Payment (order)" (events with
 * `paymentEventMerchantReference`, `refunds[]` with their requestId).
 */
export class MoneyCalls {
  constructor(
    private readonly deps: {
      client: BnplClient
      records: MoneyRecords
      /** The reason and note Medusa recorded with a refund, by its id (runtime/records/medusa-refunds.ts); none outside a store. */
      refundNotes?: (refundId: string) => Promise<RefundNotes | undefined>
      logger?: PaymentLogger
    }
  ) {}

  /**
   * The order's records once none is left `sending` or `unknown`. With such records, Get
   * Payment is read once and each is settled by its requestId: applied (a CAPTURED event that
   * carries it, a refund or void listed with it) or not. A call that ended without an answer
   * made Medusa delete its capture or refund, so an applied one is `recorded: false` and counts
   * towards the order's next call of its kind. A call left `sending` by a process that died
   * still has its Medusa record, so an applied one is recorded, and one never applied is sent
   * again with the same requestId and amount: Medusa's record says it was meant.
   *
   * With `owner` (the payment data a money call is about to act for), Get Payment is read
   * whatever the records hold, and the service's payment must be that data's
   * (payment-identity.ts) before anything is settled or sent.
   * @returns the records, and the payment when it was read.
   * @throws PaymentError `records_unavailable`, `payment_mismatch`, or the service's error (nothing then changes).
   */
  async settle(
    serviceOrderId: string,
    owner?: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">
  ): Promise<{ records: MoneyOperationRecord[]; payment?: Payment }> {
    const records = await this.read(serviceOrderId)
    let payment: Payment | undefined
    if (owner) {
      payment = await this.getPayment(serviceOrderId)
      assertSessionPayment(owner, payment)
    }
    const pending = records.filter((record) => record.state === "sending" || record.state === "unknown")
    if (!pending.length) return { records, payment }
    payment ??= await this.getPayment(serviceOrderId)
    for (const record of pending) {
      const applied = appliedAtService(record, payment)
      if (applied) {
        await this.write(record.id, { state: "applied", recorded: record.state === "sending", serviceReference: applied.reference })
        this.deps.logger?.warn?.(
          `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${serviceOrderId} (${record.amount} ${record.currency}) ended without an answer; the service's record shows it was applied.`
        )
      } else if (record.state === "sending" && record.kind !== "void") {
        this.deps.logger?.warn?.(
          `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${serviceOrderId} was cut off before the service applied it (a process stopped); sending it again.`
        )
        payment = await this.resend(record)
      } else {
        await this.write(record.id, { state: "refused" })
      }
    }
    return { records: await this.read(serviceOrderId), payment }
  }

  /**
   * Capture (docs/service-api.md "Capture Payment"), with the requestId also as the
   * event's `paymentEventMerchantReference`, so the service's record shows which call made it.
   * @returns the Payment the service answered.
   * @throws BnplApiError as the client throws it (its outcome recorded first), or PaymentError `records_unavailable`.
   */
  async capture(call: MoneyCall): Promise<Payment> {
    const record = await this.begin("capture", call)
    const payment = await this.send(record, () =>
      this.deps.client.capturePayment(call.serviceOrderId, {
        requestId: call.requestId,
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        paymentEventMerchantReference: call.requestId,
      })
    )
    const event = (payment.events ?? []).find((candidate) => candidate.type === "CAPTURED" && candidate.paymentEventMerchantReference === call.requestId)
    await this.recordApplied(record, { state: "applied", serviceReference: event?.id })
    return payment
  }

  /**
   * Create Refund (docs/service-api.md), with `requestId` and `merchantReference` (the Medusa
   * refund id) so the service applies it once, and `refundMerchantReference` (the refund's
   * reason and note in Medusa, with a short form of its id) for the settlement file; both from
   * refund-references.ts, read again for a resend so it sends the same.
   * @throws BnplApiError as the client throws it (its outcome recorded first), or PaymentError
   *   `records_unavailable` (also when Medusa's refund could not be read: nothing is sent).
   */
  async refund(call: MoneyCall): Promise<Refund> {
    const references = refundReferences(call.requestId, await this.notesOf(call.medusaRecordId))
    const record = await this.begin("refund", call)
    const refund = await this.send(record, () =>
      this.deps.client.createRefund(call.serviceOrderId, {
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        requestId: call.requestId,
        ...references,
      })
    )
    await this.recordApplied(record, { state: "applied", serviceReference: refund.refundId })
    return refund
  }

  /**
   * Void (docs/service-api.md "Void Payment"): of everything still open, `amountMinor` being
   * what the caller believes is open, kept in the record for the reader; or, for a requestId
   * of `requestIds.narrowingVoid`, of exactly `amountMinor` (an approval narrowed to a lower
   * order total, the rest kept open).
   * @throws BnplApiError as the client throws it (its outcome recorded first), or PaymentError `records_unavailable`.
   */
  async void(call: MoneyCall): Promise<Payment> {
    const record = await this.begin("void", call)
    const amount = isNarrowingVoid(call.requestId) ? { amount: minorUnitsToMoney(call.amountMinor, call.currency) } : {}
    const payment = await this.send(record, () => this.deps.client.voidPayment(call.serviceOrderId, { requestId: call.requestId, ...amount }))
    await this.recordApplied(record, { state: "applied" })
    return payment
  }

  /**
   * Records a call sent by an earlier version of the plugin whose outcome is unknown, so the
   * next `settle` resolves it. A requestId already recorded is left as it is.
   */
  async recordUnknown(call: Omit<MoneyCall, "medusaRecordId">, kind: MoneyOperationKind): Promise<void> {
    if ((await this.read(call.serviceOrderId)).some((record) => record.requestId === call.requestId)) return
    const record = await this.begin(kind, call)
    await this.write(record.id, { state: "unknown" })
  }

  /** Get Payment (docs/service-api.md). @throws PaymentError describing the service's failure. */
  async readPayment(serviceOrderId: string): Promise<Payment> {
    return this.getPayment(serviceOrderId)
  }

  /** Records that an applied call nobody in Medusa recorded is now counted by `requestId`'s record. */
  async absorb(records: MoneyOperationRecord[], requestId: string): Promise<void> {
    for (const record of records) await this.write(record.id, { recorded: true, absorbedBy: requestId })
  }

  /**
   * The order's records as they stand, nothing settled (after a call that went unanswered, a
   * settle would send it again at once, in the same breath as the failure).
   * @throws PaymentError `records_unavailable`.
   */
  async current(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    return this.read(serviceOrderId)
  }

  private async send<T>(record: MoneyOperationRecord, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!outcomeUnknown(error)) {
        await this.write(record.id, { state: "refused" })
        throw error
      }
      // Medusa keeps a capture or refund the provider answers: the record stays `sending`, the
      // money the service must still move, sent again with its requestId until it is applied.
      if (record.medusaRecordId && record.kind !== "void") {
        await this.write(record.id, { state: "sending" })
        throw new MoneyCallUnanswered(record, error as BnplApiError)
      }
      await this.write(record.id, { state: "unknown" })
      throw error
    }
  }

  /**
   * Sends again a capture or refund a dead process left `sending`. Medusa's record of it stands
   * whatever this call does, so a resend that ends without an answer stays `sending` (not
   * `unknown`, which says Medusa deleted its record): once applied, it is counted as recorded.
   */
  private async resend(record: MoneyOperationRecord): Promise<Payment> {
    try {
      if (record.kind === "capture") return await this.capture(callOf(record))
      return await this.getPaymentAfter(this.refund(callOf(record)), record.serviceOrderId)
    } catch (error) {
      if (outcomeUnknown(error)) await this.write(record.id, { state: "sending" })
      throw error
    }
  }

  /**
   * Records that the service applied the call. When the database is away at that moment (an
   * outage that began while the call was on its way), the money has moved all the same: failing
   * now would make Medusa delete its record of it. So the record stays `sending`, which the next
   * `settle` (the next money call on the order, or the completion job's repair) finds applied at
   * the service and records as applied and recorded; the caller gets its answer.
   */
  private async recordApplied(record: MoneyOperationRecord, changes: Parameters<MoneyRecords["update"]>[1]): Promise<void> {
    try {
      await this.deps.records.update(record.id, changes)
    } catch (error) {
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${record.serviceOrderId} (${record.amount} ${record.currency}) was applied by the service, but its record could not be updated (${(error as Error)?.message ?? String(error)}); it stays "sending" and is settled against the service's record by the next money call or the completion job.`
      )
    }
  }

  private async notesOf(refundId: string | undefined): Promise<RefundNotes | undefined> {
    if (!refundId || !this.deps.refundNotes) return undefined
    try {
      return await this.deps.refundNotes(refundId)
    } catch (error) {
      throw recordsUnavailable(new Error(`Medusa's refund ${refundId} could not be read for its reason and note: ${(error as Error)?.message ?? String(error)}`))
    }
  }

  private async getPayment(serviceOrderId: string): Promise<Payment> {
    try {
      return await this.deps.client.getPayment(serviceOrderId)
    } catch (error) {
      throw describeServiceError("Reading the payment", error)
    }
  }

  private async getPaymentAfter(call: Promise<unknown>, serviceOrderId: string): Promise<Payment> {
    await call
    return this.getPayment(serviceOrderId)
  }

  private async begin(kind: MoneyOperationKind, call: MoneyCall): Promise<MoneyOperationRecord> {
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
 * A capture or refund for a Medusa record (its id the requestId) that got no usable answer: no
 * answer at all, a 5xx or 409 after the client's retries, or a 2xx whose body could not be read.
 * The service may have applied it or not; either way its record stays `sending`, so the next
 * money operation on the payment, or the completion job's repair (operations/unsent-money-calls.ts),
 * settles it against the service and sends it again with the same requestId until it is
 * applied. MoneyOperations answers Medusa with success for it, so Medusa's record stands and the
 * two end equal; as a PaymentError (`service_unanswered`) anywhere else.
 */
export class MoneyCallUnanswered extends PaymentError {
  constructor(
    readonly record: MoneyOperationRecord,
    readonly failure: BnplApiError
  ) {
    super("service_unanswered", describeServiceError(record.kind === "capture" ? "Capture" : "Refund", failure).message)
    this.name = "MoneyCallUnanswered"
  }
}

/**
 * Whether a failed call may have been applied: no answer, a 5xx, a 409 (the service still
 * processing it; docs/service-api.md "Idempotent requests"), or a 2xx whose body was cut off or
 * unreadable (the service said yes). A refusal with a reason certainly was not.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof BnplApiError)) return false
  if (error.retryable) return true
  const status = error.httpStatusCode ?? 0
  return error.code === "invalid_response" && status >= 200 && status < 300
}

/** Sum of the records' amounts, in minor units. */
export function sumOf(records: MoneyOperationRecord[]): bigint {
  return records.reduce((sum, record) => sum + apiAmountToMinorUnits(record.amount), 0n)
}

/** Applied calls of one kind, split into those Medusa records and those it does not (yet). */
export function appliedOf(records: MoneyOperationRecord[], kind: MoneyOperationKind): { recorded: MoneyOperationRecord[]; unrecorded: MoneyOperationRecord[] } {
  const applied = records.filter((record) => record.kind === kind && record.state === "applied")
  return { recorded: applied.filter((record) => record.recorded), unrecorded: applied.filter((record) => !record.recorded) }
}

/** Where the service's record of the payment shows the call applied, and its reference there. */
function appliedAtService(record: MoneyOperationRecord, payment: Payment): { reference?: string } | undefined {
  if (record.kind === "capture") {
    const event = (payment.events ?? []).find((candidate) => candidate.type === "CAPTURED" && candidate.paymentEventMerchantReference === record.requestId)
    return event ? { reference: event.id } : undefined
  }
  const listed = (payment.refunds ?? []).find(
    (refund) => refund.requestId === record.requestId || (record.kind === "refund" && refund.merchantReference === refundReferences(record.requestId).merchantReference)
  )
  if (listed) return { reference: listed.refundId }
  // A void of all that is open leaves nothing open; whichever call did that, nothing more is held.
  if (record.kind === "void" && !isNarrowingVoid(record.requestId) && payment.openToCaptureAmount && apiAmountToMinorUnits(payment.openToCaptureAmount.amount) === 0n) return {}
  return undefined
}

function callOf(record: MoneyOperationRecord): MoneyCall {
  return {
    serviceOrderId: record.serviceOrderId,
    medusaRecordId: record.medusaRecordId,
    requestId: record.requestId,
    amountMinor: apiAmountToMinorUnits(record.amount),
    currency: record.currency,
  }
}

function recordsUnavailable(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error
  return new PaymentError(
    "records_unavailable",
    `medusa-payment-bnpl: the plugin's money records could not be read or written (${(error as Error)?.message ?? String(error)}); nothing was sent to the payment service. Try again once the database answers.`
  )
}
