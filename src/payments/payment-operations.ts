import { BnplApiError, type BnplClient } from "../client"
import {
  apiAmountToMinorUnits,
  minorUnitsToApiAmount,
  minorUnitsToMoney,
  type Money,
} from "../client/money"
import type { CreateCheckoutRequest, Payment, Refund } from "../client/schemas"
import { checkEligibility } from "./eligibility"
import { PaymentError, describeServiceError, forShopper, shopperError, type PaymentLogger } from "./errors"
import { cartDigest } from "./mapping/cart-digest"
import type { CartSnapshot } from "./mapping/cart-snapshot"
import { toCreateCheckoutRequest } from "./mapping/checkout"
import {
  asPaymentState,
  authorizationExpiry,
  isApproved,
  isCaptured,
  isOpen,
  isExpired,
  isVoidedOrExpired,
  toSessionStatus,
  type SessionStatus,
} from "./payment-state"
import { RefundJournal, type PendingRefund } from "./refund-journal"
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
  journal: RefundJournal
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
  private readonly withLock: <T>(serviceOrderId: string, job: () => Promise<T>) => Promise<T>

  constructor(private readonly deps: PaymentCoreDependencies) {
    this.withLock = deps.withLock ?? ((_id, job) => job())
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
   * consumer again. An approval of one of their checkouts (List Payments by `tokens`, one call,
   * made only when such sessions exist: merchant-api-v2.md "List Payments") becomes this
   * session's, and the consumer is sent straight to the return route to complete the cart. Else
   * a checkout with more than 5 minutes left is reused, with no call at all.
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
    try {
      const page = await this.client.listPayments({ tokens: same.map((session) => session.token), statuses: ["APPROVED"] })
      const approval = page.results.find(
        (payment) =>
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
    const alive = same.find((session) => session.expires && Date.parse(session.expires) - cart.now.getTime() > 5 * 60_000 && session.redirectCheckoutUrl)
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
      if (!isApproved(asPaymentState(payment.paymentState))) throw shopperError("expired")
    }
    const approved = projectApproval(data, payment)
    if (this.deps.options.capture !== "on_authorize") return { data: approved, status: "authorized" }
    try {
      return { data: await this.captureOpenAmount(approved), status: "captured" }
    } catch (error) {
      this.logger?.warn?.(
        `medusa-payment-bnpl: capture on authorisation failed for order ${payment.id}; capture it from the admin. ${(error as Error).message}`
      )
      return { data: approved, status: "authorized" }
    }
  }

  /**
   * Captures what is still open (api-beyond-the-document.md "Deferred capture"), under the
   * payment's lock, with requestId `<orderId>-capture-<captured before>`.
   * @throws PaymentError `not_allowed` (never authorised), `authorization_expired`,
   *   `payment_voided` (logged: usually an order cancelled meanwhile), or the service's refusal.
   */
  async capture(input: { data: BnplPaymentData; amountMinor?: bigint }): Promise<BnplPaymentData> {
    const { data } = input
    this.assertOwnPayment(data)
    if (!data.orderId) throw new PaymentError("not_allowed", "Capture refused: the payment was never authorised by the payment service.")
    if (isCaptured(asPaymentState(data.paymentState))) return { ...data }
    if (isExpired(data.authorizationExpiresAt)) {
      throw new PaymentError(
        "authorization_expired",
        `Capture refused: the authorisation expired at ${data.authorizationExpiresAt} (authorisations last 13 days, then the service voids them). Ask the customer to pay again with a new order.`
      )
    }
    return this.withLock(data.orderId, () => this.captureOpenAmount(data, input.amountMinor))
  }

  /**
   * Refunds `amountMinor` with Create Refund (merchant-api-v2.md "Create Refund"), under the
   * payment's lock, sending `requestId` and `merchantReference` so a retry never refunds
   * twice, and `refundMerchantReference` = Medusa's refund id for the settlement file.
   * Earlier attempts of the order that got no answer (the refund journal) are first looked up
   * in Get Payment's refunds: what they applied counts towards this request and only the rest
   * is sent; they leave the journal only when this call succeeds, since Medusa records
   * nothing of a refund whose provider call failed. Only captured money refunds (rule 5).
   * @throws PaymentError `not_allowed`, `invalid_request` (over the refundable amount, no key,
   *   or less than an unanswered attempt already refunded), or the service's refusal.
   */
  async refund(input: { data: BnplPaymentData; amountMinor: bigint; refundId: string | undefined }): Promise<BnplPaymentData> {
    const { data, amountMinor } = input
    this.assertOwnPayment(data)
    if (!data.orderId || !data.currency) {
      throw new PaymentError("not_allowed", "Refund refused: the payment was never authorised by the payment service.")
    }
    const orderId = data.orderId
    const currency = data.currency
    return this.withLock(orderId, async () => {
      const captured = apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
      const refunded = apiAmountToMinorUnits(data.refundedAmount ?? "0.00")
      if (captured === 0n) {
        throw new PaymentError(
          "not_allowed",
          "Refund refused: only captured funds can be refunded with this payment service. Capture the payment first, or cancel the order to void the authorisation."
        )
      }
      if (amountMinor <= 0n || amountMinor > captured - refunded) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: ${minorUnitsToApiAmount(amountMinor)} ${currency} is more than the ${minorUnitsToApiAmount(captured - refunded)} ${currency} captured and not yet refunded.`
        )
      }
      if (!input.refundId) {
        throw new PaymentError("invalid_request", "medusa-payment-bnpl: refunding needs Medusa's idempotency key (the refund id).")
      }
      // Refunds of this order whose answers were all lost may have been applied: what the
      // service applied counts towards this request, so retries never refund more than asked.
      const applied = await this.resolveUnansweredRefunds(orderId)
      if (applied.amountMinor > amountMinor) {
        throw new PaymentError(
          "invalid_request",
          `Refund refused: an earlier refund attempt whose answer was lost refunded ${minorUnitsToApiAmount(applied.amountMinor)} ${currency} at the service; refund at least that amount in Medusa to record it.`
        )
      }
      const recorded = {
        ...data,
        refundedAmount: minorUnitsToApiAmount(refunded + amountMinor),
        refundIds: [...(data.refundIds ?? []), ...applied.refundIds],
      }
      const rest = amountMinor - applied.amountMinor
      let refundIds = recorded.refundIds
      if (rest > 0n) {
        const operation = { requestId: requestIds.refund(input.refundId), amount: minorUnitsToApiAmount(rest), startedAt: Date.now() }
        const refund = await this.sendRefund(orderId, minorUnitsToMoney(rest, currency), operation, input.refundId.slice(0, 128))
        refundIds = [...refundIds, refund.refundId]
      }
      // Only now will Medusa record the applied attempts (with this refund): forgotten earlier,
      // a refusal or a failure here would leave them unrecorded and refunded again next time.
      await this.deps.journal.finish(orderId, ...applied.attempts)
      return { ...recorded, refundIds }
    })
  }

  /**
   * Voids what is left open (api-beyond-the-document.md "void"), under the payment's lock,
   * with requestId = Medusa's payment id. A payment never authorised, or already voided or
   * expired, is left as is. If the money was captured although the data records no such
   * capture, that capture is refunded once and the call fails (see settleUnrecordedCapture).
   * @throws PaymentError when the void fails, or `unrecorded_capture_refunded`.
   */
  async cancel(input: { data: BnplPaymentData; idempotencyKey: string | undefined }): Promise<BnplPaymentData> {
    const { data } = input
    this.assertOwnPayment(data)
    if (!data.orderId || isVoidedOrExpired(asPaymentState(data.paymentState))) return { ...data }
    const orderId = data.orderId
    return this.withLock(orderId, async () => {
      if (isCaptured(asPaymentState(data.paymentState))) return this.settleUnrecordedCapture(data)
      try {
        const payment = await this.client.voidPayment(orderId, { requestId: requestIds.void(input.idempotencyKey ?? `${orderId}-void`) })
        return { ...data, paymentState: payment.paymentState, voidedAt: new Date().toISOString() }
      } catch (error) {
        if (error instanceof BnplApiError && (error.errorCode === "payment_voided" || error.errorCode === "payment_expired")) {
          return { ...data, paymentState: error.errorCode === "payment_voided" ? "VOIDED" : "EXPIRED" }
        }
        if (error instanceof BnplApiError && error.code === "already_captured") return this.settleUnrecordedCapture(data)
        throw describeServiceError("Void", error)
      }
    })
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
      const payment = await this.read(() => this.client.getPayment(data.orderId!))
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
      const payment = await this.client.getPaymentByToken(data.token)
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
    const payment = await this.read(() => this.client.getPayment(data.orderId!))
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
   * would be refused by the service, or reach another merchant's order of the same id.
   * @throws PaymentError `invalid_request` naming both merchant ids (never a secret).
   */
  private assertOwnPayment(data: BnplPaymentData): void {
    const own = this.deps.options.merchantId
    if (own && data.merchantId && data.merchantId !== own) {
      throw new PaymentError(
        "invalid_request",
        `medusa-payment-bnpl: this payment was made with merchant account ${data.merchantId}, not with ${own}, the account of this payment provider. Keep that account's provider entry in medusa-config (docs/configuration.md, "Several accounts").`
      )
    }
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

  /**
   * Captures `amountMinor` (what Medusa records for this capture), or all that is open. What
   * the data records as captured afterwards is the service's own sum of CAPTURED events, so a
   * replayed answer for another amount never makes Medusa's view larger than the service's.
   */
  private async captureOpenAmount(data: BnplPaymentData, amountMinor?: bigint): Promise<BnplPaymentData> {
    const captured = apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
    const open = apiAmountToMinorUnits(data.amount!) - captured
    const amount = amountMinor ?? open
    if (amount <= 0n || amount > open) {
      throw new PaymentError(
        "invalid_request",
        `Capture refused: ${minorUnitsToApiAmount(amount)} ${data.currency} is more than the ${minorUnitsToApiAmount(open)} ${data.currency} still open to capture.`
      )
    }
    try {
      const payment = await this.client.capturePayment(data.orderId!, {
        requestId: requestIds.capture(data.orderId!, data.capturedAmount ?? "0.00"),
        amount: minorUnitsToMoney(amount, data.currency!),
      })
      const capturedEvents = (payment.events ?? []).filter((event) => event.type === "CAPTURED" && event.amount)
      const capturedAtService = capturedEvents.length
        ? capturedEvents.reduce((sum, event) => sum + apiAmountToMinorUnits(event.amount!.amount), 0n)
        : captured + amount
      return {
        ...data,
        paymentState: payment.paymentState ?? (capturedAtService >= apiAmountToMinorUnits(data.amount!) ? "CAPTURED" : "PARTIALLY_CAPTURED"),
        capturedAmount: minorUnitsToApiAmount(capturedAtService),
      }
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "already_captured") {
        return { ...data, paymentState: "CAPTURED", capturedAmount: data.amount }
      }
      const described = describeServiceError("Capture", error)
      if (described.reason === "payment_voided") {
        // Most often an order cancelled while this capture waited for its void (withLock).
        this.logger?.error?.(`medusa-payment-bnpl: capture of service order ${data.orderId} refused: the payment was voided.`)
      }
      throw described
    }
  }

  /**
   * The order's refunds that ended without an answer, looked up in the service's own record
   * (Get Payment's `refunds[]`, matched by requestId; voids listed there carry none of ours):
   * returns what of them was applied (`attempts`: the caller forgets them once Medusa records
   * them), and forgets those never applied. No call when there are none.
   */
  private async resolveUnansweredRefunds(orderId: string): Promise<{ amountMinor: bigint; refundIds: string[]; attempts: PendingRefund[] }> {
    const journal = this.deps.journal
    const unanswered = await journal.unresolved(orderId)
    if (!unanswered.length) return { amountMinor: 0n, refundIds: [], attempts: [] }
    const payment = await this.read(() => this.client.getPayment(orderId))
    let amountMinor = 0n
    const refundIds: string[] = []
    const attempts: PendingRefund[] = []
    for (const attempt of unanswered) {
      const made = (payment.refunds ?? []).find(
        (refund) => refund.requestId === attempt.requestId || refund.merchantReference === attempt.requestId.slice(0, 85)
      )
      if (made) {
        amountMinor += apiAmountToMinorUnits(attempt.amount)
        refundIds.push(made.refundId)
        attempts.push(attempt)
      }
    }
    await journal.finish(orderId, ...unanswered.filter((attempt) => !attempts.includes(attempt)))
    if (amountMinor > 0n) {
      this.logger?.warn?.(
        `medusa-payment-bnpl: ${minorUnitsToApiAmount(amountMinor)} of service order ${orderId} was refunded by an earlier attempt whose answer was lost; it counts towards this refund.`
      )
    }
    return { amountMinor, refundIds, attempts }
  }

  /** Sends one refund, recording it in the journal while its outcome is unknown. */
  private async sendRefund(
    orderId: string,
    amount: Money,
    operation: { requestId: string; amount: string; startedAt: number },
    refundMerchantReference: string
  ): Promise<Refund> {
    const journal = this.deps.journal
    await journal.begin(orderId, operation)
    try {
      const refund = await this.client.createRefund(orderId, {
        amount,
        requestId: operation.requestId,
        merchantReference: operation.requestId.slice(0, 85),
        refundMerchantReference,
      })
      await journal.finish(orderId, operation)
      return refund
    } catch (error) {
      // Only an answerless failure may have been applied; a refusal certainly was not.
      if (error instanceof BnplApiError && error.retryable) await journal.markUnknown(orderId, operation)
      else await journal.finish(orderId, operation)
      throw describeServiceError("Refund", error)
    }
  }

  /**
   * After a void found nothing open: what the service captured (its CAPTURED events) beyond
   * what the data records is refunded once (requestId `<orderId>-cancel-refund-<captured>`,
   * found again in the payment's refunds on a later attempt), with an error logged; the call
   * then fails so Medusa does not record a clean cancellation. With nothing unrecorded, the
   * data is returned as settled.
   */
  private async settleUnrecordedCapture(data: BnplPaymentData): Promise<BnplPaymentData> {
    const orderId = data.orderId!
    const payment = await this.read(() => this.client.getPayment(orderId))
    const capturedAtService = (payment.events ?? [])
      .filter((event) => event.type === "CAPTURED" && event.amount)
      .reduce((sum, event) => sum + apiAmountToMinorUnits(event.amount!.amount), 0n)
    const unrecorded = capturedAtService - apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
    const settled = { ...data, paymentState: payment.paymentState ?? "CAPTURED" }
    if (unrecorded <= 0n) return settled

    const amount = minorUnitsToApiAmount(unrecorded)
    const requestId = requestIds.cancelRefund(orderId, minorUnitsToApiAmount(capturedAtService))
    if ((payment.refunds ?? []).some((refund) => refund.requestId === requestId || refund.merchantReference === requestId)) return settled

    const currency = data.currency ?? payment.originalAmount?.currency ?? ""
    this.logger?.error?.(
      `medusa-payment-bnpl: service order ${orderId} was cancelled in Medusa but ${amount} ${currency} was captured at the service that Medusa did not record; refunding it (requestId ${requestId}).`
    )
    try {
      await this.sendRefund(orderId, minorUnitsToMoney(unrecorded, currency), { requestId, amount, startedAt: Date.now() }, requestId)
    } catch (error) {
      throw new PaymentError(
        "service_unanswered",
        `Void: ${amount} ${currency} was captured at the service for order ${orderId} and its refund failed (${(error as Error).message}); it is tried again on the next attempt.`
      )
    }
    throw new PaymentError(
      "unrecorded_capture_refunded",
      `Void: the service had captured ${amount} ${currency} for order ${orderId} that Medusa did not record; it was refunded to the customer. Nothing is held now.`
    )
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
