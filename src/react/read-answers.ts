import type { CompleteCartResult, StartCheckoutResult } from "../storefront/checkout"
import type { PayLaterCartStatus } from "../storefront/order-status"
import { isPayLaterReason, messageFor, type PayLaterMessages, type ReturnErrorReason, type StartErrorReason } from "../storefront/reasons"
import type { LocaleChoice } from "../storefront/texts"
import { warnOnce } from "./warn-once"

// Server Actions are the merchant's code, so their answers are read field by field: a bad
// one warns once and never throws in a render or navigates to a non-http(s) URL.

/** The longest message a component shows from an answer; longer ones are cut. */
export const MAX_MESSAGE_LENGTH = 500
const ORDER_ID = /^[\w-]{1,100}$/
// An unknown reason is kept if it looks like one.
const REASON = /^[a-z_]{1,40}$/

/** A reason fit to show: `value` if it looks like one, else `payment_failed` (warned once). */
export function readReason(value: unknown, component: string): string {
  if (typeof value === "string" && REASON.test(value)) return value
  warnOnce(component, "unknown reason", typeof value === "string" ? JSON.stringify(value) : typeof value)
  return "payment_failed"
}

/** Reads a start action's answer: a redirect only to an http(s) URL, else an error. */
export function readStartResult(
  value: unknown,
  component: string,
  fallbackMessage: string,
  messages?: PayLaterMessages,
  locale?: LocaleChoice,
): StartCheckoutResult {
  const answer = asRecord(value)
  if (answer && "redirectUrl" in answer) {
    if (isWebUrl(answer.redirectUrl)) return { redirectUrl: answer.redirectUrl }
    warnOnce(component, "redirectUrl is not an http(s) URL", describe(answer.redirectUrl))
    return { error: { reason: "unknown", message: fallbackMessage } }
  }
  const error = asRecord(answer?.error)
  if (!error) {
    warnOnce(component, "the start action answered neither redirectUrl nor error", describe(value))
    return { error: { reason: "unknown", message: fallbackMessage } }
  }
  const reason = (isPayLaterReason(error.reason) ? error.reason : "unknown") as StartErrorReason
  return {
    error: {
      reason,
      message: messageOf(error.message, component, reason === "unknown" ? fallbackMessage : messageFor(reason, messages, {}, locale)),
    },
  }
}

/** Reads a retry action's answer: an order id, else an error (`payment_failed` if bad). */
export function readCompleteResult(
  value: unknown,
  component: string,
  messages?: PayLaterMessages,
  locale?: LocaleChoice,
): CompleteCartResult {
  const answer = asRecord(value)
  if (answer && typeof answer.orderId === "string" && ORDER_ID.test(answer.orderId)) return { orderId: answer.orderId }
  const error = asRecord(answer?.error)
  if (!error) {
    warnOnce(component, "the retry action answered neither orderId nor error", describe(value))
    return { error: { reason: "payment_failed", message: messageFor("payment_failed", messages, {}, locale) } }
  }
  const reason = readReason(error.reason, component) as ReturnErrorReason
  return { error: { reason, message: messageOf(error.message, component, messageFor(reason, messages, {}, locale)) } }
}

/** Reads a cart status: `completed` only with an order id; anything bad reads as `processing`. */
export function readCartStatus(value: unknown, component: string): PayLaterCartStatus {
  const answer = asRecord(value)
  if (answer?.status === "completed") {
    if (typeof answer.order_id === "string" && ORDER_ID.test(answer.order_id)) return { status: "completed", order_id: answer.order_id }
    warnOnce(component, "a completed status without a usable order_id", describe(answer.order_id))
    return { status: "processing" }
  }
  if (answer?.status === "failed") return { status: "failed", reason: readReason(answer.reason ?? "payment_failed", component) }
  if (answer?.status !== "processing") warnOnce(component, "a status that is not processing, completed or failed", describe(value))
  return { status: "processing" }
}

function messageOf(value: unknown, component: string, fallback: string): string {
  if (typeof value !== "string" || !value.trim()) return fallback
  if (value.length <= MAX_MESSAGE_LENGTH) return value
  warnOnce(component, `a message longer than ${MAX_MESSAGE_LENGTH} characters`, `${value.length} characters`)
  return `${value.slice(0, MAX_MESSAGE_LENGTH)}…`
}

function isWebUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 8192) return false
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.slice(0, 120))
  if (value === null || typeof value !== "object") return typeof value
  return Array.isArray(value) ? "an array" : `an object with ${Object.keys(value).slice(0, 5).join(", ") || "no fields"}`
}
