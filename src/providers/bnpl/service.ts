// A provider gets the payment module's container only; Query (carried approvals) needs the
// application's, and `validateOptions` gets no container at all.
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
import type { PaymentOperations, PaymentResult } from "../../payments/payment-operations"
import type { SessionStatus } from "../../payments/payment-state"
import { describeServiceError, logCause, PaymentError } from "../../payments/errors"
import {
  CARRIED_APPROVAL_KEY,
  CART_SNAPSHOT_KEY,
  EARLY_CHECKOUT_KEY,
  EXPRESS_KEY,
  PREVIOUS_SESSIONS_KEY,
  asPaymentData,
  type BnplPaymentData,
} from "../../payments/session-data"
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
 * The Medusa payment provider `pp_bnpl_bnpl`: a thin adapter from Medusa's inputs (BigNumber major
 * units, idempotency keys, session data) to the payments core and back.
 */
export class BnplPaymentProviderService extends AbstractPaymentProvider<BnplOptions> {
  static identifier = "bnpl"

  protected readonly options_: BnplOptions
  protected readonly client_: BnplClient
  protected readonly logger_?: LoggerLike
  protected readonly payments_: PaymentOperations
  private readonly containerCache_?: CacheLike
  private readonly providerId_?: string
  private readonly configModule_?: ConfigModuleLike

  protected get cache_(): CacheLike | undefined {
    return this.containerCache_ ?? applicationCache()
  }

  /** Fails start-up naming the bad option: this account's, then those across accounts (duplicate ids, two for one region). */
  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
    const configModule = appConfig()
    if (configModule) readPluginConfiguration(configModule)
  }

  /** Builds the adapter from Medusa's container and this entry's options; starts nothing. @throws BnplOptionsError naming the bad option. */
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
      { cache: () => this.cache_, logger: this.logger_ },
    )
  }

  /** The checkout the middleware started early for this amount, else a new one. @throws MedusaError INVALID_DATA without a snapshot. */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const data = asPaymentData(input.data)
    const carriedApprovalId = data[CARRIED_APPROVAL_KEY]
    if (carriedApprovalId) {
      const carried = await this.run(() =>
        carriedSession(appContainer, {
          carriedApprovalId,
          sessionId: data.session_id,
          amountMinor: amountOf(input.amount),
          currency: input.currency_code,
        }),
      )
      return { id: carried.token, ...toMedusa({ ...carried, data: { ...carried.data, [CARRIED_APPROVAL_KEY]: undefined } }) }
    }
    const snapshot = data[CART_SNAPSHOT_KEY]
    if (!snapshot?.cartId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "medusa-payment-bnpl: the payment session has no cart. Create it through POST /store/payment-collections/:id/payment-sessions with the plugin registered under `plugins` in medusa-config.",
      )
    }
    const { [PREVIOUS_SESSIONS_KEY]: previousSessions, [EXPRESS_KEY]: express, [EARLY_CHECKOUT_KEY]: earlyKey, ...rest } = data
    const amountMinor = amountOf(input.amount)
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

  /** The popup origin is checked again here: whatever reached the provider, no checkout is made for an origin not the store's. */
  private async startOrContinueExpress(
    snapshot: CartSnapshot,
    input: InitiatePaymentInput,
    data: BnplPaymentData,
    express: NonNullable<BnplPaymentData[typeof EXPRESS_KEY]>,
  ) {
    const amountMinor = amountOf(input.amount)
    if (!("popupOriginUrl" in express)) {
      return this.payments_.continueExpressCheckout({ snapshot, amountMinor, currency: input.currency_code, instruction: express, data })
    }
    const origin = allowedPopupOrigin(
      express.popupOriginUrl,
      popupOriginRules(this.options_.storefrontUrl, this.configModule_ as ConfigWithStoreCors | undefined),
    )
    if (!origin) {
      throw new PaymentError(
        "not_allowed",
        "medusa-payment-bnpl: an express checkout opens only from the store's own origins (the storefrontUrl option and projectConfig.http.storeCors).",
      )
    }
    return this.payments_.startExpressCheckout({ snapshot, amountMinor, currency: input.currency_code, popupOriginUrl: origin, data })
  }

  /** Medusa 2.21's core flows never call this; a change of amount gets a new session there. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = asPaymentData(input.data)
    if (data[CART_SNAPSHOT_KEY]) return this.initiatePayment(input)
    return toMedusa(
      await this.run(async () => this.payments_.keepSession({ data, amountMinor: amountOf(input.amount), currency: input.currency_code })),
    )
  }

  /** `requestId` is Medusa's idempotency key (the session id); an order collection awaiting its consumer answers `pending_authorization`. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = asPaymentData(input.data)
    const requestId = input.context?.idempotency_key ?? data.session_id
    return withOrderCollectionStatus(toMedusa(await this.run(() => this.payments_.authorize({ data, requestId }))))
  }

  /** Captures the amount of the capture Medusa committed before calling. @throws MedusaError NOT_ALLOWED when it cannot be read. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = asPaymentData(input.data)
    return {
      data: await this.run(async () => {
        const capture = data.orderId ? await readMedusaCapture(input.context?.idempotency_key) : undefined
        if (data.orderId && !capture) {
          throw new PaymentError(
            "not_allowed",
            `Capture refused: Medusa's capture ${input.context?.idempotency_key ?? "(no id)"} could not be read, so its amount is unknown; nothing was captured. Capture through Medusa's payment module or capturePaymentWorkflow outside a transaction of your own.`,
          )
        }
        return this.payments_.capture({ data, capture: capture ?? { id: "", amountMinor: 0n } })
      }),
    }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const refundId = input.context?.idempotency_key
    return {
      data: await this.run(() => this.payments_.refund({ data: asPaymentData(input.data), amountMinor: amountOf(input.amount), refundId })),
    }
  }

  /** Voids what is open; for an order change before capture, carries the approval to the new payment instead. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const idempotencyKey = input.context?.idempotency_key
    const data = asPaymentData(input.data)
    return {
      data: await this.run(async () => {
        const carried =
          idempotencyKey && this.providerId_
            ? await carryApprovalOnOrderChange(appContainer, { paymentId: idempotencyKey, providerId: this.providerId_, data })
            : undefined
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

function configuredAccount(own: BnplOptions, configModule: ConfigModuleLike | undefined): { options: BnplOptions; providerId?: string } {
  if (!configModule) return { options: withBackendUrl(own) }
  const account = readPluginConfiguration(configModule).accounts.find(
    (candidate) => candidate.options.merchantId === own.merchantId && candidate.options.baseUrl === own.baseUrl,
  )
  return account ?? { options: withBackendUrl(own, configModule) }
}

/** For `validateOptions`, which Medusa calls before any container of the provider exists. */
function appConfig(): ConfigModuleLike | undefined {
  try {
    return (appContainer.resolve("configModule", { allowUnregistered: true }) as ConfigModuleLike | undefined) ?? undefined
  } catch {
    return undefined
  }
}

function amountOf(amount: unknown): bigint {
  return exactMinorUnits(amount as MajorUnitAmount, "amount")
}

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
