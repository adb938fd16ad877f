/**
 * `medusa-payment-bnpl-storefront` (also `medusa-payment-bnpl/storefront`): the storefront kit's framework-free part. It talks to the
 * store API with `fetch` and the publishable key only (no server secret) and depends on
 * nothing. React components are in `medusa-payment-bnpl-storefront/react`. Guide: docs/storefront.md.
 */
export * from "./amounts"
export * from "./checkout"
export * from "./eligibility"
export * from "./express"
export * from "./express-library"
export * from "./express-popup"
export * from "./message-text"
export * from "./order-page"
export * from "./order-status"
export * from "./payment-link"
export * from "./reasons"
export * from "./return-params"
export * from "./store-client"
export * from "./store-from-env"
export * from "./texts"
