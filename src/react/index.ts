/**
 * `medusa-payment-bnpl-storefront/react`: the kit's client components. They take Server Actions
 * built with `medusa-payment-bnpl-storefront`, so no secret leaves the server.
 */
export { PayLaterButton, type PayLaterButtonProps } from "./pay-later-button"
export { PayLaterExpressButton, type PayLaterExpressButtonProps } from "./pay-later-express-button"
export { PayLaterMessage, type PayLaterMessageProps } from "./pay-later-message"
export { PayLaterProcessing, type PayLaterProcessingProps } from "./pay-later-processing"
export { PayLaterReturnNotice, type PayLaterReturnNoticeProps } from "./pay-later-return-notice"
export { useCleanReturnUrl } from "./use-clean-return-url"
export { readPayLaterReturn, type PayLaterReturn } from "../storefront/return-params"
export type { CompleteCartResult, StartCheckoutResult } from "../storefront/checkout"
export type { ExpressOutcome } from "../storefront/express-popup"
export type { StoreClientConfig } from "../storefront/store-client"
