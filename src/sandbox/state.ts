import { randomBytes } from "node:crypto"
import { prepareAccounts, type SandboxAccount } from "./accounts"
import { SandboxClock } from "./clock"
import { FaultRegistry } from "./faults"
import { LedgerRecorder } from "./ledger"
import { settleExpiry, type StoredPayment } from "./payment-lifecycle"
import type { PaymentScheduleRule } from "./payment-schedule"
import { RequestIdMemory } from "./request-ids"
import type { StoredExpressChoice } from "./express/schemas"
import type { ServiceCreateCheckoutRequest } from "./request-schemas"
import { applyDueReversals, type PendingReversal } from "./reversal"

/** A checkout as stored. docs/service-api.md "Checkout". */
export interface StoredCheckout {
  token: string
  merchantId: string
  request: ServiceCreateCheckoutRequest
  createdAtMs: number
  expiresAtMs: number
  /** `decline` makes Auth answer 402 DECLINED. */
  consumerChoice?: "approve" | "decline" | "cancel"
  /** An express confirmation; confirming also writes the choices and final `amount` into `request`, which Get Checkout echoes and Auth checks. */
  express?: StoredExpressChoice
  /** Set once an Auth or a reversal used the token; Get Checkout and further Auths then refuse it. */
  completedAtMs?: number
}

/** docs/service-api.md "Bearer tokens". */
export interface IssuedAccessToken {
  merchantId: string
  expiresAtMs: number
  revoked: boolean
}

/** Settings fixed when the sandbox starts; see `SandboxOptions`. */
export interface SandboxSettings {
  tokenLifetimeSeconds: number
  checkoutLifetimeMinutes: number
  configurationMaxAgeSeconds: number
  /** Known once the server listens. */
  publicUrl: string
  strictRequests: boolean
  preferRecordings: boolean
  reversalDelaySeconds: number
  paymentSchedule: PaymentScheduleRule
}

/** The sandbox's whole in-memory state; one instance per running sandbox. */
export class SandboxStore {
  readonly clock = new SandboxClock()
  readonly faults = new FaultRegistry()
  readonly ledger = new LedgerRecorder()
  readonly requestIds = new RequestIdMemory(this.clock)
  readonly checkouts = new Map<string, StoredCheckout>()
  readonly payments = new Map<string, StoredPayment>()
  readonly accessTokens = new Map<string, IssuedAccessToken>()
  /** First asked, first applied. */
  pendingReversals: PendingReversal[] = []
  accounts: SandboxAccount[]
  private nextPaymentNumber = PAYMENT_NUMBER_START
  private nextRefundNumber = REFUND_NUMBER_START
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(
    readonly settings: SandboxSettings,
    private readonly initialAccounts: readonly SandboxAccount[],
  ) {
    this.accounts = prepareAccounts(initialAccounts)
  }

  /** Also found by a former merchant id. */
  account(merchantId: string): SandboxAccount | undefined {
    return (
      this.accounts.find((account) => account.merchantId === merchantId) ??
      this.accounts.find((account) => account.formerMerchantIds?.includes(merchantId))
    )
  }

  /** Other accounts' tokens are not seen. */
  checkoutOf(merchantId: string, token: string): StoredCheckout | undefined {
    const checkout = this.checkouts.get(token)
    return checkout?.merchantId === merchantId ? checkout : undefined
  }

  isCheckoutExpired(checkout: StoredCheckout): boolean {
    return this.clock.nowMs() > checkout.expiresAtMs
  }

  /** With the 13-day rule and due reversals applied. */
  paymentOf(merchantId: string, id: string): StoredPayment | undefined {
    applyDueReversals(this)
    const payment = this.payments.get(id)
    if (payment?.merchantId !== merchantId) return undefined
    settleExpiry(payment, this.clock.nowMs(), () => this.newEventId())
    return payment
  }

  paymentByToken(merchantId: string, token: string): StoredPayment | undefined {
    const payment = [...this.payments.values()].find((candidate) => candidate.token === token && candidate.merchantId === merchantId)
    return payment && this.paymentOf(merchantId, payment.id)
  }

  /** With the 13-day rule and due reversals applied. */
  paymentsOf(merchantId?: string): StoredPayment[] {
    applyDueReversals(this)
    const nowMs = this.clock.nowMs()
    return [...this.payments.values()]
      .filter((payment) => merchantId === undefined || payment.merchantId === merchantId)
      .map((payment) => {
        settleExpiry(payment, nowMs, () => this.newEventId())
        return payment
      })
  }

  /** Shaped like the service's ("001." and random characters). */
  newCheckoutToken(): string {
    return `001.${randomBytes(18).toString("base64url").toLowerCase().replace(/[-_]/g, "0")}`
  }

  /** Increasing, so tests can reason about order. */
  newPaymentId(): string {
    return String(this.nextPaymentNumber++)
  }

  newRefundId(): string {
    return String(this.nextRefundNumber++)
  }

  counters(): { nextPaymentNumber: number; nextRefundNumber: number } {
    return { nextPaymentNumber: this.nextPaymentNumber, nextRefundNumber: this.nextRefundNumber }
  }

  /** Numbers never go back. */
  continueCounters(nextPaymentNumber: number, nextRefundNumber: number): void {
    if (Number.isSafeInteger(nextPaymentNumber)) this.nextPaymentNumber = Math.max(this.nextPaymentNumber, nextPaymentNumber)
    if (Number.isSafeInteger(nextRefundNumber)) this.nextRefundNumber = Math.max(this.nextRefundNumber, nextRefundNumber)
  }

  newEventId(): string {
    return randomBytes(20).toString("base64url").replace(/[-_]/g, "x").slice(0, 27)
  }

  newAccessToken(): string {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
    // JWT-shaped so clients treat it as one, but opaque: the sandbox looks it up, never verifies it.
    return [
      encode({ alg: "RS256", typ: "JWT", kid: "sandbox" }),
      encode({ iss: "bnpl-sandbox", jti: randomBytes(12).toString("hex") }),
      randomBytes(32).toString("base64url"),
    ].join(".")
  }

  /** A timer `cancelTimers` can clear, so a closing sandbox leaves nothing behind. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.add(timer)
    })
  }

  cancelTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  /** Forgets everything, account limits changed since start included. */
  reset(): void {
    this.checkouts.clear()
    this.payments.clear()
    this.accessTokens.clear()
    this.pendingReversals = []
    this.requestIds.clear()
    this.faults.clear()
    this.ledger.clear()
    this.clock.reset()
    this.accounts = prepareAccounts(this.initialAccounts)
    this.nextPaymentNumber = PAYMENT_NUMBER_START
    this.nextRefundNumber = REFUND_NUMBER_START
  }
}

const PAYMENT_NUMBER_START = 100000000001
const REFUND_NUMBER_START = 200000000001
