/**
 * `medusa-payment-bnpl-storefront/react` (also `medusa-payment-bnpl/react`): React 19 components of the storefront kit, for client
 * components (the bundle starts with "use client"). They take Server Actions built with
 * `medusa-payment-bnpl-storefront`, so no secret and no store call leaves the server unless
 * the storefront wants it to. React is the package's only peer dependency, optional.
 */
export { PayLaterButton, type PayLaterButtonProps } from "./pay-later-button"
export { PayLaterExpressButton, type PayLaterExpressButtonProps } from "./pay-later-express-button"
export { PayLaterMessage, type PayLaterMessageProps } from "./pay-later-message"
export { PayLaterProcessing, type PayLaterProcessingProps } from "./pay-later-processing"
export { PayLaterReturnNotice, type PayLaterReturnNoticeProps } from "./pay-later-return-notice"
export { useCleanReturnUrl } from "./use-clean-return-url"
// What a client component around these needs, so it imports from one entry point.
export { readPayLaterReturn, type PayLaterReturn } from "../storefront/return-params"
export type { CompleteCartResult, StartCheckoutResult } from "../storefront/checkout"
export type { ExpressOutcome } from "../storefront/express-popup"
export type { StoreClientConfig } from "../storefront/store-client"
