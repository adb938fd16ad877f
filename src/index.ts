/**
 * medusa-payment-bnpl: what a store's own code may import from the package root.
 * Medusa itself loads the plugin's routes, subscribers and jobs from `.medusa/server/src`
 * and the provider from `medusa-payment-bnpl/providers/bnpl`; the API client is
 * `medusa-payment-bnpl/client` and the local sandbox `medusa-payment-bnpl/sandbox`.
 */
export { parseOptions, BnplOptionsError, optionsSchema } from "./options"
export type { BnplOptions, BnplOptionsInput } from "./options"
export { PaymentError, SHOPPER_REASONS, SHOPPER_MESSAGES, isShopperReason } from "./payments/errors"
export type { PaymentErrorReason, ShopperReason, AdminReason } from "./payments/errors"
export { PAYMENT_STATES, toSessionStatus } from "./payments/payment-state"
export type { PaymentState, SessionStatus } from "./payments/payment-state"
export type { BnplPaymentData } from "./payments/session-data"
