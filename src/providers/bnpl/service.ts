import {
  AbstractPaymentProvider,
  MedusaError,
  Modules,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { BnplApiError, type BnplClient } from "../../client"
import {
  apiAmountToMinorUnits,
  minorUnitsToApiAmount,
  minorUnitsToMoney,
  toMinorUnits,
  type MajorUnitAmount,
} from "../../client/money"
import type { CreateCheckoutRequest, Payment, Refund } from "../../client/schemas"
import { accountCurrency, parseOptions, type BnplOptions } from "../../options"
import { createClientFromOptions, type CacheLike, type LoggerLike } from "../../runtime/client-factory"
import { applicationCache } from "../../runtime/app-cache"
import { getConfiguration } from "../../runtime/configuration"
import { checkEligibility } from "../../runtime/eligibility"
import { withBackendUrl } from "../../runtime/plugin-options"
import { shopperError, toMedusaError, toShopperError } from "./errors"
import { cartDigest } from "./mapping/cart-digest"
import { balanceCheckout, toCreateCheckoutRequest } from "./mapping/checkout"
import { withPaymentLock } from "../../runtime/payment-lock"
import { CART_SNAPSHOT_KEY, asPaymentData, type BnplPaymentData } from "./session-data"
import { PendingOperations } from "./pending-operations"
import { authorizationExpiry, isExpired, toSessionStatus } from "./status"

type Cradle = Record<string, unknown>

/**
 * The Medusa payment provider `pp_bnpl_bnpl`: a buy now, pay later service spoken to through
 * its Merchant API v2 (merchant-api-v2.md). Medusa calls it; it calls the service.
 *
 * Every money-moving call carries a `requestId` taken from Medusa's idempotency key (the
 * payment session, capture, refund or payment id), so a retry, a time-out or a second server
 * instance never authorises, captures, refunds or voids twice.
 */
export class BnplPaymentProviderService extends AbstractPaymentProvider<BnplOptions> {
  static identifier = "bnpl"

  protected readonly options_: BnplOptions
  protected readonly client_: BnplClient
  protected readonly logger_?: LoggerLike
  private readonly containerCache_?: CacheLike
  protected readonly pending_: PendingOperations

  /** The shared cache: the payment module's if it has one, else the application's (see app-cache.ts). */
  protected get cache_(): CacheLike | undefined {
    return this.containerCache_ ?? applicationCache()
  }

  /** Fails Medusa's start-up with an error naming the bad option. */
  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
  }

  constructor(cradle: Cradle, options: Record<string, unknown>) {
    super(cradle, options as unknown as BnplOptions)
    this.logger_ = optional<LoggerLike>(cradle, "logger")
    this.containerCache_ = optional<CacheLike>(cradle, Modules.CACHE)
    this.options_ = withBackendUrl(
      parseOptions(options),
      optional<{ admin?: { backendUrl?: string } }>(cradle, "configModule")
    )
    this.client_ = createClientFromOptions(this.options_, { logger: this.logger_, cache: this.cache_ })
    this.pending_ = new PendingOperations(() => this.cache_)
    // Read the limits at start-up so the first shopper does not wait for them.
    getConfiguration(this.client_, this.options_, { cache: this.cache_, logger: this.logger_ }).catch((error: Error) =>
      this.logger_?.warn?.(`medusa-payment-bnpl: could not read the account's limits at start-up: ${error.message}`)
    )
  }

  /**
   * Creates a checkout on the service for the cart the store middleware put into `data`
   * (api-beyond-the-document.md "Create Checkout"). Refuses, changing nothing, an amount
   * outside the account's limits or a currency it does not serve (merchant-api-v2.md
   * "Limits: Order amount", rule 2).
   * Returns `{ token, expires, redirectCheckoutUrl, amount, currency, cartId }` as `data`.
   * @throws MedusaError NOT_ALLOWED when not eligible, INVALID_DATA without a cart snapshot.
   */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const data = asPaymentData(input.data)
    const snapshot = data[CART_SNAPSHOT_KEY]
    if (!snapshot?.cartId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "medusa-payment-bnpl: the payment session has no cart. Create it through POST /store/payment-collections/:id/payment-sessions with the plugin registered under `plugins` in medusa-config."
      )
    }
    if (!snapshot.email || snapshot.email.length > 128) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        snapshot.email
          ? "Pay later needs an e-mail address of at most 128 characters; the cart's is longer."
          : "Pay later needs the shopper's e-mail address: set the cart's email before choosing it."
      )
    }
    const currency = input.currency_code.toUpperCase()
    const amountMinor = toMinorUnits(input.amount as MajorUnitAmount)
    await this.assertEligible(amountMinor, currency)

    const request = toCreateCheckoutRequest(snapshot, {
      amountMinor,
      currency,
      region: this.options_.region,
      merchantName: this.options_.merchantName,
      storefrontUrl: this.options_.storefrontUrl,
      ...this.redirectUrls(snapshot.cartId),
    })
    return this.createCheckout(request, {
      ...data,
      cartId: snapshot.cartId,
      taxInclusive: snapshot.taxInclusive,
      cartDigest: cartDigest(snapshot),
    })
  }

  /**
   * Keeps the checkout when amount and currency are unchanged; otherwise makes a new one
   * for the new amount, from a fresh cart snapshot when given, else from the previous
   * checkout's details read back with Get Checkout (merchant-api-v2.md "Get Checkout").
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = asPaymentData(input.data)
    const currency = input.currency_code.toUpperCase()
    const amountMinor = toMinorUnits(input.amount as MajorUnitAmount)
    const unchanged =
      data.token && data.amount && data.currency === currency && apiAmountToMinorUnits(data.amount) === amountMinor
    if (unchanged && !data[CART_SNAPSHOT_KEY]) {
      return { data: { ...data }, status: PaymentSessionStatus.PENDING }
    }
    if (data[CART_SNAPSHOT_KEY]) {
      const created = await this.initiatePayment(input)
      return { data: created.data, status: created.status }
    }
    await this.assertEligible(amountMinor, currency)
    if (!data.token) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "medusa-payment-bnpl: the payment session has no checkout to update.")
    }
    const previous = await this.call("Updating the checkout", () => this.client_.getCheckout(data.token!))
    // The previous checkout's own "Adjustment" lines are dropped; balancing adds a new one.
    const withoutAdjustment = <T extends { name?: string; displayName?: string }>(lines?: unknown) =>
      (lines as T[] | undefined)?.filter((line) => (line.name ?? line.displayName) !== "Adjustment")
    const request = balanceCheckout(
      {
        amount: minorUnitsToMoney(amountMinor, currency),
        consumer: { email: "", ...(previous.consumer as object) },
        billing: previous.billing as CreateCheckoutRequest["billing"],
        shipping: previous.shipping as CreateCheckoutRequest["shipping"],
        items: withoutAdjustment(previous.items),
        discounts: withoutAdjustment(previous.discounts),
        merchant: previous.merchant as CreateCheckoutRequest["merchant"],
        merchantReference: previous.merchantReference,
        shippingAmount: previous.shippingAmount as CreateCheckoutRequest["shippingAmount"],
        taxAmount: previous.taxAmount as CreateCheckoutRequest["taxAmount"],
      },
      data.taxInclusive ?? false
    )
    return this.createCheckout(request, data)
  }

  /**
   * Authorises the payment once the consumer has confirmed on the service's screens:
   * Get Checkout to see the checkout still stands for the amount agreed, then Auth with
   * `requestId` = Medusa's idempotency key (the payment session id), so completing the cart
   * again never authorises twice (merchant-api-v2.md "Auth", "Get Checkout").
   * Returns `authorized` (or `captured` under `capture: "on_authorize"`), `requires_more`
   * while the consumer has not confirmed.
   * @throws MedusaError PAYMENT_AUTHORIZATION_ERROR for a decline or an expired checkout,
   *   with a message for the shopper.
   */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = asPaymentData(input.data)
    if (data.orderId) {
      return { data: { ...data }, status: toSessionStatus(data.paymentState, data.authorizationExpiresAt) }
    }
    if (!data.token || !data.amount || !data.currency) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "medusa-payment-bnpl: the payment session has no checkout token.")
    }
    const requestId = input.context?.idempotency_key ?? data.session_id
    if (!requestId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "medusa-payment-bnpl: authorising needs Medusa's idempotency key.")
    }

    let checkoutGone = false
    try {
      const checkout = await this.client_.getCheckout(data.token)
      if (
        checkout.amount &&
        (checkout.amount.currency !== data.currency ||
          apiAmountToMinorUnits(checkout.amount.amount) !== apiAmountToMinorUnits(data.amount))
      ) {
        this.logger_?.warn?.(
          `medusa-payment-bnpl: the checkout for cart ${data.cartId ?? "unknown"} was made for ${checkout.amount.amount} ${checkout.amount.currency} but the session is ${data.amount} ${data.currency}; not authorised.`
        )
        throw shopperError("amount_changed")
      }
    } catch (error) {
      // A checkout the service no longer returns may be one this very request already turned
      // into an order (a lost response); Auth with the same requestId tells which.
      if (!(error instanceof BnplApiError && error.code === "invalid_token")) throw this.authorizationError(error)
      checkoutGone = true
    }

    let payment: Payment
    try {
      payment = await this.client_.auth({ token: data.token, requestId, merchantReference: data.cartId })
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "not_confirmed") {
        return { data: { ...data }, status: PaymentSessionStatus.REQUIRES_MORE }
      }
      throw this.authorizationError(error)
    }

    if (checkoutGone) {
      // A replayed answer describes the payment as it was; it may have been voided since
      // (reconciliation voids approvals no order claimed). Place no order on it.
      payment = await this.call("Reading the payment", () => this.client_.getPayment(payment.id))
      if (!["AUTH_APPROVED", "PARTIALLY_CAPTURED", "CAPTURED"].includes(payment.paymentState ?? "")) {
        throw shopperError("expired")
      }
    }
    const approved: BnplPaymentData = {
      ...data,
      orderId: payment.id,
      paymentState: payment.paymentState ?? "AUTH_APPROVED",
      authorizationExpiresAt: authorizationExpiry(payment),
      authorizedAt: new Date().toISOString(),
      capturedAmount: "0.00",
      refundedAmount: "0.00",
    }
    if (this.options_.capture !== "on_authorize") {
      return { data: approved, status: PaymentSessionStatus.AUTHORIZED }
    }
    try {
      const captured = await this.captureOpenAmount(approved, captureRequestId(approved))
      return { data: captured, status: PaymentSessionStatus.CAPTURED }
    } catch (error) {
      // The authorisation stands; the admin can still capture it by hand.
      this.logger_?.warn?.(
        `medusa-payment-bnpl: capture on authorisation failed for order ${payment.id}; capture it from the admin. ${(error as Error).message}`
      )
      return { data: approved, status: PaymentSessionStatus.AUTHORIZED }
    }
  }

  /**
   * Captures what is still open to capture (api-beyond-the-document.md "Deferred capture"),
   * with `requestId` = the capture's id. Medusa does not tell a provider the capture amount,
   * so the whole open amount is captured.
   * @throws MedusaError when the authorisation expired (13 days), was voided, or the service
   *   refuses; the message says which.
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = asPaymentData(input.data)
    if (!data.orderId) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Capture refused: the payment was never authorised by the payment service.")
    }
    if (data.paymentState === "CAPTURED") return { data: { ...data } }
    if (isExpired(data.authorizationExpiresAt)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Capture refused: the authorisation expired at ${data.authorizationExpiresAt} (authorisations last 13 days, then the service voids them). Ask the customer to pay again with a new order.`
      )
    }
    const orderId = data.orderId
    return withPaymentLock(orderId, async () => ({ data: await this.captureOpenAmount(data, captureRequestId(data)) }))
  }

  /**
   * Refunds `amount` (major units) with Create Refund (merchant-api-v2.md "Create Refund"),
   * sending `requestId` AND `merchantReference` (both Medusa's refund id) so a retry never
   * refunds twice, and `refundMerchantReference` for the settlement file.
   * Only captured funds can be refunded (rule 5); more than captured minus refunded is refused
   * here, before the service is asked.
   * @throws MedusaError INVALID_DATA / NOT_ALLOWED with the reason.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = asPaymentData(input.data)
    if (!data.orderId) return this.refundUnlocked(input)
    return withPaymentLock(data.orderId, () => this.refundUnlocked(input))
  }

  private async refundUnlocked(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = asPaymentData(input.data)
    if (!data.orderId || !data.currency) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Refund refused: the payment was never authorised by the payment service.")
    }
    const amountMinor = toMinorUnits(input.amount as MajorUnitAmount)
    const captured = apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
    const refunded = apiAmountToMinorUnits(data.refundedAmount ?? "0.00")
    if (captured === 0n) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Refund refused: only captured funds can be refunded with this payment service. Capture the payment first, or cancel the order to void the authorisation."
      )
    }
    if (amountMinor <= 0n || amountMinor > captured - refunded) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Refund refused: ${minorUnitsToApiAmount(amountMinor)} ${data.currency} is more than the ${minorUnitsToApiAmount(captured - refunded)} ${data.currency} captured and not yet refunded.`
      )
    }
    const refundId = input.context?.idempotency_key
    if (!refundId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "medusa-payment-bnpl: refunding needs Medusa's idempotency key (the refund id).")
    }
    const orderId = data.orderId
    const amount = minorUnitsToApiAmount(amountMinor)
    // An earlier attempt for this order and amount whose outcome Medusa never recorded: reuse
    // its requestId so the service replays that refund instead of paying a second.
    const pending = await this.pending_.find("refund", orderId, amount)
    const operation = {
      requestId: PendingOperations.shouldReuse(pending) ? pending.requestId : refundId,
      amount,
      startedAt: Date.now(),
    }
    const requestId = operation.requestId
    await this.pending_.begin("refund", orderId, operation)
    let refund: Refund
    try {
      refund = await this.client_.createRefund(orderId, {
        amount: minorUnitsToMoney(amountMinor, data.currency!),
        requestId,
        merchantReference: requestId.slice(0, 85),
        refundMerchantReference: refundId.slice(0, 128),
      })
    } catch (error) {
      // Only an answerless failure may have been applied; a refusal certainly was not.
      if (error instanceof BnplApiError && error.retryable) await this.pending_.markUnknown("refund", orderId, operation)
      else await this.pending_.finish("refund", orderId, operation)
      throw toMedusaError("Refund", error)
    }
    await this.pending_.finish("refund", orderId, operation)
    return {
      data: {
        ...data,
        refundedAmount: minorUnitsToApiAmount(refunded + amountMinor),
        refundIds: [...(data.refundIds ?? []), refund.refundId],
      },
    }
  }

  /**
   * Voids what is left open to capture (api-beyond-the-document.md "void"), with `requestId`
   * = the payment id; after it the service holds no open authorisation for the order.
   * A payment never authorised, or already voided or expired, is left as is. Runs under the
   * payment's lock, so a capture pressed meanwhile waits and then meets the voided payment.
   *
   * If the service answers that the money was captured although the payment's data records
   * no such capture (a capture that raced the cancellation, or whose answer was lost), the
   * cancelled order must not keep the consumer's money: that capture is refunded once
   * (requestId `<orderId>-cancel-refund-<captured>`, found again in the payment's refunds on
   * any later attempt), an error naming it is logged, and the call fails so Medusa does not
   * record a clean cancellation; a later attempt (the order.canceled subscriber, the hourly
   * job) then finds nothing held and succeeds.
   * @throws MedusaError when the void fails, or after refunding an unrecorded capture.
   */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = asPaymentData(input.data)
    if (!data.orderId || ["VOIDED", "EXPIRED"].includes(data.paymentState ?? "")) {
      return { data: { ...data } }
    }
    const orderId = data.orderId
    return withPaymentLock(orderId, async () => {
      if (data.paymentState === "CAPTURED") return this.settleUnrecordedCapture(data)
      const requestId = input.context?.idempotency_key ?? `${orderId}-void`
      try {
        const payment = await this.client_.voidPayment(orderId, { requestId })
        return { data: { ...data, paymentState: payment.paymentState, voidedAt: new Date().toISOString() } }
      } catch (error) {
        if (error instanceof BnplApiError && ["payment_voided", "payment_expired"].includes(error.errorCode ?? "")) {
          return { data: { ...data, paymentState: error.errorCode === "payment_voided" ? "VOIDED" : "EXPIRED" } }
        }
        // Nothing open: the service captured it all. Whatever Medusa does not know of is refunded.
        if (error instanceof BnplApiError && error.code === "already_captured") return this.settleUnrecordedCapture(data)
        throw toMedusaError("Void", error)
      }
    })
  }

  /**
   * After a void found nothing open: compares what the service captured (the payment's
   * CAPTURED events) with what the payment's data records, and refunds the difference once.
   * Returns the data as settled when nothing unrecorded is held.
   * @throws MedusaError after refunding, or when the refund fails, naming the capture.
   */
  private async settleUnrecordedCapture(data: BnplPaymentData): Promise<CancelPaymentOutput> {
    const orderId = data.orderId!
    const payment = await this.call("Reading the payment", () => this.client_.getPayment(orderId))
    const capturedAtService = (payment.events ?? [])
      .filter((event) => event.type === "CAPTURED" && event.amount)
      .reduce((sum, event) => sum + apiAmountToMinorUnits(event.amount!.amount), 0n)
    const recorded = apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
    const unrecorded = capturedAtService - recorded
    const settled = { ...data, paymentState: payment.paymentState ?? "CAPTURED" }
    if (unrecorded <= 0n) return { data: settled }

    const amount = minorUnitsToApiAmount(unrecorded)
    const reference = `${orderId}-cancel-refund-${minorUnitsToApiAmount(capturedAtService)}`.slice(0, 64)
    const alreadyRefunded = (payment.refunds ?? []).some((refund) => refund.requestId === reference || refund.merchantReference === reference)
    if (alreadyRefunded) return { data: settled }

    const currency = data.currency ?? payment.originalAmount?.currency
    this.logger_?.error?.(
      `medusa-payment-bnpl: service order ${orderId} was cancelled in Medusa but ${amount} ${currency} was captured at the service that Medusa did not record; refunding it (requestId ${reference}).`
    )
    const operation = { requestId: reference, amount, startedAt: Date.now() }
    await this.pending_.begin("refund", orderId, operation)
    try {
      await this.client_.createRefund(orderId, {
        amount: minorUnitsToMoney(unrecorded, currency!),
        requestId: reference,
        merchantReference: reference,
        refundMerchantReference: reference,
      })
    } catch (error) {
      if (error instanceof BnplApiError && error.retryable) await this.pending_.markUnknown("refund", orderId, operation)
      else await this.pending_.finish("refund", orderId, operation)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Void: ${amount} ${currency} was captured at the service for order ${orderId} and its refund failed (${toMedusaError("Refund", error).message}); it is tried again on the next attempt.`
      )
    }
    await this.pending_.finish("refund", orderId, operation)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Void: the service had captured ${amount} ${currency} for order ${orderId} that Medusa did not record; it was refunded to the customer. Nothing is held now.`
    )
  }

  /**
   * A session is deleted when the cart changes or the shopper starts the payment again. An
   * unused checkout expires by itself within 60 minutes; but if the consumer confirmed and an
   * Auth reached the service while its answer was lost, an authorisation exists that no order
   * will ever use. It is voided here (Get Payment By Token, then void with requestId
   * `<orderId>-void-abandoned`), so the consumer's money is not held for 13 days. Never throws:
   * Medusa must be able to delete the session whatever the service says.
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = asPaymentData(input.data)
    if (data.token && !data.orderId) {
      try {
        const payment = await this.client_.getPaymentByToken(data.token)
        if (payment.status === "APPROVED" && payment.paymentState === "AUTH_APPROVED") {
          await this.client_.voidPayment(payment.id, { requestId: `${payment.id}-void-abandoned` })
          this.logger_?.warn?.(
            `medusa-payment-bnpl: voided service order ${payment.id}: it was authorised for a payment session that was then deleted (cart ${data.cartId ?? "unknown"}).`
          )
        }
      } catch (error) {
        if (!(error instanceof BnplApiError && error.code === "not_found")) {
          this.logger_?.warn?.(
            `medusa-payment-bnpl: could not check the deleted session's checkout for an unused authorisation: ${(error as Error).message}; the reconciliation job reports it if there is one.`
          )
        }
      }
    }
    return { data: { ...data } }
  }

  /**
   * The payment's status as the service sees it: Get Payment for an authorised order, else
   * the checkout (pending while it stands; canceled when expired). Source:
   * merchant-api-v2.md "States and transitions", api-beyond-the-document.md "Get Payment".
   */
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = asPaymentData(input.data)
    if (data.orderId) {
      const payment = await this.call("Reading the payment", () => this.client_.getPayment(data.orderId!))
      const expiresAt = authorizationExpiry(payment) ?? data.authorizationExpiresAt
      return {
        status: toSessionStatus(payment.paymentState, expiresAt),
        data: { ...data, paymentState: payment.paymentState, authorizationExpiresAt: expiresAt },
      }
    }
    if (!data.token) return { status: PaymentSessionStatus.PENDING, data: { ...data } }
    try {
      await this.client_.getCheckout(data.token)
      return { status: PaymentSessionStatus.PENDING, data: { ...data } }
    } catch (error) {
      if (!(error instanceof BnplApiError && error.code === "invalid_token")) throw toMedusaError("Reading the checkout", error)
    }
    try {
      const payment = await this.client_.getPaymentByToken(data.token)
      return { status: toSessionStatus(payment.paymentState, authorizationExpiry(payment)), data: { ...data } }
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "not_found") {
        return { status: PaymentSessionStatus.CANCELED, data: { ...data } }
      }
      throw toMedusaError("Reading the payment", error)
    }
  }

  /** The session data refreshed from the service (Get Payment), for an authorised order. */
  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = asPaymentData(input.data)
    if (!data.orderId) return { data: { ...data } }
    const payment = await this.call("Reading the payment", () => this.client_.getPayment(data.orderId!))
    return {
      data: {
        ...data,
        paymentState: payment.paymentState,
        authorizationExpiresAt: authorizationExpiry(payment) ?? data.authorizationExpiresAt,
      },
    }
  }

  /** The service sends no webhooks (merchant-api-v2.md "Events": delivery not shown). */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: "not_supported" }
  }

  private async assertEligible(amountMinor: bigint, currency: string): Promise<void> {
    const configuration = await getConfiguration(this.client_, this.options_, {
      cache: this.cache_,
      logger: this.logger_,
    }).catch((error: unknown) => {
      throw toShopperError("Reading the account's limits", error, "unavailable", this.logger_)
    })
    const eligibility = checkEligibility(amountMinor, currency, accountCurrency(this.options_), configuration)
    if (eligibility.eligible) return
    const amount = `${minorUnitsToApiAmount(amountMinor)} ${currency}`
    const reasons = {
      below_minimum: `the total ${amount} is below the minimum of ${eligibility.minimumAmount} ${eligibility.currency}`,
      above_maximum: `the total ${amount} is above the maximum of ${eligibility.maximumAmount} ${eligibility.currency}`,
      unsupported_currency: `the account only accepts ${eligibility.currency}, and the cart is in ${currency}`,
    }
    throw shopperError("not_eligible", `Pay later is not available for this cart: ${reasons[eligibility.reason!]}.`)
  }

  private redirectUrls(cartId: string): { redirectConfirmUrl: string; redirectCancelUrl: string } {
    const fill = (template: string) => template.replace(/\{cart_id\}/g, encodeURIComponent(cartId))
    const backend = this.options_.backendUrl
    const fallback = backend ? `${backend}/bnpl/return?cart_id=${encodeURIComponent(cartId)}` : undefined
    const redirectConfirmUrl = this.options_.redirectConfirmUrl ? fill(this.options_.redirectConfirmUrl) : fallback
    const redirectCancelUrl = this.options_.redirectCancelUrl ? fill(this.options_.redirectCancelUrl) : fallback
    if (!redirectConfirmUrl || !redirectCancelUrl) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        'medusa-payment-bnpl: option "backendUrl" is required (or "redirectConfirmUrl" and "redirectCancelUrl") so the service can send the consumer back.'
      )
    }
    return { redirectConfirmUrl, redirectCancelUrl }
  }

  private async createCheckout(request: CreateCheckoutRequest, data: BnplPaymentData): Promise<InitiatePaymentOutput> {
    const checkout = await this.client_.createCheckout(request).catch((error: unknown) => {
      throw toShopperError("Starting the pay later checkout", error, "unavailable", this.logger_)
    })
    return {
      id: checkout.token,
      status: PaymentSessionStatus.PENDING,
      data: {
        ...data,
        // Medusa stores { ...input data, ...this }: undefined drops the snapshot from storage.
        [CART_SNAPSHOT_KEY]: undefined,
        token: checkout.token,
        expires: checkout.expires,
        redirectCheckoutUrl: checkout.redirectCheckoutUrl,
        amount: request.amount.amount,
        currency: request.amount.currency,
      } satisfies BnplPaymentData,
    }
  }

  private async captureOpenAmount(data: BnplPaymentData, requestId: string): Promise<BnplPaymentData> {
    const captured = apiAmountToMinorUnits(data.capturedAmount ?? "0.00")
    const open = apiAmountToMinorUnits(data.amount!) - captured
    try {
      const payment = await this.client_.capturePayment(data.orderId!, {
        requestId,
        amount: minorUnitsToMoney(open, data.currency!),
      })
      return { ...data, paymentState: payment.paymentState ?? "CAPTURED", capturedAmount: data.amount }
    } catch (error) {
      if (error instanceof BnplApiError && error.code === "already_captured") {
        return { ...data, paymentState: "CAPTURED", capturedAmount: data.amount }
      }
      if (error instanceof BnplApiError && error.errorCode === "payment_voided") {
        // Most often an order cancelled while this capture waited for its void (withPaymentLock).
        this.logger_?.error?.(`medusa-payment-bnpl: capture of service order ${data.orderId} refused: the payment was voided.`)
      }
      throw toMedusaError("Capture", error)
    }
  }

  private authorizationError(error: unknown): MedusaError {
    if (error instanceof BnplApiError && error.code === "declined") return shopperError("declined")
    if (error instanceof BnplApiError && error.code === "invalid_token") return shopperError("expired")
    return toShopperError("Authorising the payment", error, "payment_failed", this.logger_)
  }

  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw toMedusaError(operation, error)
    }
  }
}

/**
 * The capture's requestId: the service order and what was captured before it. Medusa makes a
 * new capture id for every press of Capture, even after one whose answer was lost; this one
 * stays the same until a capture is recorded, so a retry is answered from the service's
 * memory and never captures twice, on any instance.
 */
function captureRequestId(data: BnplPaymentData): string {
  return `${data.orderId}-capture-${data.capturedAmount ?? "0.00"}`
}

/** Awilix throws on an unknown key; a provider must work with whatever its container has. */
function optional<T>(cradle: Cradle, key: string): T | undefined {
  try {
    return (cradle[key] as T) ?? undefined
  } catch {
    return undefined
  }
}
