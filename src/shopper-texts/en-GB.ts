import { SHOPPER_WORDING } from "../vocabulary"

const { unavailable: _serverOnly, ...REASONS } = SHOPPER_WORDING

/**
 * The British English texts, every language's fallback; their keys are every catalogue's.
 * `{minimum}`, `{maximum}`, `{count}` and `{instalment}` are amounts in the shopper's locale.
 */
export const EN_GB = {
  ...REASONS,
  /** `<PayLaterMessage>` inside the limits. */
  available: "Pay later on orders from {minimum} to {maximum}.",
  /** `<PayLaterMessage>`'s instalment line, when the merchant set `instalments`. */
  instalmentText: "Or {count} interest-free payments of {instalment}.",
  /** `<PayLaterButton>`'s label. */
  payLaterButton: "Continue to pay later",
  /** `<PayLaterExpressButton>`'s label. */
  expressButton: "Express checkout with pay later",
  /** `<PayLaterReturnNotice>`'s button. */
  tryAgain: "Try again",
  /** `paymentStatusLabel`: what an order page says of the order's payment. */
  statusPaid: "Paid",
  statusPartlyPaid: "Partly paid",
  statusApproved: "Approved: you pay later, as agreed with the pay later service",
  statusRefunded: "Refunded",
  statusPartlyRefunded: "Partly refunded",
  statusCancelled: "Cancelled",
  statusAwaiting: "Awaiting payment",
} as const

/** Every shopper text's key: the reasons and the kit's texts. */
export type ShopperTextKey = keyof typeof EN_GB

/** One language's texts: every key, so a catalogue missing one fails `tsc`. */
export type ShopperCatalogue = Readonly<Record<ShopperTextKey, string>>
