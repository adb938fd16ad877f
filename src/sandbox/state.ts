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

/** A checkout as stored (docs/service-api.md "Create Checkout"; docs/service-api.md "Checkout"). */
export interface StoredCheckout {
  token: string
  merchantId: string
  request: ServiceCreateCheckoutRequest
  createdAtMs: number
  expiresAtMs: number
  /** What the consumer chose on the screens; `decline` makes Auth answer 402 DECLINED. */
  consumerChoice?: "approve" | "decline" | "cancel"
  /**
   * An express checkout's confirmation (address, e-mail, chosen shipping option). Confirming
   * also writes the consumer, `shipping`, `shippingOptionIdentifier` and the option's
   * `orderAmount` as `amount` into `request`, which Get Checkout echoes and Auth checks.
   */
  express?: StoredExpressChoice
  /**
   * Set once an Auth (or Immediate Payment Capture) used the token, or a reversal closed it;
   * Get Checkout and further Auths then refuse it.
   */
  completedAtMs?: number
}

/** An access token issued by the token endpoint (docs/service-api.md "Bearer tokens"). */
export interface IssuedAccessToken {
  merchantId: string
  expiresAtMs: number
  revoked: boolean
}

/** Settings fixed when the sandbox starts. */
export interface SandboxSettings {
  tokenLifetimeSeconds: number
  checkoutLifetimeMinutes: number
  configurationMaxAgeSeconds: number
  /** Where consumers and next-page links are sent; known once the server listens. */
  publicUrl: string
  /**
   * Refuse (422) what the real service merely tolerates: request fields the sandbox does not
   * know, and amounts without exactly 2 decimals (the service rounds them).
   */
  strictRequests: boolean
  /**
   * Where the document and the real service's recorded answers differ, answer as recorded
   * (a Refund of an unknown order: 404 `not_found` instead of 412 `precondition_failed`).
   */
  preferRecordings: boolean
  /** How long after Reverse Payment By Token the reversal is applied, by the sandbox clock. */
  reversalDelaySeconds: number
  /** The instalment plan the consumer screen shows. */
  paymentSchedule: PaymentScheduleRule
}

/**
 * The sandbox's whole in-memory state: accounts, checkouts, payments, tokens, remembered
 * requestIds, faults, the ledger and the clock. One instance per running sandbox.
 */
export class SandboxStore {
  readonly clock = new SandboxClock()
  readonly faults = new FaultRegistry()
  readonly ledger = new LedgerRecorder()
  readonly requestIds = new RequestIdMemory(this.clock)
  readonly checkouts = new Map<string, StoredCheckout>()
  readonly payments = new Map<string, StoredPayment>()
  readonly accessTokens = new Map<string, IssuedAccessToken>()
  /** Reversals asked for and not applied yet, first asked first applied. */
  pendingReversals: PendingReversal[] = []
  accounts: SandboxAccount[]
  private nextPaymentNumber = PAYMENT_NUMBER_START
  private nextRefundNumber = REFUND_NUMBER_START
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(
    readonly settings: SandboxSettings,
    private readonly initialAccounts: readonly SandboxAccount[]
  ) {
    this.accounts = prepareAccounts(initialAccounts)
  }

  /** The account with this merchant id, or with it as a former id (see `SandboxAccount.formerMerchantIds`). */
  account(merchantId: string): SandboxAccount | undefined {
    return (
      this.accounts.find((account) => account.merchantId === merchantId) ??
      this.accounts.find((account) => account.formerMerchantIds?.includes(merchantId))
    )
  }

  /** A checkout of this account, whatever its state; other accounts' tokens are not seen. */
  checkoutOf(merchantId: string, token: string): StoredCheckout | undefined {
    const checkout = this.checkouts.get(token)
    return checkout?.merchantId === merchantId ? checkout : undefined
  }

  isCheckoutExpired(checkout: StoredCheckout): boolean {
    return this.clock.nowMs() > checkout.expiresAtMs
  }

  /** A payment of this account with the 13-day rule and due reversals applied, or undefined. */
  paymentOf(merchantId: string, id: string): StoredPayment | undefined {
    applyDueReversals(this)
    const payment = this.payments.get(id)
    if (payment?.merchantId !== merchantId) return undefined
    settleExpiry(payment, this.clock.nowMs(), () => this.newEventId())
    return payment
  }

  /** The payment made from a checkout token, of this account, settled like `paymentOf`. */
  paymentByToken(merchantId: string, token: string): StoredPayment | undefined {
    const payment = [...this.payments.values()].find(
      (candidate) => candidate.token === token && candidate.merchantId === merchantId
    )
    return payment && this.paymentOf(merchantId, payment.id)
  }

  /** All payments of an account (or of every account), with the 13-day rule and due reversals applied. */
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

  /** A checkout token shaped like the service's ("001." and random characters). */
  newCheckoutToken(): string {
    return `001.${randomBytes(18).toString("base64url").toLowerCase().replace(/[-_]/g, "0")}`
  }

  /** Payment (order) ids are numeric-looking strings, increasing so tests can reason about order. */
  newPaymentId(): string {
    return String(this.nextPaymentNumber++)
  }

  newRefundId(): string {
    return String(this.nextRefundNumber++)
  }

  /** The next payment and refund numbers (kept by `saveSandboxState`). */
  counters(): { nextPaymentNumber: number; nextRefundNumber: number } {
    return { nextPaymentNumber: this.nextPaymentNumber, nextRefundNumber: this.nextRefundNumber }
  }

  /** Continues numbering after a restored state; numbers never go back. */
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

  /** Waits, on a timer that `cancelTimers` can clear so a closing sandbox leaves nothing behind. */
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

  /** Forgets everything: state, faults, ledger, clock offset, and account limits changed since start. */
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
