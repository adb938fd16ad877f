import type { CompletionFailure } from "../completion-failure"

/** Why an express route refused (docs/storefront.md "Express checkout: the server routes"). */
export type ExpressFailureReason =
  | "cart_not_found"
  | "cart_completed"
  | "origin_not_allowed"
  | "outside_limits"
  | "not_offered"
  | "excluded_items"
  | "service_unavailable"
  | "processing"
  | CompletionFailure

const ANSWER: Record<string, { status: number; type: string }> = {
  cart_not_found: { status: 404, type: "not_found" },
  origin_not_allowed: { status: 403, type: "forbidden" },
  outside_limits: { status: 422, type: "not_allowed" },
  not_offered: { status: 422, type: "not_allowed" },
  excluded_items: { status: 422, type: "not_allowed" },
  service_unavailable: { status: 503, type: "unexpected_state" },
  payment_failed: { status: 502, type: "unexpected_state" },
  unavailable: { status: 503, type: "unexpected_state" },
  processing: { status: 202, type: "processing" },
}

/** An express route's refusal: the reason, words for the shopper, and how it is answered. */
export class ExpressFailure extends Error {
  readonly status: number
  readonly type: string
  constructor(
    readonly reason: ExpressFailureReason,
    message: string,
  ) {
    super(message)
    this.name = "ExpressFailure"
    const answer = ANSWER[reason] ?? { status: 409, type: "not_allowed" }
    this.status = answer.status
    this.type = answer.type
  }

  /** The body the route answers: `{ type, reason, message }`. */
  toBody(): { type: string; reason: ExpressFailureReason; message: string } {
    return { type: this.type, reason: this.reason, message: this.message }
  }
}
