import type { Money } from "../client/money"
import type { Courier } from "../client/schemas"
import { ENDPOINT_SHORT_NAMES as SANDBOX_ENDPOINTS, type EndpointShortName as SandboxEndpoint } from "../client/endpoints"
import type { PaymentBody } from "./payment-lifecycle"

/** A checkout as created. */
export interface LedgerCheckout {
  merchantId: string
  token: string
  amount: Money
  merchantReference?: string
  mode?: "express" | "standard"
  created: string
  expires: string
}

/** One applied Auth; replays of a remembered requestId are not listed again. */
export interface LedgerAuth {
  merchantId: string
  token: string
  requestId?: string
  paymentId: string
  status: "APPROVED" | "DECLINED"
  amount: Money
  /** Made by Immediate Payment Capture rather than Auth. */
  immediateCapture?: true
  at: string
}

export interface LedgerCapture {
  merchantId: string
  orderId: string
  requestId?: string
  amount: Money
  paymentEventMerchantReference?: string
  immediateCapture?: true
  at: string
}

export interface LedgerRefund {
  merchantId: string
  orderId: string
  refundId: string
  requestId?: string
  merchantReference?: string
  refundMerchantReference?: string
  amount: Money
  /** Made by a Reverse Payment By Token. */
  reversal?: true
  at: string
}

export interface LedgerVoid {
  merchantId: string
  orderId: string
  requestId?: string
  amount: Money
  /** Made by a Reverse Payment By Token. */
  reversal?: true
  at: string
}

/** A Reverse Payment By Token and, once applied, what it voided and refunded; neither when no order was made. */
export interface LedgerReversal {
  merchantId: string
  token: string
  requestedAt: string
  appliedAt?: string
  orderId?: string
  voided?: Money
  refunded?: Money
}

/** Update Payment: the merchantReference a payment was given. */
export interface LedgerPaymentUpdate {
  merchantId: string
  orderId: string
  merchantReference: string
  at: string
}

/** A request field the sandbox ignored (and would refuse with `strictRequests`). */
export interface LedgerIgnoredField {
  merchantId: string
  endpoint: SandboxEndpoint
  field: string
  at: string
}

export interface LedgerCourierUpdate {
  merchantId: string
  orderId: string
  courier: Courier
  at: string
}

/** Everything the sandbox did, for tests to assert on; `requests` counts refused and faulted ones too. */
export interface SandboxLedger {
  checkouts: LedgerCheckout[]
  payments: Array<PaymentBody & { merchantId: string }>
  auths: LedgerAuth[]
  captures: LedgerCapture[]
  refunds: LedgerRefund[]
  voids: LedgerVoid[]
  courierUpdates: LedgerCourierUpdate[]
  reversals: LedgerReversal[]
  paymentUpdates: LedgerPaymentUpdate[]
  ignoredFields: LedgerIgnoredField[]
  tokenRequests: number
  tokenRequestsByMerchant: Record<string, number>
  requests: Record<SandboxEndpoint, number>
}

/** The append-only records behind `SandboxLedger`; payments are read live from the store. */
export class LedgerRecorder {
  checkouts: LedgerCheckout[] = []
  auths: LedgerAuth[] = []
  captures: LedgerCapture[] = []
  refunds: LedgerRefund[] = []
  voids: LedgerVoid[] = []
  courierUpdates: LedgerCourierUpdate[] = []
  reversals: LedgerReversal[] = []
  paymentUpdates: LedgerPaymentUpdate[] = []
  ignoredFields: LedgerIgnoredField[] = []
  tokenRequests = 0
  tokenRequestsByMerchant: Record<string, number> = {}
  requests = emptyRequestCounts()

  countRequest(endpoint: SandboxEndpoint): void {
    this.requests[endpoint] += 1
  }

  snapshot(payments: SandboxLedger["payments"]): SandboxLedger {
    return structuredClone({
      checkouts: this.checkouts,
      payments,
      auths: this.auths,
      captures: this.captures,
      refunds: this.refunds,
      voids: this.voids,
      courierUpdates: this.courierUpdates,
      reversals: this.reversals,
      paymentUpdates: this.paymentUpdates,
      ignoredFields: this.ignoredFields,
      tokenRequests: this.tokenRequests,
      tokenRequestsByMerchant: this.tokenRequestsByMerchant,
      requests: this.requests,
    })
  }

  clear(): void {
    this.checkouts = []
    this.auths = []
    this.captures = []
    this.refunds = []
    this.voids = []
    this.courierUpdates = []
    this.reversals = []
    this.paymentUpdates = []
    this.ignoredFields = []
    this.tokenRequests = 0
    this.tokenRequestsByMerchant = {}
    this.requests = emptyRequestCounts()
  }
}

function emptyRequestCounts(): Record<SandboxEndpoint, number> {
  return Object.fromEntries(SANDBOX_ENDPOINTS.map((name) => [name, 0])) as Record<SandboxEndpoint, number>
}
