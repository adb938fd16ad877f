/** Where Medusa's order page reads otherwise than the Pay later box (docs/admin.md "When Medusa's page reads otherwise"). */
export interface NotesInput {
  currency: string
  amounts: { authorised: string; captured: string; refunded: string; released: string; refundable: string }
  /** Its rest voided, and its approval not moved to another payment. */
  canceled: boolean
  /** `captured_at` set: captured in full. */
  capturedInFull: boolean
}

const some = (amount: string) => /[1-9]/.test(amount)

/** The notes, most important first; none for a payment Medusa shows as the box does. */
export function medusaNotes({ currency, amounts, canceled, capturedInFull }: NotesInput): string[] {
  const money = (amount: string) => `${amount} ${currency}`
  const notes: string[] = []
  const partly = some(amounts.captured) && !capturedInFull
  if (canceled && some(amounts.captured)) {
    notes.push(
      `Medusa's payment row reads "Canceled": the ${money(amounts.released)} not captured was voided and given back to the customer; the ${money(amounts.captured)} captured stays captured.`,
    )
    if (some(amounts.refundable))
      notes.push(`Medusa's Refund is off for a canceled payment: refund the ${money(amounts.refundable)} still refundable here.`)
  } else if (partly) {
    notes.push(
      `Medusa's payment row reads "Pending" until the whole ${money(amounts.authorised)} is captured. Its "Capture payment" button captures what is still open, not the whole amount its prompt names.`,
    )
    notes.push(`Medusa's Refund waits for a capture in full: refund the ${money(amounts.refundable)} captured and not refunded here.`)
    if (some(amounts.refunded)) {
      notes.push(
        `Medusa's order badge reads "Refunded" while only ${money(amounts.refunded)} of the ${money(amounts.captured)} captured is refunded: it marks a partly captured payment with any refund as refunded, whatever the amounts.`,
      )
    }
  }
  return notes
}
