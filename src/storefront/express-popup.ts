import type { PayLaterError } from "./checkout"
import {
  completeExpressCheckout,
  createExpressCart,
  expressShippingOptions,
  startExpressCheckout,
  type ExpressCartItem,
  type ExpressCartResult,
  type ExpressCompleteErrorReason,
  type ExpressRejection,
  type ExpressStartErrorReason,
} from "./express"
import type { BnplExpressLibrary, BnplExpressPopupConfig } from "./express-library"
import { messageFor, type ExpressErrorReason, type PayLaterMessages } from "./reasons"
import type { StoreClientConfig } from "./store-client"
import type { LocaleChoice } from "./texts"

/** Every reason an express checkout can end with instead of an order. */
export type ExpressOutcomeReason = ExpressStartErrorReason | ExpressCompleteErrorReason | ExpressErrorReason

/** How an express checkout ended: the order, or a message for the shopper. Plain data. */
export type ExpressOutcome = { orderId: string } | { error: PayLaterError<ExpressOutcomeReason> }

/** Where the express checkout's cart comes from: a cart id (cart page) or a function making one (product page). */
export type ExpressCartSource = string | (() => Promise<ExpressCartResult>)

/** Options of `openExpressCheckout`. */
export interface OpenExpressOptions {
  /** The store, as the browser reaches it (the publishable key is public). */
  config: StoreClientConfig
  /** The consumer's country for the popup, ISO 3166-1 alpha-2 ("GB"). */
  countryCode: string
  /** The cart page's cart id, or `expressCartFor(config, item)` on a product page. */
  cart: ExpressCartSource
  providerId?: string
  messages?: PayLaterMessages
  /** The shopper's locale or where to choose it (`shopperLocale`); the popup's own screens are the service's. */
  locale?: LocaleChoice
  /** Called once with the order or the reason the checkout ended without one. Never with a closed popup's silence. */
  onOutcome(outcome: ExpressOutcome): void
  /** The consumer confirmed: the order is being placed (a second or two). */
  onCompleting?(): void
}

/**
 * Opens the express popup and answers its callbacks through the store routes. Call it
 * synchronously in a click handler, or the browser blocks the window. `onOutcome` gets
 * `{ orderId }` or `{ error }` once. @returns false when the library threw.
 */
export function openExpressCheckout(library: BnplExpressLibrary, options: OpenExpressOptions): boolean {
  const outcome = outcomeReporter(options)
  const popup = expressPopupConfig(options, outcome)
  try {
    library.initializeForPopup(popup)
    library.open()
    return true
  } catch {
    outcome.fail("express_unavailable")
    return false
  }
}

interface PopupProgress {
  cartId?: string
  token?: string
  lastRejection?: ExpressRejection
  commenced: boolean
}

interface OutcomeReporter {
  report(outcome: ExpressOutcome): void
  fail(reason: ExpressOutcomeReason): void
}

/** Calls `onOutcome` at most once; `fail` words the reason with the page's messages. */
function outcomeReporter(options: OpenExpressOptions): OutcomeReporter {
  let reported = false
  const report = (outcome: ExpressOutcome) => {
    if (reported) return
    reported = true
    try {
      options.onOutcome(outcome)
    } catch {
      // The page's handler: its errors are its own, never the library's.
    }
  }
  return { report, fail: (reason) => report({ error: { reason, message: messageFor(reason, options.messages, {}, options.locale) } }) }
}

function expressPopupConfig(options: OpenExpressOptions, { report, fail }: OutcomeReporter): BnplExpressPopupConfig {
  const { config, messages, locale } = options
  const progress: PopupProgress = { commenced: false }
  return {
    countryCode: options.countryCode.toUpperCase(),
    onCommenceCheckout(actions) {
      progress.commenced = true
      commenceCheckout(options, progress, actions, report)
    },
    onShippingAddressChange(data, actions) {
      const answer = progress.cartId
        ? expressShippingOptions(config, progress.cartId, data)
        : Promise.resolve({ rejection: "SERVICE_UNAVAILABLE" as const })
      void answer.then((result) => {
        if ("shippingOptions" in result) {
          progress.lastRejection = undefined
          return call(() => actions.resolve(result.shippingOptions))
        }
        progress.lastRejection = result.rejection
        call(() => actions.reject(result.rejection))
      })
    },
    onComplete(event) {
      const data = (event as { data?: { status?: unknown; orderToken?: unknown } } | undefined)?.data
      // Cancelled before the page was asked for a token: the popup never opened (blocked).
      if (data?.status !== "SUCCESS") return fail(progress.commenced ? cancelReason(progress.lastRejection) : "express_unavailable")
      // Get Checkout is the source of truth: the token from the start serves if the event lost its own.
      const orderToken = typeof data.orderToken === "string" && data.orderToken ? data.orderToken : progress.token
      if (!progress.cartId || !orderToken) return fail("payment_failed")
      call(() => options.onCompleting?.())
      void completeExpressCheckout(config, progress.cartId, orderToken, { messages, locale }).then(report)
    },
  }
}

function commenceCheckout(
  options: OpenExpressOptions,
  progress: PopupProgress,
  actions: Parameters<BnplExpressPopupConfig["onCommenceCheckout"]>[0],
  report: OutcomeReporter["report"],
): void {
  const { config, messages, locale } = options
  void (async () => {
    const cart = typeof options.cart === "string" ? { cartId: options.cart } : await options.cart()
    if ("error" in cart) return { error: cart.error }
    progress.cartId = cart.cartId
    return startExpressCheckout(config, cart.cartId, { providerId: options.providerId, messages, locale })
  })()
    .catch(() => ({ error: { reason: "unknown" as const, message: messageFor("unknown", messages, {}, locale) } }))
    .then((started) => {
      if ("token" in started) {
        progress.token = started.token
        return call(() => actions.resolve(started.token))
      }
      report(started)
      call(() => actions.reject(started.error.reason))
    })
}

function cancelReason(rejection: ExpressRejection | undefined): ExpressOutcomeReason {
  if (rejection === "SHIPPING_ADDRESS_UNSUPPORTED") return "address_unsupported"
  if (rejection === "SHIPPING_ADDRESS_UNRECOGNIZED") return "address_unrecognized"
  if (rejection === "SERVICE_UNAVAILABLE") return "service_unavailable"
  return "cancelled"
}

// The library's own calls may throw (a closed popup); that must not become an unhandled rejection.
function call(action: () => void): void {
  try {
    action()
  } catch {
    // nothing to do: the popup is gone, and its silence is the closed popup's
  }
}

/**
 * A product page's cart source: makes the cart on first use and reuses it after a cancel; make
 * a new source when the variant or quantity changes. Never throws.
 */
export function expressCartFor(
  config: StoreClientConfig,
  item: ExpressCartItem,
  messages?: PayLaterMessages,
  locale?: LocaleChoice,
): () => Promise<ExpressCartResult> {
  let made: Promise<ExpressCartResult> | undefined
  return () => {
    made ??= createExpressCart(config, item, { messages, locale }).then((result) => {
      if ("error" in result) made = undefined
      return result
    })
    return made
  }
}
