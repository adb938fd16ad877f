/**
 * The two references a Create Refund carries (docs/service-api.md "Create Refund"), built in
 * one place so the first send, every resend and the order page agree:
 * - `merchantReference`: the Medusa refund's id (the refund's requestId), at most 85
 *   characters; sent with the requestId, which makes the refund idempotent at the service;
 * - `refundMerchantReference`: the payment event id of the daily settlement file, at most 128
 *   characters and unique per refund event: the refund's reason and note as the merchant wrote
 *   them in Medusa, then a short form of the refund id (`[...xxxxxxxxxxxx]`), which keeps it
 *   unique whatever the words. Without a reason or a note it names the order and the refund's
 *   number on it ("Order #1042 refund 2 [...]"), so the settlement file reads as the order page;
 *   with neither known, the refund id itself.
 */

/** docs/service-api.md "Create Refund": `merchantReference` max 85. */
export const REFUND_MERCHANT_REFERENCE_MAX_LENGTH = 85
/** docs/service-api.md "Create Refund": `refundMerchantReference` max 128. */
export const REFUND_EVENT_REFERENCE_MAX_LENGTH = 128
/** Characters of the refund id that end the event reference (the random end of Medusa's ULID). */
const SHORT_ID_LENGTH = 12

/** What Medusa recorded with a refund: its reason's label and its note (runtime/records/medusa-refunds.ts). */
export interface RefundNotes {
  reason?: string | null
  note?: string | null
  /** The order's number as Medusa shows it (#1042), for a refund with neither reason nor note. */
  orderDisplayId?: number | null
  /** Which of the payment's refunds this is, from 1 in the order they were made. */
  refundNumber?: number | null
}

/** Both references of one refund. */
export interface RefundReferences {
  merchantReference: string
  refundMerchantReference: string
}

/**
 * The references of the refund whose requestId is `requestId` (request-ids.ts: the Medusa
 * refund id, or the plugin's own for a refund on cancel) with what Medusa recorded of it.
 * Whitespace (new lines included) is folded to single spaces; words too long for the room left
 * are cut, ending in `...`. The same inputs always give the same references.
 */
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
