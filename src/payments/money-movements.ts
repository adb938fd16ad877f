import { assertNotRefusedMomentsAgo, type RepairSend } from "./repair-sends"
import { BnplAlreadyCapturedError, BnplApiError, type BnplClient } from "../client"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, minorUnitsToMoney } from "../client/money"
import type { Payment, Refund } from "../client/schemas"
import { PaymentError, authorizationExpiredError, describeServiceError, type PaymentLogger } from "./errors"
import { captureProblem, refundableMinor, refundProblem } from "./money-rules"
import { MoneyLedger, recordsUnavailable, type MoneyCall, type PaymentOwner, type SettledRecords } from "./money-ledger"
import { readServicePayment } from "./read-payment"
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
  withLock: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  refundNotes?: (refundId: string) => Promise<RefundNotes | undefined>
  identities: PaymentIdentities
  merchantId?: string
  logger?: PaymentLogger
}

/**
 * Capture, refund and void (minor units), each under the payment's lock from the settled money records. A call whose answer
 * was lost counts towards the next of its kind, so the service never holds more than Medusa records.
 */
export class MoneyMovements {
  readonly ledger: MoneyLedger
  readonly identity: PaymentIdentityCheck

  constructor(private readonly deps: MoneyMovementsDependencies) {
    this.identity = new PaymentIdentityCheck({
      identities: deps.identities,
      readPayment: (serviceOrderId) => readServicePayment(deps.client, serviceOrderId),
      merchantId: deps.merchantId,
      logger: deps.logger,
    })
    this.ledger = new MoneyLedger({
      client: deps.client,
      records: deps.records,
      identity: this.identity,
      logger: deps.logger,
    })
  }

  /** Captures Medusa's capture `id` (docs/service-api.md "Capture Payment"). @throws PaymentError, or the service's refusal. */
  async capture(data: BnplPaymentData, capture: { id: string; amountMinor: bigint }, repair?: RepairSend): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Capture")
    // The approval moved to the order's new payment: captured here too, Medusa would count it twice.
    if (data.carriedAt)
      throw new PaymentError(
        "not_allowed",
        "Capture refused: an order change moved this payment's approval to the order's new payment; capture that payment.",
      )
    if (isExpired(data.authorizationExpiresAt)) throw authorizationExpiredError(data.authorizationExpiresAt)
    if (captureProblem(capture.amountMinor))
      throw new PaymentError("invalid_request", "Capture refused: the amount must be more than 0.00.")
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
          `Capture refused: an earlier capture whose answer was lost captured ${minorUnitsToApiAmount(earlier)} ${data.currency} at the service; capture at least that amount in Medusa to record it.`,
        )
      }
      const rest = capture.amountMinor - earlier
      let payment: Payment | undefined
      let unanswered = false
      if (rest > 0n) {
        payment = await this.sendCapture({
          serviceOrderId: orderId,
          medusaRecordId: capture.id,
          requestId,
          amountMinor: rest,
          currency: data.currency!,
        }).catch((error: unknown) => {
          unanswered = keepsMedusaRecord(this.deps.logger, error, orderId)
          if (unanswered) return undefined
          throw this.captureError(orderId, error)
        })
      }
      await this.ledger.absorb(unrecorded, requestId)
      const after = await recordsAfterCall(this, this.deps.logger, orderId, records, unanswered)
      return unanswered ? withTotals(data, after) : withTotals(data, after, payment)
    })
  }

  /** The settled records, or the answer to give without a call (kept through an outage, or applied already). */
  private async recordsBeforeCall(
    orderId: string,
    data: BnplPaymentData,
    requestId: string,
    repair: RepairSend | undefined,
  ): Promise<{ records: MoneyOperationRecord[] } | { answer: BnplPaymentData }> {
    const settled = await settleBeforeCall(this, this.deps.logger, orderId, data, requestId)
    if ("kept" in settled) return { answer: settled.kept }
    const { records } = settled
    if (records.some((record) => record.requestId === requestId && record.state === "applied")) return { answer: withTotals(data, records) }
    assertNotRefusedMomentsAgo(records, requestId, repair)
    return { records }
  }

  /** Captures the whole approval right after Auth. Medusa records this capture itself, so the requestId is the order's. */
  async captureOnAuthorize(data: BnplPaymentData): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Capture")
    const requestId = requestIds.captureOnAuthorize(orderId)
    return this.deps.withLock(orderId, async () => {
      const payment = await this.sendCapture({
        serviceOrderId: orderId,
        requestId,
        amountMinor: apiAmountToMinorUnits(data.amount!),
        currency: data.currency!,
      }).catch((error: unknown) => {
        throw this.captureError(orderId, error)
      })
      return withTotals(data, (await this.settle(orderId)).records, payment)
    })
  }

  /** Refunds captured money, keyed by Medusa's refund id (docs/service-api.md "Create Refund"). @throws PaymentError, or the service's refusal. */
  async refund(data: BnplPaymentData, amountMinor: bigint, refundId: string | undefined, repair?: RepairSend): Promise<BnplPaymentData> {
    const orderId = this.orderIdOf(data, "Refund")
    const currency = data.currency!
    if (!refundId)
      throw new PaymentError("invalid_request", "medusa-payment-bnpl: refunding needs Medusa's idempotency key (the refund id).")
    const requestId = requestIds.refund(refundId)
    // Read while the lock is awaited: the notes never change.
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
          "Refund refused: only captured funds can be refunded with this payment service. Capture the payment first, or cancel the order to void the authorisation.",
        )
      }
      const refundable = refundableMinor(totals.captured, totals.refunded)
      if (refundProblem(amountMinor, totals.captured, totals.refunded)) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: ${minorUnitsToApiAmount(amountMinor)} ${currency} is more than the ${minorUnitsToApiAmount(refundable)} ${currency} captured and not yet refunded.`,
        )
      }
      const { unrecorded } = appliedOf(records, "refund")
      const earlier = sumOf(unrecorded)
      if (earlier > amountMinor) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: an earlier refund attempt whose answer was lost refunded ${minorUnitsToApiAmount(earlier)} ${currency} at the service; refund at least that amount in Medusa to record it.`,
        )
      }
      if (earlier > 0n) {
        this.deps.logger?.warn?.(
          `medusa-payment-bnpl: ${minorUnitsToApiAmount(earlier)} of service order ${orderId} was refunded by an earlier attempt whose answer was lost; it counts towards this refund.`,
        )
      }
      const rest = amountMinor - earlier
      let unanswered = false
      if (rest > 0n) {
        await this.sendRefund({ serviceOrderId: orderId, medusaRecordId: refundId, requestId, amountMinor: rest, currency }, notes).catch(
          (error: unknown) => {
            unanswered = keepsMedusaRecord(this.deps.logger, error, orderId)
            if (!unanswered) throw describeServiceError("Refund", error)
          },
        )
      }
      await this.ledger.absorb(unrecorded, requestId)
      const after = { records: await recordsAfterCall(this, this.deps.logger, orderId, records, unanswered) }
      const refundIds = after.records
        .filter((record) => record.kind === "refund" && record.serviceReference)
        .map((record) => record.serviceReference!)
      return { ...withTotals(data, after.records), refundIds: [...new Set([...(data.refundIds ?? []), ...refundIds])] }
    })
  }

  /** Voids what is open (docs/service-api.md "Void Payment"); a capture beyond Medusa's records is refunded once. @throws PaymentError. */
  async cancel(data: BnplPaymentData, idempotencyKey: string | undefined): Promise<BnplPaymentData> {
    if (!data.orderId || isVoidedOrExpired(asPaymentState(data.paymentState))) return { ...data }
    // Auth records the currency with the orderId: a payment without it was never authorised here.
    if (!data.currency)
      throw new PaymentError(
        "not_allowed",
        `Void refused: service order ${data.orderId} has no currency recorded; it was never authorised by this plugin.`,
      )
    const orderId = data.orderId
    const currency = data.currency
    const unrecordedCapture = {
      ledger: this.ledger,
      settle: (id: string) => this.settle(id),
      sendRefund: (call: MoneyCall) => this.sendRefund(call),
      logger: this.deps.logger,
    }
    return this.deps.withLock(orderId, async () => {
      const { records, payment: read } = await this.settle(orderId, data)
      const recordedCaptured = totalsOf(data, records).captured
      if (isCaptured(asPaymentState(data.paymentState)))
        return withReleased(await refundUnrecordedCapture(unrecordedCapture, data, recordedCaptured, read), 0n)
      const open = apiAmountToMinorUnits(data.amount ?? "0.00") - recordedCaptured
      try {
        const payment = await this.sendVoid({
          serviceOrderId: orderId,
          medusaRecordId: idempotencyKey,
          requestId: requestIds.void(idempotencyKey ?? `${orderId}-void`),
          amountMinor: open > 0n ? open : 0n,
          currency,
        })
        // Nothing more can be captured after the void, so what it released is final.
        const voided = withReleased(
          { ...data, paymentState: payment.paymentState, voidedAt: new Date().toISOString() },
          releasedBy(data, payment),
        )
        if (capturedAtService(payment) > recordedCaptured)
          return refundUnrecordedCapture(unrecordedCapture, voided, recordedCaptured, payment)
        return voided
      } catch (error) {
        if (error instanceof BnplApiError && (error.errorCode === "payment_voided" || error.errorCode === "payment_expired")) {
          // Voided before: a retry whose first answer was lost, or the service's expiry.
          const settled = { ...data, paymentState: error.errorCode === "payment_voided" ? "VOIDED" : "EXPIRED" }
          const now = await this.ledger.readPayment(orderId).catch(() => undefined)
          return now ? withReleased(settled, releasedBy(data, now)) : settled
        }
        if (error instanceof BnplAlreadyCapturedError)
          return withReleased(await refundUnrecordedCapture(unrecordedCapture, data, recordedCaptured), 0n)
        throw describeServiceError("Void", error)
      }
    })
  }

  /** The requestId doubles as `paymentEventMerchantReference`, so the service's record shows which call captured. */
  private async sendCapture(call: MoneyCall): Promise<Payment> {
    const record = await this.ledger.begin("capture", call)
    const payment = await this.ledger.send(record, () =>
      this.deps.client.capturePayment(call.serviceOrderId, {
        requestId: call.requestId,
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        paymentEventMerchantReference: call.requestId,
      }),
    )
    const event = (payment.events ?? []).find(
      (candidate) => candidate.type === "CAPTURED" && candidate.paymentEventMerchantReference === call.requestId,
    )
    await this.ledger.recordApplied(record, { state: "applied", serviceReference: event?.id })
    return payment
  }

  /** `requestId` and `merchantReference` make the service apply it once; a resend derives the same references. */
  private async sendRefund(call: MoneyCall, notes = this.notesOf(call.medusaRecordId)): Promise<Refund> {
    const references = refundReferences(call.requestId, await notes)
    const record = await this.ledger.begin("refund", call)
    const refund = await this.ledger.send(record, () =>
      this.deps.client.createRefund(call.serviceOrderId, {
        amount: minorUnitsToMoney(call.amountMinor, call.currency),
        requestId: call.requestId,
        ...references,
      }),
    )
    await this.ledger.recordApplied(record, { state: "applied", serviceReference: refund.refundId })
    return refund
  }

  /** Of all that is open, or exactly `amountMinor` for a narrowing void. @throws BnplApiError, or PaymentError `records_unavailable`. */
  async sendVoid(call: MoneyCall): Promise<Payment> {
    const record = await this.ledger.begin("void", call)
    const amount = isNarrowingVoid(call.requestId) ? { amount: minorUnitsToMoney(call.amountMinor, call.currency) } : {}
    const payment = await this.ledger.send(record, () =>
      this.deps.client.voidPayment(call.serviceOrderId, { requestId: call.requestId, ...amount }),
    )
    await this.ledger.recordApplied(record, { state: "applied" })
    return payment
  }

  /**
   * The order's records settled by the ledger, and the captures and refunds a dead process left `sending` (the ledger's `due`)
   * sent again as first sent, so Medusa's records of them hold at the service. Callers hold the payment's lock.
   * @throws PaymentError, or the service's error.
   */
  async settle(serviceOrderId: string, owner?: PaymentOwner, options?: { read?: boolean }): Promise<SettledRecords> {
    const settled = await this.ledger.settle(serviceOrderId, owner, options)
    if (!settled.due.length) return settled
    let payment = settled.payment
    for (const record of settled.due) {
      this.deps.logger?.warn?.(
        `medusa-payment-bnpl: ${record.kind} ${record.requestId} of service order ${serviceOrderId} was cut off before the service applied it (a process stopped); sending it again.`,
      )
      payment = await this.resend(record)
    }
    return { records: await this.ledger.current(serviceOrderId), payment }
  }

  /** The order's records as they stand. */
  current(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    return this.ledger.current(serviceOrderId)
  }

  /** Sends again, as first sent, a capture or refund a dead process left `sending`. */
  private async resend(record: MoneyOperationRecord): Promise<Payment> {
    try {
      if (record.kind === "capture") return await this.sendCapture(callOf(record))
      await this.sendRefund(callOf(record))
      return await this.ledger.readPayment(record.serviceOrderId)
    } catch (error) {
      await this.ledger.resendUnanswered(record, error)
      throw error
    }
  }

  private async notesOf(refundId: string | undefined): Promise<RefundNotes | undefined> {
    if (!refundId || !this.deps.refundNotes) return undefined
    try {
      return await this.deps.refundNotes(refundId)
    } catch (error) {
      throw recordsUnavailable(
        new Error(`Medusa's refund ${refundId} could not be read for its reason and note: ${(error as Error)?.message ?? String(error)}`),
      )
    }
  }

  private captureError(orderId: string, error: unknown): PaymentError {
    if (error instanceof BnplAlreadyCapturedError) {
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

/** What a void of the rest gave back, minor units: the approval less what the service captured; never negative. */
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
