import { BnplApiError, type BnplClient } from "../client"
import {
  apiAmountToMinorUnits,
  minorUnitsToApiAmount,
  type Money,
} from "../client/money"
import type { CreateCheckoutRequest, Payment } from "../client/schemas"
import { checkEligibility } from "./eligibility"
import { PaymentError, describeServiceError, forShopper, shopperError, type PaymentLogger } from "./errors"
import { cartDigest } from "./mapping/cart-digest"
import type { CartSnapshot } from "./mapping/cart-snapshot"
import { toCreateCheckoutRequest } from "./mapping/checkout"
import {
  asPaymentState,
  authorizationExpiry,
  isApproved,
  isOpen,
  toSessionStatus,
  type SessionStatus,
} from "./payment-state"
import { MoneyCalls } from "./money-calls"
import { MoneyOperations, type LegacyRefund } from "./money-operations"
import { assertSessionPayment } from "./payment-identity"
import type { MoneyRecords } from "./money-records"
import { requestIds } from "./request-ids"
import type { BnplPaymentData, PreviousSession } from "./session-data"

/** What the core needs of the merchant's options (src/options.ts). */
export interface PaymentCoreOptions {
  /** The account's merchant id, recorded in every payment's data (never the secret key). */
  merchantId?: string
  region: "UK" | "EU"
  capture: "manual" | "on_authorize" | "on_shipment"
  merchantName?: string
  storefrontUrl?: string
  backendUrl?: string
  redirectConfirmUrl?: string
  redirectCancelUrl?: string
}

/** The core's collaborators, given by the adapter (the Medusa provider, a job, a test). */
export interface PaymentCoreDependencies {
  client: BnplClient
  options: PaymentCoreOptions
  /** The account's limits (Get Configuration, cached); merchant-api-v2.md "Limits". */
  readLimits: () => Promise<{ minimumAmount: Money; maximumAmount: Money }>
  /** The account's money records: in the store's database (runtime/money-records.ts). */
  records: MoneyRecords
  /** An earlier version's unanswered refunds of an order, read once into the records (upgrade). */
  takeLegacyRefunds?: (serviceOrderId: string) => Promise<LegacyRefund[]>
  /** Runs a money operation alone for one service order, across instances (runtime/payment-lock.ts). */
  withLock?: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>
  logger?: PaymentLogger
}

/** A session's or payment's data with the status it gives, as the adapter returns it to Medusa. */
export interface PaymentResult {
  data: BnplPaymentData
  status: SessionStatus
}

/**
 * The payment logic of the plugin, with no Medusa in it: every operation a store makes on a
 * pay-later payment, from the checkout to the void, against the Merchant API v2
 * (merchant-api-v2.md; api-beyond-the-document.md). Amounts are minor units (bigint) in and
 * API strings in the data; `data` is the payment session's or payment's data
 * (session-data.ts). Each operation returns the new data, never changing its input.
 *
 * Every money-moving call carries a requestId from request-ids.ts; capture, refund and void
 * of one service order run under `withLock`.
 * @throws PaymentError (errors.ts) with a machine-readable reason, from every operation.
 */
export class PaymentOperations {
  private readonly money: MoneyOperations

  constructor(private readonly deps: PaymentCoreDependencies) {
    this.money = new MoneyOperations({
      calls: new MoneyCalls({ client: deps.client, records: deps.records, logger: deps.logger }),
      withLock: deps.withLock ?? ((_id, job) => job()),
      takeLegacyRefunds: deps.takeLegacyRefunds,
      logger: deps.logger,
    })
  }

  private get client(): BnplClient {
    return this.deps.client
  }

  private get logger(): PaymentLogger | undefined {
    return this.deps.logger
  }

  /**
   * Creates the checkout for a trusted cart snapshot (api-beyond-the-document.md "Create
   * Checkout"), after checking the amount is inside the account's limits and currency
   * (merchant-api-v2.md "Limits: Order amount", rule 2). The data keeps the token, the
   * redirect URL, the amount and a digest of what the consumer will approve.
   * @throws PaymentError `not_eligible` (words the shopper can act on), `invalid_request`
   *   without an e-mail or return URL, `unavailable` when the service fails (logged).
   */
  async startCheckout(input: {
    snapshot: CartSnapshot
    amountMinor: bigint
    currency: string
    data: BnplPaymentData
    previousSessions?: PreviousSession[]
    now?: Date
  }): Promise<PaymentResult & { token: string }> {
    const { snapshot, amountMinor } = input
    const currency = input.currency.toUpperCase()
    if (!snapshot.email || snapshot.email.length > 128) {
      throw new PaymentError(
        "invalid_request",
        snapshot.email
          ? "Pay later needs an e-mail address of at most 128 characters; the cart's is longer."
          : "Pay later needs the shopper's e-mail address: set the cart's email before choosing it."
      )
    }
    await this.assertEligible(amountMinor, currency)
    const digest = cartDigest(snapshot)
    const reused = await this.reusePreviousSession(input.previousSessions ?? [], {
      cartId: snapshot.cartId,
      digest,
      amount: minorUnitsToApiAmount(amountMinor),
      currency,
      now: input.now ?? new Date(),
    })
    if (reused) {
      const { token, ...rest } = reused
      return { token, status: "pending", data: { ...input.data, ...this.account(), cartId: snapshot.cartId, taxInclusive: snapshot.taxInclusive, cartDigest: digest, token, ...rest } }
    }
    const request = toCreateCheckoutRequest(snapshot, {
      amountMinor,
      currency,
      region: this.deps.options.region,
      merchantName: this.deps.options.merchantName,
      storefrontUrl: this.deps.options.storefrontUrl,
      ...this.redirectUrls(snapshot.cartId),
    })
    const checkout = await this.createCheckout(request)
    return {
      token: checkout.token,
      status: "pending",
      data: {
        ...input.data,
        ...this.account(),
        cartId: snapshot.cartId,
        taxInclusive: snapshot.taxInclusive,
        cartDigest: cartDigest(snapshot),
        token: checkout.token,
        expires: checkout.expires,
        redirectCheckoutUrl: checkout.redirectCheckoutUrl,
        amount: request.amount.amount,
        currency: request.amount.currency,
      },
    }
  }

  /**
   * One approval per cart: a new session for an unchanged cart (same digest, amount and
   * currency) takes over what a session it replaces already has, instead of asking the
   * consumer again. One call, made only when such sessions exist: List Payments by their
   * `tokens`, every status (merchant-api-v2.md "List Payments"; an Auth, approved or declined,
   * makes a payment of the token). An open approval becomes this session's, and the consumer
   * is sent straight to the return route to complete the cart. A token with any other payment
   * was used (declined, or approved and voided since): never reused, as the service would
   * refuse it. Else an unused checkout with more than 5 minutes left is reused. Sessions whose
   * consumer came back cancelled, declined or expired never get here (`previousSessionOf`).
   * Returns the session data to use, or undefined to make a new checkout.
   */
  private async reusePreviousSession(
    previous: PreviousSession[],
    cart: { cartId: string; digest: string; amount: string; currency: string; now: Date }
  ): Promise<(BnplPaymentData & { token: string }) | undefined> {
    const same = previous.filter(
      (session) => session.cartDigest === cart.digest && session.amount === cart.amount && session.currency === cart.currency
    )
    if (!same.length) return undefined
    let used: Set<string | undefined>
    try {
      const page = await this.client.listPayments({ tokens: same.map((session) => session.token), limit: 250 })
      // A payment that names no token cannot be told apart: every candidate counts as used.
      used = new Set(page.results.some((payment) => !payment.token) ? same.map((session) => session.token) : page.results.map((payment) => payment.token))
      const approval = page.results.find(
        (payment) =>
          payment.status === "APPROVED" &&
          isOpen(asPaymentState(payment.paymentState)) &&
          payment.originalAmount?.amount === cart.amount &&
          payment.originalAmount?.currency === cart.currency &&
          same.some((session) => session.token === payment.token)
      )
      if (approval) {
        const session = same.find((candidate) => candidate.token === approval.token)!
        this.logger?.info?.(`medusa-payment-bnpl: cart ${cart.cartId} already has approval ${approval.id}; the new session completes with it.`)
        return {
          ...projectApproval({ ...session, token: session.token }, approval),
          token: session.token,
          redirectCheckoutUrl: this.returnUrl(cart.cartId, session.token),
        }
      }
    } catch (error) {
      // Looking is an optimisation: without an answer a new checkout is made, and an approval
      // left behind is voided by the reconciliation job.
      this.logger?.warn?.(`medusa-payment-bnpl: could not look for an earlier approval of cart ${cart.cartId}: ${(error as Error).message}`)
      return undefined
    }
    const alive = same.find(
      (session) =>
        !used.has(session.token) && session.expires && Date.parse(session.expires) - cart.now.getTime() > 5 * 60_000 && session.redirectCheckoutUrl
    )
    return alive ? { ...alive, token: alive.token } : undefined
  }

  /** The return route's address for a checkout token, as the service would send the consumer back. */
  private returnUrl(cartId: string, token: string): string {
    const { redirectConfirmUrl } = this.redirectUrls(cartId)
    const separator = redirectConfirmUrl.includes("?") ? "&" : "?"
    return `${redirectConfirmUrl}${separator}orderToken=${encodeURIComponent(token)}&status=SUCCESS`
  }

  /**
   * Keeps a session whose amount and currency are unchanged. A checkout is made for one
   * amount and cannot be changed (merchant-api-v2.md "Checkout"), and Medusa 2.21 replaces the
   * session itself when the cart's amount changes, so any other change is refused.
   * @throws PaymentError `invalid_request` for another amount or currency.
   */
  keepSession(input: { data: BnplPaymentData; amountMinor: bigint; currency: string }): PaymentResult {
    const { data } = input
    const unchanged =
      !!data.amount && data.currency === input.currency.toUpperCase() && apiAmountToMinorUnits(data.amount) === input.amountMinor
    if (!unchanged) {
      throw new PaymentError(
        "invalid_request",
        `The pay later checkout was made for ${data.amount ?? "?"} ${data.currency ?? ""}; create a new payment session for ${minorUnitsToApiAmount(input.amountMinor)} ${input.currency.toUpperCase()}.`
      )
    }
    return { data: { ...data }, status: "pending" }
  }

  /**
   * Authorises once the consumer has confirmed, in one round trip: Auth with `requestId` =
   * the session's idempotency key, so completing the cart again never authorises twice
   * (merchant-api-v2.md "Auth"). The answer carries the payment's amount (`originalAmount`,
   * api-beyond-the-document.md "The Payment object"): if it is not the session's, the
   * authorisation is voided at once and refused. An approval older than a few minutes is a
   * replay of an earlier attempt whose answer was lost: Get Payment checks it still stands
   * (reconciliation may have voided it since). Under `capture: "on_authorize"` the payment is
   * then captured; a failed capture leaves it authorised (logged).
   * @returns status `authorized`, `captured`, or `requires_more` while not confirmed.
   * @throws PaymentError `declined`, `expired`, `amount_changed`, `payment_failed` (logged).
   */
  async authorize(input: { data: BnplPaymentData; requestId: string | undefined; now?: Date }): Promise<PaymentResult> {
    const { data } = input
    this.assertOwnPayment(data)
    if (data.orderId) return { data: { ...data }, status: toSessionStatus(data.paymentState, data.authorizationExpiresAt) }
    if (!data.token || !data.amount || !data.currency) {
      throw new PaymentError("invalid_request", "medusa-payment-bnpl: the payment session has no checkout token.")
    }
    if (!input.requestId) {
      throw new PaymentError("invalid_request", "medusa-payment-bnpl: authorising needs Medusa's idempotency key.")
    }

    let payment: Payment
    try {
      payment = await this.client.auth({ token: data.token, requestId: requestIds.auth(input.requestId), merchantReference: data.cartId })
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "not_confirmed") return { data: { ...data }, status: "requires_more" }
      throw this.authorizationError(error)
    }
    this.assertSessionPayment(data, payment)

    const agreed = payment.originalAmount
    if (agreed && (agreed.currency !== data.currency || apiAmountToMinorUnits(agreed.amount) !== apiAmountToMinorUnits(data.amount))) {
      this.logger?.warn?.(
        `medusa-payment-bnpl: service order ${payment.id} for cart ${data.cartId ?? "unknown"} was approved for ${agreed.amount} ${agreed.currency} but the session is ${data.amount} ${data.currency}; voiding it.`
      )
      await this.client.voidPayment(payment.id, { requestId: requestIds.amountMismatchVoid(payment.id) }).catch((error: unknown) =>
        this.logger?.error?.(
          `medusa-payment-bnpl: could not void service order ${payment.id} approved for another amount (${(error as Error).message}); the reconciliation job reports it.`
        )
      )
      throw shopperError("amount_changed")
    }

    if (isReplayedApproval(payment, input.now ?? new Date())) {
      payment = await this.client.getPayment(payment.id).catch((error: unknown) => {
        throw this.authorizationError(error)
      })
      this.assertSessionPayment(data, payment)
      if (!isApproved(asPaymentState(payment.paymentState))) throw shopperError("expired")
    }
    const approved = projectApproval(data, payment)
    if (this.deps.options.capture !== "on_authorize") return { data: approved, status: "authorized" }
    try {
      return { data: await this.money.captureOnAuthorize(approved), status: "captured" }
    } catch (error) {
      this.logger?.warn?.(
        `medusa-payment-bnpl: capture on authorisation failed for order ${payment.id}; capture it from the admin. ${(error as Error).message}`
      )
      return { data: approved, status: "authorized" }
    }
  }

  /**
   * Captures exactly what Medusa recorded for one capture: its id (the requestId) and amount,
   * under the payment's lock (money-operations.ts).
   * @throws PaymentError `not_allowed` (never authorised), `authorization_expired`,
   *   `payment_voided` (logged: usually an order cancelled meanwhile), `invalid_request`, or the service's refusal.
   */
  async capture(input: { data: BnplPaymentData; capture: { id: string; amountMinor: bigint } }): Promise<BnplPaymentData> {
    this.assertOwnPayment(input.data)
    if (!input.data.orderId) throw new PaymentError("not_allowed", "Capture refused: the payment was never authorised by the payment service.")
    return this.money.capture(input.data, input.capture)
  }

  /**
   * Refunds `amountMinor` with Create Refund (merchant-api-v2.md "Create Refund"), requestId =
   * Medusa's refund id, under the payment's lock; refunds whose answer was lost count towards
   * it (money-operations.ts). Only captured money refunds (rule 5).
   * @throws PaymentError `not_allowed`, `invalid_request`, or the service's refusal.
   */
  async refund(input: { data: BnplPaymentData; amountMinor: bigint; refundId: string | undefined }): Promise<BnplPaymentData> {
    this.assertOwnPayment(input.data)
    return this.money.refund(input.data, input.amountMinor, input.refundId)
  }

  /**
   * Voids what is left open (api-beyond-the-document.md "void"), with requestId = Medusa's
   * payment id, under the payment's lock (money-operations.ts). A payment never authorised, or
   * already voided or expired, is left as is.
   * @throws PaymentError when the void fails, or `unrecorded_capture_refunded`.
   */
  async cancel(input: { data: BnplPaymentData; idempotencyKey: string | undefined }): Promise<BnplPaymentData> {
    this.assertOwnPayment(input.data)
    return this.money.cancel(input.data, input.idempotencyKey)
  }

  /**
   * A session deleted before it became an order. Medusa deletes the old session while it
   * creates the new one (create-payment-session runs both at once), and the new session may
   * take over the old one's approval (reusePreviousSession), so nothing is voided here: an
   * approval no session and no order claims is voided by the reconciliation job after its
   * grace (operations/reconcile.ts, docs/operations.md). Never throws.
   */
  async releaseSession(input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
    return { ...input.data }
  }

  /**
   * The status as the service sees it: Get Payment for an authorised order, else the
   * checkout (pending while it stands; from Get Payment By Token once used; canceled when gone).
   * Source: merchant-api-v2.md "States and transitions", api-beyond-the-document.md.
   */
  async status(input: { data: BnplPaymentData }): Promise<PaymentResult> {
    const { data } = input
    this.assertOwnPayment(data)
    if (data.orderId) {
      const payment = this.assertSessionPayment(data, await this.read(() => this.client.getPayment(data.orderId!)))
      const expiresAt = authorizationExpiry(payment) ?? data.authorizationExpiresAt
      return {
        status: toSessionStatus(payment.paymentState, expiresAt),
        data: { ...data, paymentState: payment.paymentState, authorizationExpiresAt: expiresAt },
      }
    }
    if (!data.token) return { status: "pending", data: { ...data } }
    try {
      await this.client.getCheckout(data.token)
      return { status: "pending", data: { ...data } }
    } catch (error) {
      if (!(error instanceof BnplApiError && error.code === "invalid_token")) throw describeServiceError("Reading the checkout", error)
    }
    try {
      const payment = this.assertSessionPayment(data, await this.client.getPaymentByToken(data.token))
      return { status: toSessionStatus(payment.paymentState, authorizationExpiry(payment)), data: { ...data } }
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "not_found") return { status: "canceled", data: { ...data } }
      throw describeServiceError("Reading the payment", error)
    }
  }

  /** The data refreshed from the service (Get Payment), for an authorised order. */
  async refresh(input: { data: BnplPaymentData }): Promise<BnplPaymentData> {
    const { data } = input
    this.assertOwnPayment(data)
    if (!data.orderId) return { ...data }
    const payment = this.assertSessionPayment(data, await this.read(() => this.client.getPayment(data.orderId!)))
    return {
      ...data,
      paymentState: payment.paymentState,
      authorizationExpiresAt: authorizationExpiry(payment) ?? data.authorizationExpiresAt,
    }
  }

  /** Which account makes the payment (merchant-api-v2.md rule 2): recorded in its data. */
  private account(): Pick<BnplPaymentData, "merchantId" | "region"> {
    const { merchantId, region } = this.deps.options
    return merchantId ? { merchantId, region } : { region }
  }

  /**
   * A payment is served only by the account that made it: another account's credentials
   * would be refused by the service, or reach another merchant's order of the same id
   * (payment-identity.ts).
   * @throws PaymentError `payment_mismatch` naming both merchant ids (never a secret).
   */
  private assertOwnPayment(data: BnplPaymentData): void {
    assertSessionPayment(data, undefined, { merchantId: this.deps.options.merchantId })
  }

  /**
   * A payment the service answered is this data's (its checkout token; payment-identity.ts):
   * never merged into the data otherwise.
   * @throws PaymentError `payment_mismatch`.
   */
  private assertSessionPayment(data: BnplPaymentData, payment: Payment): Payment {
    assertSessionPayment(data, payment, { merchantId: this.deps.options.merchantId })
    return payment
  }

  private async assertEligible(amountMinor: bigint, currency: string): Promise<void> {
    const limits = await this.deps.readLimits().catch((error: unknown) => {
      throw forShopper("Reading the account's limits", error, "unavailable", this.logger)
    })
    const accountCurrency = this.deps.options.region === "UK" ? "GBP" : "EUR"
    const eligibility = checkEligibility(amountMinor, currency, accountCurrency, limits)
    if (eligibility.eligible) return
    const amount = `${minorUnitsToApiAmount(amountMinor)} ${currency}`
    const reasons: Record<NonNullable<typeof eligibility.reason>, string> = {
      not_in_region: "the store does not offer it in the cart's region",
      below_minimum: `the total ${amount} is below the minimum of ${eligibility.minimumAmount} ${eligibility.currency}`,
      above_maximum: `the total ${amount} is above the maximum of ${eligibility.maximumAmount} ${eligibility.currency}`,
      unsupported_currency: `the account only accepts ${eligibility.currency}, and the cart is in ${currency}`,
    }
    throw shopperError("not_eligible", `Pay later is not available for this cart: ${reasons[eligibility.reason!]}.`)
  }

  private redirectUrls(cartId: string): { redirectConfirmUrl: string; redirectCancelUrl: string } {
    const { options } = this.deps
    const fill = (template: string) => template.replace(/\{cart_id\}/g, encodeURIComponent(cartId))
    const fallback = options.backendUrl ? `${options.backendUrl}/bnpl/return?cart_id=${encodeURIComponent(cartId)}` : undefined
    const redirectConfirmUrl = options.redirectConfirmUrl ? fill(options.redirectConfirmUrl) : fallback
    const redirectCancelUrl = options.redirectCancelUrl ? fill(options.redirectCancelUrl) : fallback
    if (!redirectConfirmUrl || !redirectCancelUrl) {
      throw new PaymentError(
        "invalid_request",
        'medusa-payment-bnpl: option "backendUrl" is required (or "redirectConfirmUrl" and "redirectCancelUrl") so the service can send the consumer back.'
      )
    }
    return { redirectConfirmUrl, redirectCancelUrl }
  }

  private async createCheckout(request: CreateCheckoutRequest) {
    try {
      return await this.client.createCheckout(request)
    } catch (error) {
      throw forShopper("Starting the pay later checkout", error, "unavailable", this.logger)
    }
  }

  private authorizationError(error: unknown): PaymentError {
    if (error instanceof PaymentError) return error
    if (error instanceof BnplApiError && error.code === "declined") return shopperError("declined")
    if (error instanceof BnplApiError && error.code === "invalid_token") return shopperError("expired")
    return forShopper("Authorising the payment", error, "payment_failed", this.logger)
  }

  private async read<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw describeServiceError("Reading the payment", error)
    }
  }
}

/** Older than any Auth that is answered now: an approval made by an earlier attempt and replayed. */
export const REPLAYED_APPROVAL_AGE_MS = 2 * 60 * 1000

function isReplayedApproval(payment: Payment, now: Date): boolean {
  const approvedAt = payment.events?.find((event) => event.type === "AUTH_APPROVED")?.created ?? payment.created
  return !!approvedAt && now.getTime() - Date.parse(approvedAt) > REPLAYED_APPROVAL_AGE_MS
}

/**
 * The session data once Auth approved: the service's order id, its state and the
 * authorisation's 13-day expiry (the AUTH_APPROVED event, rule 1), nothing captured yet.
 */
export function projectApproval(data: BnplPaymentData, payment: Payment): BnplPaymentData {
  return {
    ...data,
    orderId: payment.id,
    paymentState: payment.paymentState ?? "AUTH_APPROVED",
    authorizationExpiresAt: authorizationExpiry(payment),
    authorizedAt: new Date().toISOString(),
    capturedAmount: "0.00",
    refundedAmount: "0.00",
  }
}
