import { BnplApiError, type BnplClient } from "../client"
import { apiAmountToMinorUnits, minorUnitsToMoney } from "../client/money"
import type { Payment } from "../client/schemas"
import { PaymentError, describeServiceError, type PaymentLogger } from "./errors"
import type { MoneyOperationKind, MoneyOperationRecord, MoneyRecords, NewMoneyOperation } from "./money-records"
import type { PaymentIdentityCheck } from "./payment-identity"
import { refundReferences } from "./refund-references"
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

/** What the ledger needs: the client (Get Payment), the records, and the way a cut-off call is sent again. */
export interface MoneyLedgerDependencies {
  client: BnplClient
  records: MoneyRecords
  /**
   * Sends again a capture or refund a dead process left `sending`, as MoneyMovements sends it
   * (money-movements.ts `resend`). @returns the service's payment after it.
   */
  resend: (record: MoneyOperationRecord) => Promise<Payment>
  /** The payment's identity, by its record or Get Payment (payment-identity.ts). */
  identity: PaymentIdentityCheck
  logger?: PaymentLogger
}

/**
 * The plugin's record of its money calls, kept true against the service: every capture,
 * refund and void MoneyMovements sends (money-movements.ts) is written here before it goes
 * out (`begin`) and its outcome after (`send`, `recordApplied`), and every earlier call of the
 * order whose outcome is unknown is settled against the service's own record first (`settle`).
 * Callers hold the payment's lock. Every failure of the records is a PaymentError
 * `records_unavailable`: a record that guards money is never skipped. Sources:
 * docs/service-api.md "Create Refund"; docs/service-api.md "Endpoints beyond the document" and
 * "Payment (order)" (events with `paymentEventMerchantReference`, `refunds[]` with their requestId).
 */
export class MoneyLedger {
  constructor(private readonly deps: MoneyLedgerDependencies) {}

  /**
   * The order's records once none is left `sending` or `unknown`. With such records, Get
   * Payment is read once and each is settled by its requestId: applied (a CAPTURED event that
   * carries it, a refund or void listed with it) or not. A call that ended without an answer
   * made Medusa delete its capture or refund, so an applied one is `recorded: false` and counts
   * towards the order's next call of its kind. A call left `sending` by a process that died
   * still has its Medusa record, so an applied one is recorded, and one never applied is sent
   * again with the same requestId and amount: Medusa's record says it was meant.
   *
   * With `owner` (the payment data a money call is about to act for), the service order must
   * be that data's (payment-identity.ts) before anything is settled or sent: by its identity
   * record, so a call whose records are all settled costs no round trip before it; Get Payment
   * is read when a record's outcome is unknown, when no identity is recorded, or with
   * `read: true` (a caller that needs the service's state); the payment read is then checked.
   * @returns the records, and the payment when it was read.
   * @throws PaymentError `records_unavailable`, `payment_mismatch`, or the service's error (nothing then changes).
   */
  async settle(
    serviceOrderId: string,
    owner?: Pick<BnplPaymentData, "merchantId" | "token" | "orderId" | "amount" | "currency">,
    { read = false }: { read?: boolean } = {}
  ): Promise<{ records: MoneyOperationRecord[]; payment?: Payment }> {
    // The identity record is read beside the money records: one database wait, not two.
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
    if (!pending.length) return { records, payment }
    payment ??= await this.readPayment(serviceOrderId)
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
   * Records that `call` is about to be sent (state `sending`). A requestId recorded before is reused.
   * @throws PaymentError `records_unavailable`: the call must not go out.
   */
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

  /**
   * Runs the client's call of `record` and records how it failed: `refused` when the service
   * certainly did not apply it; otherwise (outcomeUnknown) `sending` for a capture or refund
   * Medusa keeps (thrown as MoneyCallUnanswered), `unknown` for the rest.
   * @throws the call's error, or MoneyCallUnanswered.
   */
  async send<T>(record: MoneyOperationRecord, call: () => Promise<T>): Promise<T> {
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
   * Records that the service applied the call. When the database is away at that moment (an
   * outage that began while the call was on its way), the money has moved all the same: failing
   * now would make Medusa delete its record of it. So the record stays `sending`, which the next
   * `settle` (the next money call on the order, or the completion job's repair) finds applied at
   * the service and records as applied and recorded; the caller gets its answer.
   */
  async recordApplied(record: MoneyOperationRecord, changes: Parameters<MoneyRecords["update"]>[1]): Promise<void> {
    try {
      await this.deps.records.update(record.id, changes)
    } catch (error) {
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${record.serviceOrderId} (${record.amount} ${record.currency}) was applied by the service, but its record could not be updated (${(error as Error)?.message ?? String(error)}); it stays "sending" and is settled against the service's record by the next money call or the completion job.`
      )
    }
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
    try {
      return await this.deps.client.getPayment(serviceOrderId)
    } catch (error) {
      throw describeServiceError("Reading the payment", error)
    }
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

  /**
   * Sends again a capture or refund a dead process left `sending`. Medusa's record of it stands
   * whatever this call does, so a resend that ends without an answer stays `sending` (not
   * `unknown`, which says Medusa deleted its record): once applied, it is counted as recorded.
   */
  private async resend(record: MoneyOperationRecord): Promise<Payment> {
    try {
      return await this.deps.resend(record)
    } catch (error) {
      if (outcomeUnknown(error)) await this.write(record.id, { state: "sending" })
      throw error
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
 * applied. MoneyMovements answers Medusa with success for it, so Medusa's record stands and the
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
 * unreadable (the service said yes). A refusal with a reason certainly was not, nor a call the
 * service never got (`network`: no connection, refused, DNS; client/error-mapping.ts), which the
 * money call now meets itself since no Get Payment goes before it.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof BnplApiError)) return false
  if (error.code === "network") return false
  if (error.retryable) return true
  const status = error.httpStatusCode ?? 0
  return error.code === "invalid_response" && status >= 200 && status < 300
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

/** A failure of the records as the core reports it: nothing was sent. */
export function recordsUnavailable(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error
  return new PaymentError(
    "records_unavailable",
    "medusa-payment-bnpl: the plugin's money records could not be read or written; nothing was sent to the payment service. Try again once the database answers.",
    { cause: error }
  )
}
