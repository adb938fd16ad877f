import { assertNotRefusedMomentsAgo, type RepairSend } from "./repair-sends"
import { BnplApiError, type BnplClient } from "../client"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, minorUnitsToMoney } from "../client/money"
import type { Payment, Refund } from "../client/schemas"
import { PaymentError, authorizationExpiredError, describeServiceError, type PaymentLogger } from "./errors"
import { MoneyLedger, recordsUnavailable, type MoneyCall } from "./money-ledger"
import { keepsMedusaRecord, recordsAfterCall, settleBeforeCall } from "./money-outages"
import type { MoneyOperationRecord, MoneyRecords } from "./money-records"
import { appliedOf, sumOf, totalsOf, withTotals } from "./money-totals"
import { asPaymentState, capturedAtService, isCaptured, isExpired, isVoidedOrExpired } from "./payment-state"
import { refundReferences, type RefundNotes } from "./refund-references"
import { PaymentIdentityCheck, type PaymentIdentities } from "./payment-identity"
import { isNarrowingVoid, requestIds } from "./request-ids"
import type { BnplPaymentData } from "./session-data"
import { refundUnrecordedCapture } from "./unrecorded-capture"

/** What moving money needs: the client, the records, the payment's lock, a logger. */
export interface MoneyMovementsDependencies {
  client: BnplClient
  records: MoneyRecords
  /** Runs a money operation alone for one service order, across instances (runtime/infrastructure/payment-lock.ts). */
  withLock: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  /** The reason and note Medusa recorded with a refund, by its id (runtime/records/medusa-refunds.ts); none outside a store. */
  refundNotes?: (refundId: string) => Promise<RefundNotes | undefined>
  /** The account's identity records of its service orders (payment-identity.ts). */
  identities: PaymentIdentities
  /** The account's merchant id, recorded with each identity (never the secret). */
  merchantId?: string
  logger?: PaymentLogger
}

/**
 * Capture, refund and void of an authorised payment: what moves money after the order exists,
 * each from the decision to the service's call and its record. Each runs under the payment's
 * lock and starts from the current truth, not from the payment data Medusa read before the
 * lock: the money records (settled against the service where an outcome was unknown; the
 * ledger, money-ledger.ts) and the data, whichever knows more. Every call carries the requestId
 * of the Medusa record it serves (request-ids.ts) and is recorded before it goes out and after
 * (`sendCapture`, `sendRefund`, `sendVoid`). Amounts are minor units. Applied calls Medusa does
 * not record (their answer was lost) count towards the next call of their kind, so the service
 * never holds more than Medusa records; when the service or the database goes away around a
 * call, money-outages.ts decides what Medusa is answered.
 */
export class MoneyMovements {
  /** The order's money records, settled against the service (shared with narrow.ts). */
  readonly ledger: MoneyLedger
  /** The identity check before each money call, by the record kept at approval (payment-identity.ts). */
  readonly identity: PaymentIdentityCheck

  constructor(private readonly deps: MoneyMovementsDependencies) {
    this.identity = new PaymentIdentityCheck({
      identities: deps.identities,
      readPayment: (serviceOrderId) => this.ledger.readPayment(serviceOrderId),
      merchantId: deps.merchantId,
      logger: deps.logger,
    })
    this.ledger = new MoneyLedger({ client: deps.client, records: deps.records, identity: this.identity, logger: deps.logger, resend: (record) => this.resend(record) })
  }

  /**
   * Captures exactly what Medusa recorded for one capture (its id and amount;
   * docs/service-api.md "Capture Payment"). A capture applied earlier whose answer was
   * lost counts towards it; one larger than it is refused, naming it.
   * With `repair` (the repair job's send; repair-sends.ts), a call refused moments ago is not sent.
   * @throws PaymentError `not_allowed`, `authorization_expired`, `invalid_request`, `payment_voided`
   *   (logged), `service_unanswered`, `records_unavailable`, or the service's refusal.
   */
  async capture(data: BnplPaymentData, capture: { id: string; amountMinor: bigint }, repair?: RepairSend): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Capture")
    // An order change moved this payment's approval to the order's new payment (carry-approval.ts
    // marks the cancelled one carriedAt): captured here too, Medusa would count it twice.
    if (data.carriedAt) throw new PaymentError("not_allowed", "Capture refused: an order change moved this payment's approval to the order's new payment; capture that payment.")
    if (isExpired(data.authorizationExpiresAt)) throw authorizationExpiredError(data.authorizationExpiresAt)
    if (capture.amountMinor <= 0n) throw new PaymentError("invalid_request", "Capture refused: the amount must be more than 0.00.")
    const requestId = requestIds.capture(capture.id)
    return this.deps.withLock(orderId, async () => {
      const before = await this.recordsBeforeCall(orderId, data, requestId, repair)
      if ("answer" in before) return before.answer
      const { records } = before
      const { unrecorded } = appliedOf(records, "capture")
      const earlier = sumOf(unrecorded)
      if (earlier > capture.amountMinor) {
        throw new PaymentError(
          "invalid_request",
          `Capture refused: an earlier capture whose answer was lost captured ${minorUnitsToApiAmount(earlier)} ${data.currency} at the service; capture at least that amount in Medusa to record it.`
        )
      }
      const rest = capture.amountMinor - earlier
      let payment: Payment | undefined
      let unanswered = false
      if (rest > 0n) {
        payment = await this.sendCapture({ serviceOrderId: orderId, medusaRecordId: capture.id, requestId, amountMinor: rest, currency: data.currency! }).catch(
          (error: unknown) => {
            unanswered = keepsMedusaRecord(this.deps.logger, error, orderId)
            if (unanswered) return undefined
            throw this.captureError(orderId, error)
          }
        )
      }
      await this.ledger.absorb(unrecorded, requestId)
      const after = await recordsAfterCall(this.ledger, this.deps.logger, orderId, records, unanswered)
      return unanswered ? withTotals(data, after) : withTotals(data, after, payment)
    })
  }

  /**
   * Under the lock, before a capture or refund: the order's records settled, or the answer to
   * give without a call (kept through an outage, or `requestId` applied already).
   * @throws as settleBeforeCall; with `repair`, RefusedMomentsAgo (repair-sends.ts).
   */
  private async recordsBeforeCall(
    orderId: string,
    data: BnplPaymentData,
    requestId: string,
    repair: RepairSend | undefined
  ): Promise<{ records: MoneyOperationRecord[] } | { answer: BnplPaymentData }> {
    const settled = await settleBeforeCall(this.ledger, this.deps.logger, orderId, data, requestId)
    if ("kept" in settled) return { answer: settled.kept }
    const { records } = settled
    if (records.some((record) => record.requestId === requestId && record.state === "applied")) return { answer: withTotals(data, records) }
    assertNotRefusedMomentsAgo(records, requestId, repair)
    return { records }
  }

  /**
   * Under `capture: "on_authorize"`: captures the whole approval right after Auth. Medusa
   * records this capture itself (the session is `captured`), so its requestId is the order's.
   * @throws as `capture`.
   */
  async captureOnAuthorize(data: BnplPaymentData): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Capture")
    const requestId = requestIds.captureOnAuthorize(orderId)
    return this.deps.withLock(orderId, async () => {
      const payment = await this.sendCapture({ serviceOrderId: orderId, requestId, amountMinor: apiAmountToMinorUnits(data.amount!), currency: data.currency! }).catch(
        (error: unknown) => {
          throw this.captureError(orderId, error)
        }
      )
      return withTotals(data, (await this.ledger.settle(orderId)).records, payment)
    })
  }

  /**
   * Refunds `amountMinor` with Create Refund (docs/service-api.md), requestId = Medusa's refund
   * id. Refunds applied earlier whose answer was lost count towards it and only the rest is
   * sent; one larger than it is refused, naming it. Only captured money refunds (rule 5).
   * With `repair`, as `capture`.
   * @throws PaymentError `not_allowed` (nothing captured), `invalid_request` (more than
   *   captured and not refunded, no key, less than a lost refund), `service_unanswered`,
   *   `records_unavailable`, or the service's refusal.
   */
  async refund(data: BnplPaymentData, amountMinor: bigint, refundId: string | undefined, repair?: RepairSend): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Refund")
    const currency = data.currency!
    if (!refundId) throw new PaymentError("invalid_request", "medusa-payment-bnpl: refunding needs Medusa's idempotency key (the refund id).")
    const requestId = requestIds.refund(refundId)
    // Medusa's reason and note of the refund, read beside the payment's lock and records (they never change).
    const notes = this.notesOf(refundId)
    notes.catch(() => {})
    return this.deps.withLock(orderId, async () => {
      const before = await this.recordsBeforeCall(orderId, data, requestId, repair)
      if ("answer" in before) return before.answer
      const { records } = before
      const totals = totalsOf(data, records)
      if (totals.captured === 0n) {
        throw new PaymentError(
          "not_allowed",
          "Refund refused: only captured funds can be refunded with this payment service. Capture the payment first, or cancel the order to void the authorisation."
        )
      }
      const refundable = totals.captured - totals.refunded
      if (amountMinor <= 0n || amountMinor > refundable) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: ${minorUnitsToApiAmount(amountMinor)} ${currency} is more than the ${minorUnitsToApiAmount(refundable)} ${currency} captured and not yet refunded.`
        )
      }
      const { unrecorded } = appliedOf(records, "refund")
      const earlier = sumOf(unrecorded)
      if (earlier > amountMinor) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: an earlier refund attempt whose answer was lost refunded ${minorUnitsToApiAmount(earlier)} ${currency} at the service; refund at least that amount in Medusa to record it.`
        )
      }
      if (earlier > 0n) {
        this.deps.logger?.warn?.(
          `medusa-payment-bnpl: ${minorUnitsToApiAmount(earlier)} of service order ${orderId} was refunded by an earlier attempt whose answer was lost; it counts towards this refund.`
        )
      }
      const rest = amountMinor - earlier
      let unanswered = false
      if (rest > 0n) {
        await this.sendRefund({ serviceOrderId: orderId, medusaRecordId: refundId, requestId, amountMinor: rest, currency }, notes).catch((error: unknown) => {
          unanswered = keepsMedusaRecord(this.deps.logger, error, orderId)
          if (!unanswered) throw describeServiceError("Refund", error)
        })
      }
      await this.ledger.absorb(unrecorded, requestId)
      const after = { records: await recordsAfterCall(this.ledger, this.deps.logger, orderId, records, unanswered) }
      const refundIds = after.records.filter((record) => record.kind === "refund" && record.serviceReference).map((record) => record.serviceReference!)
      return { ...withTotals(data, after.records), refundIds: [...new Set([...(data.refundIds ?? []), ...refundIds])] }
    })
  }

  /**
   * Voids what is left open (docs/service-api.md "Void Payment"), requestId = Medusa's payment
   * id. What was captured stays captured and refundable (Medusa refunds it; the plugin's
   * order-canceled subscriber refunds what a cancel left captured). If the service captured
   * more than Medusa records (a capture whose answer was lost), that much is refunded once and
   * the call fails naming it (`unrecorded_capture_refunded`; unrecorded-capture.ts). A payment
   * never authorised, or already voided or expired, is left as is.
   * @throws PaymentError when the void fails, `records_unavailable`, or `unrecorded_capture_refunded`.
   */
  async cancel(data: BnplPaymentData, idempotencyKey: string | undefined): Promise<BnplPaymentData> {
    if (!data.orderId || isVoidedOrExpired(asPaymentState(data.paymentState))) return { ...data }
    // Auth records the currency with the orderId (authorise.ts): a payment without it was never authorised here.
    if (!data.currency) throw new PaymentError("not_allowed", `Void refused: service order ${data.orderId} has no currency recorded; it was never authorised by this plugin.`)
    const orderId = data.orderId
    const currency = data.currency
    const unrecordedCapture = { ledger: this.ledger, sendRefund: (call: MoneyCall) => this.sendRefund(call), logger: this.deps.logger }
    return this.deps.withLock(orderId, async () => {
      const { records, payment: read } = await this.ledger.settle(orderId, data)
      const recordedCaptured = totalsOf(data, records).captured
      if (isCaptured(asPaymentState(data.paymentState))) return withReleased(await refundUnrecordedCapture(unrecordedCapture, data, recordedCaptured, read), 0n)
      const open = apiAmountToMinorUnits(data.amount ?? "0.00") - recordedCaptured
      try {
        const payment = await this.sendVoid({
          serviceOrderId: orderId,
          medusaRecordId: idempotencyKey,
          requestId: requestIds.void(idempotencyKey ?? `${orderId}-void`),
          amountMinor: open > 0n ? open : 0n,
          currency,
        })
        // The answer is the payment as the void left it: nothing more can be captured, so what it
        // released is final, whatever capture Medusa still holds in flight.
        const voided = withReleased({ ...data, paymentState: payment.paymentState, voidedAt: new Date().toISOString() }, releasedBy(data, payment))
        if (capturedAtService(payment) > recordedCaptured) return refundUnrecordedCapture(unrecordedCapture, voided, recordedCaptured, payment)
        return voided
      } catch (error) {
        if (error instanceof BnplApiError && (error.errorCode === "payment_voided" || error.errorCode === "payment_expired")) {
          // Voided before (a retry whose first answer was lost, or the service's expiry): the
          // payment as the service has it now says what was given back.
          const settled = { ...data, paymentState: error.errorCode === "payment_voided" ? "VOIDED" : "EXPIRED" }
          const now = await this.ledger.readPayment(orderId).catch(() => undefined)
          // Unread, the amount stays unknown here; the box's next read of the service records it.
          return now ? withReleased(settled, releasedBy(data, now)) : settled
        }
        if (error instanceof BnplApiError && error.code === "already_captured") return withReleased(await refundUnrecordedCapture(unrecordedCapture, data, recordedCaptured), 0n)
        throw describeServiceError("Void", error)
      }
    })
  }

  /**
   * Capture Payment (docs/service-api.md "Capture Payment"), recorded, with the requestId also
   * as the event's `paymentEventMerchantReference`, so the service's record shows which call made it.
   * @returns the Payment the service answered.
   * @throws BnplApiError as the client throws it (its outcome recorded first), MoneyCallUnanswered,
   *   or PaymentError `records_unavailable`.
   */
  private async sendCapture(call: MoneyCall): Promise<Payment> {
    const record = await this.ledger.begin("capture", call)
    const payment = await this.ledger.send(record, () =>
      this.deps.client.capturePayment(call.serviceOrderId, {
        requestId: call.requestId,
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        paymentEventMerchantReference: call.requestId,
      })
    )
    const event = (payment.events ?? []).find((candidate) => candidate.type === "CAPTURED" && candidate.paymentEventMerchantReference === call.requestId)
    await this.ledger.recordApplied(record, { state: "applied", serviceReference: event?.id })
    return payment
  }

  /**
   * Create Refund (docs/service-api.md), recorded, with `requestId` and `merchantReference` (the
   * Medusa refund id) so the service applies it once, and `refundMerchantReference` (the refund's
   * reason and note in Medusa, with a short form of its id) for the settlement file; both from
   * refund-references.ts, read again for a resend so it sends the same.
   * @throws BnplApiError as the client throws it (its outcome recorded first), MoneyCallUnanswered,
   *   or PaymentError `records_unavailable` (also when Medusa's refund could not be read: nothing is sent).
   * `notes`: Medusa's reason and note of the refund, when the caller already started reading them.
   */
  private async sendRefund(call: MoneyCall, notes = this.notesOf(call.medusaRecordId)): Promise<Refund> {
    const references = refundReferences(call.requestId, await notes)
    const record = await this.ledger.begin("refund", call)
    const refund = await this.ledger.send(record, () =>
      this.deps.client.createRefund(call.serviceOrderId, {
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        requestId: call.requestId,
        ...references,
      })
    )
    await this.ledger.recordApplied(record, { state: "applied", serviceReference: refund.refundId })
    return refund
  }

  /**
   * Void Payment (docs/service-api.md "Void Payment"), recorded: of everything still open,
   * `amountMinor` being what the caller believes is open, kept in the record for the reader; or,
   * for a requestId of `requestIds.narrowingVoid` (narrow.ts), of exactly `amountMinor` (an
   * approval narrowed to a lower order total, the rest kept open).
   * @throws BnplApiError as the client throws it (its outcome recorded first), or PaymentError `records_unavailable`.
   */
  async sendVoid(call: MoneyCall): Promise<Payment> {
    const record = await this.ledger.begin("void", call)
    const amount = isNarrowingVoid(call.requestId) ? { amount: minorUnitsToMoney(call.amountMinor, call.currency) } : {}
    const payment = await this.ledger.send(record, () => this.deps.client.voidPayment(call.serviceOrderId, { requestId: call.requestId, ...amount }))
    await this.ledger.recordApplied(record, { state: "applied" })
    return payment
  }

  /** Sends again, as first sent, a capture or refund a dead process left `sending` (MoneyLedger.settle). */
  private async resend(record: MoneyOperationRecord): Promise<Payment> {
    if (record.kind === "capture") return this.sendCapture(callOf(record))
    await this.sendRefund(callOf(record))
    return this.ledger.readPayment(record.serviceOrderId)
  }

  private async notesOf(refundId: string | undefined): Promise<RefundNotes | undefined> {
    if (!refundId || !this.deps.refundNotes) return undefined
    try {
      return await this.deps.refundNotes(refundId)
    } catch (error) {
      throw recordsUnavailable(new Error(`Medusa's refund ${refundId} could not be read for its reason and note: ${(error as Error)?.message ?? String(error)}`))
    }
  }

  private captureError(orderId: string, error: unknown): PaymentError {
    if (error instanceof BnplApiError && error.code === "already_captured") {
      return new PaymentError("not_allowed", `Capture refused: the service has captured all of order ${orderId} already.`)
    }
    const described = describeServiceError("Capture", error)
    if (described.reason === "payment_voided") {
      // Most often an order cancelled while this capture waited for its void (withLock).
      this.deps.logger?.error?.(`medusa-payment-bnpl: capture of service order ${orderId} refused: the payment was voided.`)
    }
    return described
  }

  private orderIdOf(data: BnplPaymentData, operation: "Capture" | "Refund"): string {
    if (!data.orderId || !data.currency || !data.amount) {
      throw new PaymentError("not_allowed", `${operation} refused: the payment was never authorised by the payment service.`)
    }
    return data.orderId
  }
}

/**
 * What a void of the rest gave back, minor units: the approval (`data.amount`, lowered by any
 * order change's narrowing void) less what the service had captured, read from the service's
 * payment after the void (docs/service-api.md "Void Payment"). Never negative.
 */
export function releasedBy(data: BnplPaymentData, payment: Pick<Payment, "events">): bigint {
  const released = apiAmountToMinorUnits(data.amount ?? "0.00") - capturedAtService(payment)
  return released > 0n ? released : 0n
}

function withReleased(data: BnplPaymentData, releasedMinor: bigint): BnplPaymentData {
  return { ...data, releasedAmount: minorUnitsToApiAmount(releasedMinor) }
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
