import { Router } from "express"
import { minorUnitsToMoney, minorUnitsToApiAmount } from "../../client/money"
import { captureRequestSchema, voidRequestSchema } from "../../client/schemas"
import { isoTimestamp } from "../clock"
import { endpoint } from "../endpoint"
import { paymentBody, stateAfterOpenAmountChanged } from "../payment-lifecycle"
import { validateBody } from "../request-body"
import { errorResult, jsonResult } from "../result"
import type { SandboxStore } from "../state"
import { amountForPayment, refusalForClosedPayment } from "./payment-checks"

/**
 * Deferred capture, `POST /v2/payments/{orderId}/capture`, and void,
 * `POST /v2/payments/{orderId}/void` (api-beyond-the-document.md "Deferred capture, void").
 * Both are idempotent on `requestId` and answer 201 with the Payment and a new event.
 */
export function captureAndVoidRoutes(store: SandboxStore): Router {
  const router = Router()

  router.post(
    "/v2/payments/:orderId/capture",
    endpoint(store, {
      name: "capture",
      successStatus: 201,
      access: "merchant",
      jsonBody: true,
      handle: ({ req, account, body, idempotent }) => {
        const request = validateBody(captureRequestSchema, body)
        return idempotent(request.requestId, () => {
          const payment = store.paymentOf(account.merchantId, req.params.orderId)
          if (!payment) return errorResult(404, "not_found", `No payment ${req.params.orderId}`)
          const refusal = refusalForClosedPayment(payment)
          if (refusal) return refusal
          const amount = amountForPayment(payment, request.amount)
          if (amount > payment.openToCaptureMinor) {
            return errorResult(
              422,
              "invalid_amount",
              `amount ${request.amount.amount} exceeds the amount open to capture, ${minorUnitsToApiAmount(payment.openToCaptureMinor)}`
            )
          }
          const nowMs = store.clock.nowMs()
          payment.openToCaptureMinor -= amount
          payment.capturedMinor += amount
          payment.paymentState = stateAfterOpenAmountChanged(payment)
          if (request.merchantReference !== undefined) payment.merchantReference = request.merchantReference
          payment.events.push({
            id: store.newEventId(),
            createdAtMs: nowMs,
            type: "CAPTURED",
            amountMinor: amount,
            ...(request.paymentEventMerchantReference === undefined
              ? {}
              : { paymentEventMerchantReference: request.paymentEventMerchantReference }),
          })
          store.ledger.captures.push({
            merchantId: account.merchantId,
            orderId: payment.id,
            requestId: request.requestId,
            amount: minorUnitsToMoney(amount, payment.currency),
            ...(request.paymentEventMerchantReference === undefined
              ? {}
              : { paymentEventMerchantReference: request.paymentEventMerchantReference }),
            at: isoTimestamp(nowMs),
          })
          return jsonResult(201, paymentBody(payment))
        })
      },
    })
  )

  router.post(
    "/v2/payments/:orderId/void",
    endpoint(store, {
      name: "void",
      successStatus: 201,
      access: "merchant",
      jsonBody: true,
      handle: ({ req, account, body, idempotent }) => {
        const request = validateBody(voidRequestSchema, body)
        return idempotent(request.requestId, () => {
          const payment = store.paymentOf(account.merchantId, req.params.orderId)
          if (!payment) return errorResult(404, "not_found", `No payment ${req.params.orderId}`)
          const refusal = refusalForClosedPayment(payment)
          if (refusal) return refusal
          const amount = request.amount ? amountForPayment(payment, request.amount) : payment.openToCaptureMinor
          if (amount > payment.openToCaptureMinor) {
            return errorResult(
              422,
              "invalid_amount",
              `amount ${request.amount?.amount} exceeds the amount open to capture, ${minorUnitsToApiAmount(payment.openToCaptureMinor)}`
            )
          }
          const nowMs = store.clock.nowMs()
          payment.openToCaptureMinor -= amount
          payment.voidedMinor += amount
          payment.paymentState = stateAfterOpenAmountChanged(payment)
          payment.events.push({ id: store.newEventId(), createdAtMs: nowMs, type: "VOIDED", amountMinor: amount })
          store.ledger.voids.push({
            merchantId: account.merchantId,
            orderId: payment.id,
            requestId: request.requestId,
            amount: minorUnitsToMoney(amount, payment.currency),
            at: isoTimestamp(nowMs),
          })
          return jsonResult(201, paymentBody(payment))
        })
      },
    })
  )

  return router
}
