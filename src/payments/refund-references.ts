/**
 * The references of a Create Refund (docs/service-api.md "Create Refund"), built in one place so every send and the order page
 * agree: `merchantReference` is the refund id; `refundMerchantReference` the settlement file's words plus a short id.
 */

/** docs/service-api.md "Create Refund": `merchantReference` max 85. */
export const REFUND_MERCHANT_REFERENCE_MAX_LENGTH = 85
/** docs/service-api.md "Create Refund": `refundMerchantReference` max 128. */
export const REFUND_EVENT_REFERENCE_MAX_LENGTH = 128
/** Characters of the refund id that end the event reference (the random end of Medusa's ULID). */
const SHORT_ID_LENGTH = 12

/** What Medusa recorded with a refund: its reason's label and its note. */
export interface RefundNotes {
  reason?: string | null
  note?: string | null
  orderDisplayId?: number | null
  refundNumber?: number | null
}

export interface RefundReferences {
  merchantReference: string
  refundMerchantReference: string
}

/** The references of refund `requestId`; whitespace folded, words cut with `...`. The same inputs give the same references. */
export function refundReferences(requestId: string, notes: RefundNotes = {}): RefundReferences {
  const merchantReference = requestId.slice(0, REFUND_MERCHANT_REFERENCE_MAX_LENGTH)
  const words = [notes.reason, notes.note].map(fold).filter(Boolean).join(": ") || orderWords(notes)
  if (!words) return { merchantReference, refundMerchantReference: requestId.slice(0, REFUND_EVENT_REFERENCE_MAX_LENGTH) }
  const suffix = ` [${requestId.slice(-SHORT_ID_LENGTH)}]`
  return { merchantReference, refundMerchantReference: `${cut(words, REFUND_EVENT_REFERENCE_MAX_LENGTH - suffix.length)}${suffix}` }
}

function orderWords({ orderDisplayId, refundNumber }: RefundNotes): string {
  if (!orderDisplayId) return ""
  return refundNumber ? `Order #${orderDisplayId} refund ${refundNumber}` : `Order #${orderDisplayId} refund`
}

function fold(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim()
}

/** `text` within `max` UTF-16 units, never splitting a character in two. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  let kept = ""
  for (const character of text) {
    if (kept.length + character.length > max - 3) break
    kept += character
  }
  return `${kept.trimEnd()}...`
}
