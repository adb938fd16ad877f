/** What a store's own code may import from the package root; the provider, client and sandbox have their own entry points. */
export { parseOptions, BnplOptionsError, optionsSchema } from "./options"
export type { BnplOptions, BnplOptionsInput } from "./options"
export { PaymentError, SHOPPER_REASONS, SHOPPER_MESSAGES, isShopperReason } from "./payments/errors"
export type { PaymentErrorReason, ShopperReason, AdminReason } from "./payments/errors"
export { PAYMENT_STATES, toSessionStatus } from "./payments/payment-state"
export type { PaymentState, SessionStatus } from "./payments/payment-state"
export type { BnplPaymentData } from "./payments/session-data"
