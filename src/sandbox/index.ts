/** A local sandbox of the Merchant API v2; start one with `startSandbox()` or `medusa-payment-bnpl sandbox`. */
export { startSandbox, createSandboxApp } from "./server"
export type { Sandbox, SandboxOptions } from "./server"
export { DEFAULT_SANDBOX_ACCOUNTS } from "./accounts"
export type { SandboxAccount } from "./accounts"
export { SandboxControlError } from "./control"
export type { SandboxControl } from "./control"
export { EXPRESS_ADDRESS_PRESETS } from "./express/addresses"
export type { ExpressAddressPreset, PopupAddress } from "./express/addresses"
export type { ExpressControl, ExpressControlResult } from "./express/control"
export type { ExpressConfirmation, ExpressShippingOption } from "./express/schemas"
export { FAULT_KINDS } from "./faults"
export type { SandboxSavedState } from "./saved-state"
export { DEFAULT_PAYMENT_SCHEDULE } from "./payment-schedule"
export type { PaymentScheduleRule } from "./payment-schedule"
export type { SandboxFault, SandboxFaultKind } from "./faults"
/** The sandbox's endpoint names (faults, request counts). */
export { ENDPOINT_SHORT_NAMES as SANDBOX_ENDPOINTS } from "../client/endpoints"
export type { EndpointShortName as SandboxEndpoint } from "../client/endpoints"
export type {
  SandboxLedger,
  LedgerIgnoredField,
  LedgerPaymentUpdate,
  LedgerReversal,
} from "./ledger"
export { ORDER_DETAIL_FIELDS } from "./payment-lifecycle"
export type { OrderDetails, PaymentBody, PaymentState } from "./payment-lifecycle"
