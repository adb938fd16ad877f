import { BnplApiError } from "../client"
import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import type { Payment } from "../client/schemas"
import { PaymentError, authorizationExpiredError, describeServiceError, type PaymentLogger } from "./errors"
import { MoneyCallUnanswered, MoneyCalls, appliedOf, sumOf } from "./money-calls"
import { totalsOf } from "./money-totals"
import type { MoneyOperationRecord } from "./money-records"
import { asPaymentState, capturedAtService, isCaptured, isExpired, isVoidedOrExpired } from "./payment-state"
import { isCancelRefund, requestIds } from "./request-ids"
import type { BnplPaymentData } from "./session-data"

/** A refund an earlier version's refund journal (kept in the cache) knew of: carried into the records once. */
export interface LegacyRefund {
  requestId: string
  /** API string. */
  amount: string
}

/** What the money operations need: the calls (recorded), the payment's lock, a logger. */
export interface MoneyOperationsDependencies {
  calls: MoneyCalls
  /** Runs a money operation alone for one service order, across instances (runtime/infrastructure/payment-lock.ts). */
  withLock: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  /** The order's unanswered refunds in an earlier version's journal, forgotten there once read (upgrade). */
  takeLegacyRefunds?: (serviceOrderId: string) => Promise<LegacyRefund[]>
  logger?: PaymentLogger
}

/**
 * Capture, refund and void of an authorised payment: what moves money after the order exists.
 * Each runs under the payment's lock and starts from the current truth, not from the payment
 * data Medusa read before the lock: the money records (settled against the service where an
 * outcome was unknown; money-calls.ts) and the data, whichever knows more. Every call carries
 * the requestId of the Medusa record it serves (request-ids.ts). Amounts are minor units.
 * Applied calls Medusa does not record (their answer was lost) count towards the next call of
 * their kind, so the service never holds more than Medusa records.
 */
export class MoneyOperations {
  constructor(private readonly deps: MoneyOperationsDependencies) {}

  /**
   * Captures exactly what Medusa recorded for one capture (its id and amount;
   * docs/service-api.md "Capture Payment"). A capture applied earlier whose answer was
   * lost counts towards it; one larger than it is refused, naming it.
   * @throws PaymentError `not_allowed`, `authorization_expired`, `invalid_request`, `payment_voided`
   *   (logged), `service_unanswered`, `records_unavailable`, or the service's refusal.
   */
  async capture(data: BnplPaymentData, capture: { id: string; amountMinor: bigint }): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Capture")
    // An order change moved this payment's approval to the order's new payment (carry-approval.ts
    // marks the cancelled one carriedAt): captured here too, Medusa would count it twice.
    if (data.carriedAt) throw new PaymentError("not_allowed", "Capture refused: an order change moved this payment's approval to the order's new payment; capture that payment.")
    if (isExpired(data.authorizationExpiresAt)) throw authorizationExpiredError(data.authorizationExpiresAt)
    if (capture.amountMinor <= 0n) throw new PaymentError("invalid_request", "Capture refused: the amount must be more than 0.00.")
    const requestId = requestIds.capture(capture.id)
    return this.deps.withLock(orderId, async () => {
      const settled = await this.settleBeforeCall(orderId, data, requestId)
      if ("kept" in settled) return settled.kept
      const { records } = settled
      if (records.some((record) => record.requestId === requestId && record.state === "applied")) return this.withTotals(data, records)
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
        payment = await this.deps.calls
          .capture({ serviceOrderId: orderId, medusaRecordId: capture.id, requestId, amountMinor: rest, currency: data.currency! })
          .catch((error: unknown) => {
            unanswered = this.keepsMedusaRecord(error, orderId)
            if (unanswered) return undefined
            throw this.captureError(orderId, error)
          })
      }
      await this.deps.calls.absorb(unrecorded, requestId)
      const after = await this.recordsAfterCall(orderId, records, unanswered)
      return unanswered ? this.withTotals(data, after) : this.withTotals(data, after, payment)
    })
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
      const payment = await this.deps.calls
        .capture({ serviceOrderId: orderId, requestId, amountMinor: apiAmountToMinorUnits(data.amount!), currency: data.currency! })
        .catch((error: unknown) => {
          throw this.captureError(orderId, error)
        })
      return this.withTotals(data, (await this.deps.calls.settle(orderId)).records, payment)
    })
  }

  /**
   * Refunds `amountMinor` with Create Refund (docs/service-api.md), requestId = Medusa's refund
   * id. Refunds applied earlier whose answer was lost count towards it and only the rest is
   * sent; one larger than it is refused, naming it. Only captured money refunds (rule 5).
   * @throws PaymentError `not_allowed` (nothing captured), `invalid_request` (more than
   *   captured and not refunded, no key, less than a lost refund), `service_unanswered`,
   *   `records_unavailable`, or the service's refusal.
   */
  async refund(data: BnplPaymentData, amountMinor: bigint, refundId: string | undefined): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Refund")
    const currency = data.currency!
    if (!refundId) throw new PaymentError("invalid_request", "medusa-payment-bnpl: refunding needs Medusa's idempotency key (the refund id).")
    const requestId = requestIds.refund(refundId)
    return this.deps.withLock(orderId, async () => {
      await this.carryLegacyRefunds(orderId, currency)
      const settled = await this.settleBeforeCall(orderId, data, requestId)
      if ("kept" in settled) return settled.kept
      const { records } = settled
      if (records.some((record) => record.requestId === requestId && record.state === "applied")) return this.withTotals(data, records)
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
        await this.deps.calls
          .refund({ serviceOrderId: orderId, medusaRecordId: refundId, requestId, amountMinor: rest, currency })
          .catch((error: unknown) => {
            unanswered = this.keepsMedusaRecord(error, orderId)
            if (!unanswered) throw describeServiceError("Refund", error)
          })
      }
      await this.deps.calls.absorb(unrecorded, requestId)
      const after = { records: await this.recordsAfterCall(orderId, records, unanswered) }
      const refundIds = after.records.filter((record) => record.kind === "refund" && record.serviceReference).map((record) => record.serviceReference!)
      return { ...this.withTotals(data, after.records), refundIds: [...new Set([...(data.refundIds ?? []), ...refundIds])] }
    })
  }

  /**
   * Voids what is left open (docs/service-api.md "Void Payment"), requestId = Medusa's payment
   * id. What was captured stays captured and refundable (Medusa refunds it; the plugin's
   * order-canceled subscriber refunds what a cancel left captured). If the service captured
   * more than Medusa records (a capture whose answer was lost), that much is refunded once and
   * the call fails naming it (`unrecorded_capture_refunded`).
   * @throws PaymentError when the void fails, `records_unavailable`, or `unrecorded_capture_refunded`.
   */
  async cancel(data: BnplPaymentData, idempotencyKey: string | undefined): Promise<BnplPaymentData> {
    if (!data.orderId || isVoidedOrExpired(asPaymentState(data.paymentState))) return { ...data }
    const orderId = data.orderId
    return this.deps.withLock(orderId, async () => {
      const { records, payment: read } = await this.deps.calls.settle(orderId, data)
      const recordedCaptured = totalsOf(data, records).captured
      if (isCaptured(asPaymentState(data.paymentState))) return this.refundUnrecordedCapture(data, recordedCaptured, read)
      const open = apiAmountToMinorUnits(data.amount ?? "0.00") - recordedCaptured
      try {
        const payment = await this.deps.calls.void({
          serviceOrderId: orderId,
          medusaRecordId: idempotencyKey,
          requestId: requestIds.void(idempotencyKey ?? `${orderId}-void`),
          amountMinor: open > 0n ? open : 0n,
          currency: data.currency ?? "GBP",
        })
        const voided = { ...data, paymentState: payment.paymentState, voidedAt: new Date().toISOString() }
        if (capturedAtService(payment) > recordedCaptured) return this.refundUnrecordedCapture(voided, recordedCaptured, payment)
        return voided
      } catch (error) {
        if (error instanceof BnplApiError && (error.errorCode === "payment_voided" || error.errorCode === "payment_expired")) {
          return { ...data, paymentState: error.errorCode === "payment_voided" ? "VOIDED" : "EXPIRED" }
        }
        if (error instanceof BnplApiError && error.code === "already_captured") return this.refundUnrecordedCapture(data, recordedCaptured)
        throw describeServiceError("Void", error)
      }
    })
  }

  /**
   * The order's records settled against the service before a capture or refund of Medusa's
   * record `requestId` goes out. When that read fails (the service away) but this very record's
   * call went out already (the completion job's repair sent it while this call waited for the
   * lock, or an earlier attempt got no answer), failing would make Medusa delete its record of
   * money that may have moved (soak seed 28: 72.04 refunded at the service, none in Medusa).
   * So the call is answered as done, with the records as they stand (`kept`), and the next
   * money call or the repair settles that record against the service.
   * @throws the read's error when no call of this record went out.
   */
  private async settleBeforeCall(orderId: string, data: BnplPaymentData, requestId: string): Promise<{ records: MoneyOperationRecord[] } | { kept: BnplPaymentData }> {
    try {
      return { records: (await this.deps.calls.settle(orderId, data)).records }
    } catch (error) {
      const known = await this.deps.calls.current(orderId).catch(() => undefined)
      const sent = known?.find((record) => record.requestId === requestId && record.state !== "refused")
      if (!known || !sent) throw error
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: ${sent.kind} ${requestId} of service order ${orderId} went out already (${sent.state}); the service could not be read now (${(error as Error)?.message ?? String(error)}), so Medusa keeps its record and the next money call or the repair job settles it.`
      )
      return { kept: this.withTotals(data, known) }
    }
  }

  /**
   * After a void found nothing open, or captures Medusa does not record: what the service
   * captured beyond `recordedCaptured` is refunded once (requestId
   * `<orderId>-cancel-refund-<captured>`), with an error logged; the call then fails so Medusa
   * does not record a clean cancellation. With nothing unrecorded, the data is returned settled.
   */
  private async refundUnrecordedCapture(data: BnplPaymentData, recordedCaptured: bigint, read?: Payment): Promise<BnplPaymentData> {
    const orderId = data.orderId!
    const payment = read ?? (await this.deps.calls.readPayment(orderId))
    const captured = capturedAtService(payment)
    const refundedForCancel = (payment.refunds ?? []).filter((refund) => isCancelRefund(refund.requestId, orderId))
    const alreadyRefunded = refundedForCancel.reduce((sum, refund) => sum + apiAmountToMinorUnits(refund.amount?.amount ?? "0.00"), 0n)
    const unrecorded = captured - recordedCaptured - alreadyRefunded
    const settled = { ...data, paymentState: payment.paymentState ?? "CAPTURED" }
    if (unrecorded <= 0n) return settled

    const amount = minorUnitsToApiAmount(unrecorded)
    const currency = data.currency ?? payment.originalAmount?.currency ?? ""
    const requestId = requestIds.cancelRefund(orderId, minorUnitsToApiAmount(captured))
    this.deps.logger?.error?.(
      `medusa-payment-bnpl: service order ${orderId} was cancelled in Medusa but ${amount} ${currency} was captured at the service that Medusa did not record; refunding it (requestId ${requestId}).`
    )
    try {
      await this.deps.calls.refund({ serviceOrderId: orderId, requestId, amountMinor: unrecorded, currency })
      // The captures Medusa never recorded are settled by this refund: no later capture counts them.
      await this.deps.calls.absorb(appliedOf((await this.deps.calls.settle(orderId)).records, "capture").unrecorded, requestId)
    } catch (error) {
      throw new PaymentError(
        "service_unanswered",
        `Void: ${amount} ${currency} was captured at the service for order ${orderId} and its refund failed (${(error as Error).message}); it is tried again on the next attempt.`
      )
    }
    throw new PaymentError(
      "unrecorded_capture_refunded",
      `Void: the service had captured ${amount} ${currency} for order ${orderId} that Medusa did not record; it was refunded to the customer. Nothing is held now.`
    )
  }

  /** The data with what is captured and refunded as the records (or the service's answer) know it. */
  private withTotals(data: BnplPaymentData, records: MoneyOperationRecord[], payment?: Payment): BnplPaymentData {
    const totals = totalsOf(data, records)
    const captured = payment ? capturedAtService(payment) : totals.captured
    const authorised = apiAmountToMinorUnits(data.amount ?? "0.00")
    return {
      ...data,
      paymentState: payment?.paymentState ?? (captured >= authorised ? "CAPTURED" : captured > 0n ? "PARTIALLY_CAPTURED" : data.paymentState),
      capturedAmount: minorUnitsToApiAmount(captured),
      refundedAmount: minorUnitsToApiAmount(totals.refunded),
    }
  }

  /**
   * The order's records once its call went out: settled (or, after an unanswered call, as they
   * stand). When the database went away meanwhile, the records read before the call; when the
   * call was applied but settling the order's other records failed, the records as they stand.
   * Either way the call went out and Medusa must keep its record of it, so the answer to Medusa
   * is not turned into an error (Medusa would delete its capture or refund); the next money call
   * or the repair job settles the rest.
   */
  private async recordsAfterCall(orderId: string, before: MoneyOperationRecord[], unanswered: boolean): Promise<MoneyOperationRecord[]> {
    try {
      return unanswered ? await this.deps.calls.current(orderId) : (await this.deps.calls.settle(orderId)).records
    } catch (error) {
      // This call's outcome is recorded already. Settling the order's other records (Get
      // Payment, resending one a stopped process left) can fail for reasons of their own: the
      // service going away right after it answered, a resend refused. Failing this call for
      // that would make Medusa delete its capture or refund of money that moved (found looking
      // for how the soak's seed 271127 ended with 0.21 EUR refunded at the service and not in Medusa).
      const recordsAway = error instanceof PaymentError && error.reason === "records_unavailable"
      if (unanswered && !recordsAway) throw error
      this.deps.logger?.warn?.(
        recordsAway
          ? `medusa-payment-bnpl: the records of service order ${orderId} could not be read after its money call went out (${(error as Error).message}); they are settled on the next call.`
          : `medusa-payment-bnpl: the other money records of service order ${orderId} could not be settled after its money call was applied (${(error as Error)?.message ?? String(error)}); they are settled on the next call or by the repair job.`
      )
      return recordsAway ? before : this.deps.calls.current(orderId).catch(() => before)
    }
  }

  /** Reads the legacy journal's unanswered refunds of the order into the records, once. */
  private async carryLegacyRefunds(orderId: string, currency: string): Promise<void> {
    const legacy = (await this.deps.takeLegacyRefunds?.(orderId).catch(() => [])) ?? []
    for (const refund of legacy) {
      await this.deps.calls.recordUnknown({ serviceOrderId: orderId, requestId: refund.requestId, amountMinor: apiAmountToMinorUnits(refund.amount), currency }, "refund")
    }
  }

  /**
   * Whether `error` is a capture or refund that went unanswered (money-calls.ts
   * MoneyCallUnanswered): then Medusa is answered with success and keeps its record, and the
   * call is sent again with its requestId (the next money operation on the payment, or the
   * completion job within minutes) until the service has applied it. Answering with the error
   * instead would make Medusa delete a record of money the service may already have moved.
   */
  private keepsMedusaRecord(error: unknown, orderId: string): boolean {
    if (!(error instanceof MoneyCallUnanswered)) return false
    const { record, failure } = error
    this.deps.logger?.warn?.(
      `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${orderId} (${record.amount} ${record.currency}) got no usable answer (${failure.message}); Medusa keeps it and the plugin sends it again with the same requestId until the service has applied it.`
    )
    return true
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
