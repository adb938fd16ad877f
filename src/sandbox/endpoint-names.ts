/**
 * The names the sandbox gives the service's endpoints, used to aim faults at one of them and
 * to count requests in the ledger. Each is an endpoint of merchant-api-v2.md "Endpoints" or
 * api-beyond-the-document.md (createCheckout, capture, void, getPayment, ping,
 * immediateCapture, reversal, updatePayment).
 */
export const SANDBOX_ENDPOINTS = [
  "createCheckout",
  "getCheckout",
  "auth",
  "listPayments",
  "getPayment",
  "capture",
  "void",
  "refund",
  "courier",
  "configuration",
  "token",
  "ping",
  "immediateCapture",
  "reversal",
  "updatePayment",
] as const

export type SandboxEndpoint = (typeof SANDBOX_ENDPOINTS)[number]
