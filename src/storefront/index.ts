/**
 * `medusa-payment-bnpl-storefront`: the kit's framework-free part, with no dependencies and no
 * server secret. React: `medusa-payment-bnpl-storefront/react`. docs/storefront.md "The storefront kit".
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
