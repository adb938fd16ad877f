// Medusa gives a payment provider the payment module's container only; an order change's
// approval is read with Query, which only the application's container holds (carriedSession,
// carryApprovalOnOrderChange), and `validateOptions` is called with no container at all.
import { container as appContainer } from "@medusajs/framework"
import { AbstractPaymentProvider, MedusaError, Modules } from "@medusajs/framework/utils"
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
  PaymentSessionStatus,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { BnplClient } from "../../client"
import { exactMinorUnits, MoneyError, type MajorUnitAmount } from "../../client/money"
import { parseOptions, type BnplOptions } from "../../options"
import { PaymentOperations, type PaymentResult } from "../../payments/payment-operations"
import type { SessionStatus } from "../../payments/payment-state"
import { describeServiceError, logCause, PaymentError } from "../../payments/errors"
import { CARRIED_APPROVAL_KEY, CART_SNAPSHOT_KEY, EARLY_CHECKOUT_KEY, EXPRESS_KEY, PREVIOUS_SESSIONS_KEY, asPaymentData, type BnplPaymentData } from "../../payments/session-data"
import type { CartSnapshot } from "../../payments/mapping/cart-snapshot"
import { allowedPopupOrigin } from "../../payments/express-origin"
import { popupOriginRules, type ConfigWithStoreCors } from "../../runtime/config/store-origins"
import { applicationCache } from "../../runtime/infrastructure/app-cache"
import { createClientFromOptions } from "../../runtime/accounts/client-factory"
import type { CacheLike, LoggerLike } from "../../runtime/infrastructure/shared-types"
import { readMedusaCapture } from "../../runtime/records/medusa-captures"
import { paymentOperationsFor } from "../../runtime/accounts/account-payment-operations"
import { takeEarlyCheckout } from "../../runtime/checkout/early-checkouts"
import { readPluginConfiguration, withBackendUrl, type ConfigModuleLike } from "../../runtime/config/configured-accounts"
import { carryApprovalOnOrderChange } from "../../operations/order-changes/carry-approval"
import { carriedSession } from "../../operations/order-changes/carried-session"
import { toMedusaError } from "./errors"
import { withOrderCollectionStatus } from "./order-collection-status"

type Cradle = Record<string, unknown>

/**
 * The Medusa payment provider `pp_bnpl_bnpl`: a thin adapter that translates Medusa's
 * inputs (BigNumber amounts in major units, idempotency keys, session data) to the payments
 * core (src/payments/payment-operations.ts) and its results and errors back to Medusa's
 * shapes. All payment logic lives in the core; see docs/architecture.md.
 */
export class BnplPaymentProviderService extends AbstractPaymentProvider<BnplOptions> {
  static identifier = "bnpl"

  protected readonly options_: BnplOptions
  protected readonly client_: BnplClient
  protected readonly logger_?: LoggerLike
  protected readonly payments_: PaymentOperations
  private readonly containerCache_?: CacheLike
  /** This account's provider id (`pp_bnpl_<id>`); undefined outside an app. */
  private readonly providerId_?: string
  /** The app's resolved medusa-config, from the injected container; undefined outside an app. */
  private readonly configModule_?: ConfigModuleLike

  /** The shared cache: the payment module's if it has one, else the application's (see app-cache.ts). */
  protected get cache_(): CacheLike | undefined {
    return this.containerCache_ ?? applicationCache()
  }

  /**
   * Fails Medusa's start-up with an error naming the bad option: this account's, then those
   * that concern every account (duplicate ids or merchant ids, two accounts for one region;
   * runtime/config/configured-accounts.ts), read from the app's config.
   */
  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
    const configModule = appConfig()
    if (configModule) readPluginConfiguration(configModule)
  }

  /**
   * Builds the adapter from what Medusa injects (`cradle`: the payment module's container, with
   * its logger and configModule) and this entry's options; nothing is started and nothing is
   * registered. The work an account does at start-up (the connection test, which also reads
   * the limits for the first shopper) is the plugin runtime's (runtime/accounts/plugin-runtime.ts);
   * the session middleware and the order-change operations build the account's
   * PaymentOperations the same way (account-payment-operations.ts).
   * @throws BnplOptionsError naming the bad option.
   */
  constructor(cradle: Cradle, options: Record<string, unknown>) {
    super(cradle, options as unknown as BnplOptions)
    this.logger_ = optional<LoggerLike>(cradle, "logger")
    this.containerCache_ = optional<CacheLike>(cradle, Modules.CACHE)
    this.configModule_ = optional<ConfigModuleLike>(cradle, "configModule")
    const account = configuredAccount(parseOptions(options), this.configModule_)
    this.options_ = account.options
    this.providerId_ = account.providerId
    this.client_ = createClientFromOptions(this.options_, { logger: this.logger_, cache: this.cache_ })
    this.payments_ = paymentOperationsFor(
      { options: this.options_, client: this.client_, providerId: account.providerId },
      { cache: () => this.cache_, logger: this.logger_ }
    )
  }

  /**
   * The session's checkout for the cart snapshot the store middleware put into `data`
   * (api/store/payment-session-snapshot.ts): the one the middleware already started for this
   * request when it was made for this amount and currency (runtime/checkout/early-checkouts.ts), else
   * one made here; see PaymentOperations.startCheckout.
   * @throws MedusaError INVALID_DATA without a snapshot; the core's errors otherwise.
   */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const data = asPaymentData(input.data)
    const carriedApprovalId = data[CARRIED_APPROVAL_KEY]
    if (carriedApprovalId) {
      const carried = await this.run(() =>
        carriedSession(appContainer, { carriedApprovalId, sessionId: data.session_id, amountMinor: amountOf(input.amount), currency: input.currency_code })
      )
      return { id: carried.token, ...toMedusa({ ...carried, data: { ...carried.data, [CARRIED_APPROVAL_KEY]: undefined } }) }
    }
    const snapshot = data[CART_SNAPSHOT_KEY]
    if (!snapshot?.cartId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "medusa-payment-bnpl: the payment session has no cart. Create it through POST /store/payment-collections/:id/payment-sessions with the plugin registered under `plugins` in medusa-config."
      )
    }
    const { [PREVIOUS_SESSIONS_KEY]: previousSessions, [EXPRESS_KEY]: express, [EARLY_CHECKOUT_KEY]: earlyKey, ...rest } = data
    const amountMinor = amountOf(input.amount)
    // The checkout the middleware started for this very session, if it was made for this amount.
    const early = this.providerId_
      ? takeEarlyCheckout(earlyKey, { providerId: this.providerId_, cartId: snapshot.cartId, amountMinor, currency: input.currency_code })
      : undefined
    const started = await this.run(async () => {
      if (early && !express) {
        const checkout = await early
        return { ...checkout, data: { ...rest, ...checkout.data } }
      }
      return express
        ? this.startOrContinueExpress(snapshot, input, rest, express)
        : this.payments_.startCheckout({ snapshot, amountMinor, currency: input.currency_code, data: rest, previousSessions })
    })
    // Medusa stores { ...input data, ...this }: undefined drops what the middleware handed in.
    const stored = {
      ...started.data,
      [CART_SNAPSHOT_KEY]: undefined,
      [PREVIOUS_SESSIONS_KEY]: undefined,
      [EXPRESS_KEY]: undefined,
      [EARLY_CHECKOUT_KEY]: undefined,
    }
    return withOrderCollectionStatus({ id: started.token, ...toMedusa({ ...started, data: stored }) })
  }

  /**
   * An express session, as the plugin's express routes ask (operations/express): a new
   * express checkout, or the cart's checkout carried to this new session. The popup origin is
   * checked here again (the routes check it first): whatever reached this provider, a checkout
   * is never made for an origin that is not the store's (payments/express-origin.ts).
   */
  private async startOrContinueExpress(
    snapshot: CartSnapshot,
    input: InitiatePaymentInput,
    data: BnplPaymentData,
    express: NonNullable<BnplPaymentData[typeof EXPRESS_KEY]>
  ) {
    const amountMinor = amountOf(input.amount)
    if (!("popupOriginUrl" in express)) {
      return this.payments_.continueExpressCheckout({ snapshot, amountMinor, currency: input.currency_code, instruction: express, data })
    }
    const origin = allowedPopupOrigin(express.popupOriginUrl, popupOriginRules(this.options_.storefrontUrl, this.configModule_ as ConfigWithStoreCors | undefined))
    if (!origin) {
      throw new PaymentError("not_allowed", "medusa-payment-bnpl: an express checkout opens only from the store's own origins (the storefrontUrl option and projectConfig.http.storeCors).")
    }
    return this.payments_.startExpressCheckout({ snapshot, amountMinor, currency: input.currency_code, popupOriginUrl: origin, data })
  }

  /** Medusa 2.21's core flows never call this; a change of amount gets a new session there. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = asPaymentData(input.data)
    if (data[CART_SNAPSHOT_KEY]) return this.initiatePayment(input)
    return toMedusa(await this.run(async () => this.payments_.keepSession({ data, amountMinor: amountOf(input.amount), currency: input.currency_code })))
  }

  /**
   * See PaymentOperations.authorize; `requestId` is Medusa's idempotency key (the session id).
   * An order's payment collection waiting for its consumer answers `pending_authorization`
   * (order-collection-status.ts).
   */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = asPaymentData(input.data)
    const requestId = input.context?.idempotency_key ?? data.session_id
    return withOrderCollectionStatus(toMedusa(await this.run(() => this.payments_.authorize({ data, requestId }))))
  }

  /**
   * Captures what Medusa recorded for this capture: Medusa passes the new capture's id, and its
   * amount is read from the capture Medusa committed before calling (runtime/records/medusa-captures.ts),
   * whatever path captured. See PaymentOperations.capture.
   * @throws MedusaError NOT_ALLOWED when no committed capture has that id: nothing is captured
   *   rather than more than Medusa records.
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = asPaymentData(input.data)
    return {
      data: await this.run(async () => {
        const capture = data.orderId ? await readMedusaCapture(input.context?.idempotency_key) : undefined
        if (data.orderId && !capture) {
          throw new PaymentError(
            "not_allowed",
            `Capture refused: Medusa's capture ${input.context?.idempotency_key ?? "(no id)"} could not be read, so its amount is unknown; nothing was captured. Capture through Medusa's payment module or capturePaymentWorkflow outside a transaction of your own.`
          )
        }
        return this.payments_.capture({ data, capture: capture ?? { id: "", amountMinor: 0n } })
      }),
    }
  }

  /** Refunds `input.amount` (major units) with Medusa's refund id as the key (PaymentOperations.refund). */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const refundId = input.context?.idempotency_key
    return {
      data: await this.run(() =>
        this.payments_.refund({ data: asPaymentData(input.data), amountMinor: amountOf(input.amount), refundId })
      ),
    }
  }

  /**
   * Voids what is open (PaymentOperations.cancel), with Medusa's payment id as the key; except
   * when Medusa cancels the payment for an order change (an edit, exchange, claim or return
   * confirmed before capture): then the shopper's approval is kept and carried to the order's
   * new payment collection (operations/order-changes), and nothing is sent to the service here.
   */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const idempotencyKey = input.context?.idempotency_key
    const data = asPaymentData(input.data)
    return {
      data: await this.run(async () => {
        const carried =
          idempotencyKey && this.providerId_ ? await carryApprovalOnOrderChange(appContainer, { paymentId: idempotencyKey, providerId: this.providerId_, data }) : undefined
        return carried ?? this.payments_.cancel({ data, idempotencyKey })
      }),
    }
  }

  /** Never throws: Medusa must be able to delete a session whatever the service says. */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: await this.payments_.releaseSession({ data: asPaymentData(input.data) }) }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return toMedusa(await this.run(() => this.payments_.status({ data: asPaymentData(input.data) })))
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: await this.run(() => this.payments_.refresh({ data: asPaymentData(input.data) })) }
  }

  /** The service sends no webhooks (docs/service-api.md "Events": delivery not shown). */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: "not_supported" }
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      // An amount of more than 2 decimals (Medusa keeps any decimal; the service moves cents): refused, nothing sent.
      if (error instanceof MoneyError) throw toMedusaError(new PaymentError("invalid_request", `Invalid request: ${error.message}`))
      const described = error instanceof MedusaError ? error : describeServiceError("The payment operation", error)
      logCause(this.logger_, described)
      throw toMedusaError(described)
    }
  }
}

/**
 * The provider's account as the plugin sees it: its options with the store-wide options (return
 * route, storefront) of medusa-config filled in, and its payment provider id, the key of the
 * settings a merchant saves in the admin (runtime/config/configured-accounts.ts). Without the app's
 * config (a provider built outside a Medusa app), its own options and no provider id.
 */
function configuredAccount(own: BnplOptions, configModule: ConfigModuleLike | undefined): { options: BnplOptions; providerId?: string } {
  if (!configModule) return { options: withBackendUrl(own) }
  const account = readPluginConfiguration(configModule).accounts.find(
    (candidate) => candidate.options.merchantId === own.merchantId && candidate.options.baseUrl === own.baseUrl
  )
  return account ?? { options: withBackendUrl(own, configModule) }
}

/**
 * The app's resolved medusa-config, once Medusa has loaded it; undefined outside an app. Only
 * for `validateOptions`, which Medusa calls with the options alone, before any container of
 * the provider exists.
 */
function appConfig(): ConfigModuleLike | undefined {
  try {
    return (appContainer.resolve("configModule", { allowUnregistered: true }) as ConfigModuleLike | undefined) ?? undefined
  } catch {
    return undefined
  }
}

/** Medusa's amount (a number or BigNumber shape, major units) in minor units. */
/** A refund's amount as Medusa recorded it, exactly: more than 2 decimals is refused (PaymentError `invalid_request`), nothing sent. */
function amountOf(amount: unknown): bigint {
  return exactMinorUnits(amount as MajorUnitAmount, "amount")
}

/** The core's status strings are the values of Medusa's PaymentSessionStatus. */
function toMedusa(result: PaymentResult): { data: Record<string, unknown>; status: PaymentSessionStatus } {
  return { data: result.data, status: result.status satisfies SessionStatus as unknown as PaymentSessionStatus }
}

/** Awilix throws on an unknown key; a provider must work with whatever its container has. */
function optional<T>(cradle: Cradle, key: string): T | undefined {
  try {
    return (cradle[key] as T) ?? undefined
  } catch {
    return undefined
  }
}
