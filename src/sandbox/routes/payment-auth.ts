import { Router } from "express"
import { apiAmountToMinorUnits } from "../../client/money"
import { authRequestSchema } from "../../client/schemas"
import { isoTimestamp } from "../clock"
import { endpoint } from "../endpoint"
import { paymentBody, type StoredPayment } from "../payment-lifecycle"
import { validateBody } from "../request-body"
import { errorResult, jsonResult } from "../result"
import { AUTHORISATION_LIFETIME_MS } from "../rules"
import type { SandboxStore } from "../state"

/**
 * Auth, `POST /v2/payments/auth` (merchant-api-v2.md "Auth" and "States and transitions"):
 * turns a confirmed checkout into a payment. 201 APPROVED with an AUTH_APPROVED event that
 * expires 13 days later; 402 DECLINED when the consumer took the "will be declined" path;
 * 402 `invalid_token` for an unknown, expired or already used token; 412
 * `invalid_order_transaction_status` before the consumer confirmed; 422 `invalid_object`
 * for a missing token. Idempotent on `requestId`.
 */
export function paymentAuthRoutes(store: SandboxStore): Router {
  const router = Router()
  router.post(
    "/v2/payments/auth",
    endpoint(store, {
      name: "auth",
      successStatus: 201,
      access: "merchant",
      jsonBody: true,
      handle: ({ account, body, idempotent }) => {
        const request = validateBody(authRequestSchema, body)
        return idempotent(request.requestId, () => {
          const checkout = store.checkoutOf(account.merchantId, request.token)
          if (!checkout || store.isCheckoutExpired(checkout) || checkout.completedAtMs !== undefined) {
            return errorResult(402, "invalid_token", "The checkout token is invalid, expired, already used or unknown")
          }
          if (checkout.consumerChoice !== "approve" && checkout.consumerChoice !== "decline") {
            return errorResult(
              412,
              "invalid_order_transaction_status",
              "The consumer has not confirmed the payment for this token"
            )
          }
          const nowMs = store.clock.nowMs()
          const approved = checkout.consumerChoice === "approve"
          const amountMinor = apiAmountToMinorUnits(checkout.request.amount.amount)
          const payment: StoredPayment = {
            id: store.newPaymentId(),
            merchantId: account.merchantId,
            token: checkout.token,
            status: approved ? "APPROVED" : "DECLINED",
            paymentState: approved ? "AUTH_APPROVED" : "AUTH_DECLINED",
            createdAtMs: nowMs,
            currency: checkout.request.amount.currency,
            originalMinor: amountMinor,
            openToCaptureMinor: approved ? amountMinor : 0n,
            capturedMinor: 0n,
            refundedMinor: 0n,
            voidedMinor: 0n,
            // merchant-api-v2.md "Auth": a merchantReference given here replaces the checkout's.
            merchantReference: request.merchantReference ?? checkout.request.merchantReference,
            orderDetails: structuredClone(checkout.request),
            events: approved
              ? [
                  {
                    id: store.newEventId(),
                    createdAtMs: nowMs,
                    expiresAtMs: nowMs + AUTHORISATION_LIFETIME_MS,
                    type: "AUTH_APPROVED",
                    amountMinor,
                  },
                ]
              : [],
            refunds: [],
            authorisationExpiresAtMs: nowMs + AUTHORISATION_LIFETIME_MS,
          }
          if (payment.merchantReference === undefined) delete payment.merchantReference
          store.payments.set(payment.id, payment)
          checkout.completedAtMs = nowMs
          store.ledger.auths.push({
            merchantId: account.merchantId,
            token: checkout.token,
            ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
            paymentId: payment.id,
            status: payment.status,
            amount: checkout.request.amount,
            at: isoTimestamp(nowMs),
          })
          return jsonResult(approved ? 201 : 402, paymentBody(payment))
        })
      },
    })
  )
  return router
}
