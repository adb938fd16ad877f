import type { PayLaterError } from "./checkout"
import { completionReason } from "./checkout"
import { fetchPayLaterCartStatus } from "./order-status"
import { RETURN_ERROR_REASONS, messageFor, storeFailureMessage, type TextOptions, type ReturnErrorReason } from "./reasons"
import { storeRequest, type StoreClientConfig } from "./store-client"
import type { PopupAddress } from "../vocabulary"

// Express checkout's store calls (docs/service-api.md "Express checkout"). None throws and each
// answers plain data, so each is safe in a Server Action and in a popup's callback.

/** An amount as the service writes it: a 2-decimal string in major units and the currency ("10.00", "GBP"). */
export interface ExpressMoney {
  amount: string
  currency: string
}

/** The address the consumer chose in the popup; `countryCode` is ISO 3166-1 alpha-2 ("GB"). */
export type ExpressAddress = PopupAddress

/** A shipping option for the popup; `orderAmount` is the cart's total with it (what is approved). */
export interface ExpressShippingOption {
  id: string
  name: string
  description: string
  shippingAmount: ExpressMoney
  taxAmount: ExpressMoney
  orderAmount: ExpressMoney
}

/** What the page answers the popup instead of options (`actions.reject(reason)`). */
export const EXPRESS_REJECTIONS = ["SHIPPING_ADDRESS_UNSUPPORTED", "SHIPPING_ADDRESS_UNRECOGNIZED", "SERVICE_UNAVAILABLE"] as const
export type ExpressRejection = (typeof EXPRESS_REJECTIONS)[number]

/** Why starting an express checkout failed; the start route's reasons and the kit's own. */
export type ExpressStartErrorReason =
  | "outside_limits"
  | "excluded_items"
  | "origin_not_allowed"
  | "not_eligible"
  | "service_unavailable"
  | "cart_not_found"
  | "network"
  | "unknown"

/** Why completing an express checkout failed: the standard flow's `bnpl_error` reasons and a few of the kit's. */
export type ExpressCompleteErrorReason = ReturnErrorReason | "cart_not_found" | "service_unavailable" | "network" | "processing_timeout"

/** `startExpressCheckout`'s result: the checkout token for `actions.resolve(token)`, or why not. */
export type StartExpressResult = { token: string } | { error: PayLaterError<ExpressStartErrorReason> }
/** `expressShippingOptions`'s result: options for `actions.resolve`, or a rejection for `actions.reject`. */
export type ExpressShippingResult = { shippingOptions: ExpressShippingOption[] } | { rejection: ExpressRejection }
/** `completeExpressCheckout`'s result: the order, or why not. */
export type CompleteExpressResult = { orderId: string } | { error: PayLaterError<ExpressCompleteErrorReason> }

const START_REASONS: readonly string[] = [
  "outside_limits",
  "excluded_items",
  "origin_not_allowed",
  "not_eligible",
  "service_unavailable",
  "cart_not_found",
]
const COMPLETE_REASONS: readonly string[] = [...RETURN_ERROR_REASONS, "cart_not_found", "service_unavailable"]
// A checkout token and Medusa's ids, generously bounded: they go into URLs and the popup.
const TOKEN = /^[\w.:-]{1,256}$/
const ORDER_ID = /^[\w-]{1,100}$/
// The service's money: "10.00" and a three-letter currency (docs/service-api.md "Money").
const API_AMOUNT = /^-?\d{1,12}\.\d{2}$/
const MAX_STORE_MESSAGE = 500
const ADDRESS_FIELDS = ["name", "address1", "address2", "area2", "suburb", "state", "postcode", "countryCode", "phoneNumber"] as const

interface ExpressErrorBody {
  type?: unknown
  reason?: unknown
  message?: unknown
}

/** Options of `startExpressCheckout`. */
export interface StartExpressOptions extends TextOptions {
  /** The pay-later provider; default the plugin's choice for the cart's region (as `startPayLaterCheckout`). */
  providerId?: string
  /** The storefront's origin, sent as `Origin` from a server (a Server Action); a browser sends its own. */
  origin?: string
}

/**
 * Starts an express checkout for a cart (which may have no address or shipping yet) and answers
 * `{ token }` for `actions.resolve(token)`. Never throws: a failure is `{ error: { reason, message } }`.
 */
export async function startExpressCheckout(
  config: StoreClientConfig,
  cartId: string,
  options: StartExpressOptions = {},
): Promise<StartExpressResult> {
  const fail = (reason: ExpressStartErrorReason, storeMessage?: string): StartExpressResult => ({
    error: { reason, message: storeFailureMessage(reason, storeMessage, options) },
  })
  try {
    const withOrigin = options.origin ? { ...config, headers: { ...config.headers, origin: options.origin } } : config
    const answer = await storeRequest<{ token?: unknown } & ExpressErrorBody>(withOrigin, `${cartPath(cartId)}/express`, {
      method: "POST",
      body: options.providerId ? { provider_id: options.providerId } : {},
    })
    if (answer.status === 200 && typeof answer.body?.token === "string" && TOKEN.test(answer.body.token))
      return { token: answer.body.token }
    if (answer.status === 200) return fail("unknown")
    const reason = expressStartReason(answer.status, answer.body?.reason)
    return fail(reason, reason === "unknown" ? undefined : storeMessage(answer.body?.message))
  } catch {
    return fail("network")
  }
}

const START_ALIASES: Record<string, ExpressStartErrorReason> = {
  not_offered: "not_eligible",
  cart_completed: "cart_not_found",
  unavailable: "service_unavailable",
}

function expressStartReason(status: number, reason: unknown): ExpressStartErrorReason {
  if (typeof reason === "string" && START_REASONS.includes(reason)) return reason as ExpressStartErrorReason
  if (typeof reason === "string" && Object.hasOwn(START_ALIASES, reason)) return START_ALIASES[reason]
  if (status === 404) return "cart_not_found"
  if (status === 403) return "origin_not_allowed"
  if (status >= 500) return "service_unavailable"
  return "unknown"
}

/**
 * Puts the consumer's address on the cart and answers `{ shippingOptions }` inside the limits.
 * Never throws: `{ rejection }` is `SHIPPING_ADDRESS_UNSUPPORTED` (no option),
 * `SHIPPING_ADDRESS_UNRECOGNIZED` (Medusa refused it) or `SERVICE_UNAVAILABLE` (any bad answer).
 */
export async function expressShippingOptions(
  config: StoreClientConfig,
  cartId: string,
  address: ExpressAddress,
): Promise<ExpressShippingResult> {
  try {
    const answer = await storeRequest<{ shipping_options?: unknown; rejection?: unknown }>(
      config,
      `${cartPath(cartId)}/express/shipping-options`,
      { method: "POST", body: addressFields(address) },
    )
    if (answer.status !== 200) return { rejection: "SERVICE_UNAVAILABLE" }
    const rejection = answer.body?.rejection
    if (typeof rejection === "string" && (EXPRESS_REJECTIONS as readonly string[]).includes(rejection))
      return { rejection: rejection as ExpressRejection }
    const listed = answer.body?.shipping_options
    if (!Array.isArray(listed)) return { rejection: "SERVICE_UNAVAILABLE" }
    const shippingOptions = listed.map(readShippingOption)
    if (shippingOptions.some((option) => option === undefined)) return { rejection: "SERVICE_UNAVAILABLE" }
    if (shippingOptions.length === 0) return { rejection: "SHIPPING_ADDRESS_UNSUPPORTED" }
    return { shippingOptions: shippingOptions as ExpressShippingOption[] }
  } catch {
    return { rejection: "SERVICE_UNAVAILABLE" }
  }
}

// Only the documented fields, as strings: whatever else the popup's message carried stays out.
function addressFields(address: ExpressAddress): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const name of ADDRESS_FIELDS) {
    const value = (address as unknown as Record<string, unknown> | undefined)?.[name]
    if (typeof value === "string") fields[name] = value
  }
  return fields
}

/** One option of the route's answer, field by field; undefined when it is not one. */
export function readShippingOption(value: unknown): ExpressShippingOption | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  const option = value as Record<string, unknown>
  if (typeof option.id !== "string" || !option.id || option.id.length > 200) return undefined
  if (typeof option.name !== "string" || option.name.length > 200) return undefined
  const description = typeof option.description === "string" ? option.description.slice(0, 500) : ""
  const money = [option.shippingAmount, option.taxAmount, option.orderAmount].map(readMoney)
  if (money.some((amount) => amount === undefined)) return undefined
  const [shippingAmount, taxAmount, orderAmount] = money as ExpressMoney[]
  return { id: option.id, name: option.name, description, shippingAmount, taxAmount, orderAmount }
}

function readMoney(value: unknown): ExpressMoney | undefined {
  if (!value || typeof value !== "object") return undefined
  const { amount, currency } = value as Record<string, unknown>
  if (typeof amount !== "string" || !API_AMOUNT.test(amount)) return undefined
  if (typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency)) return undefined
  return { amount, currency: currency.toUpperCase() }
}

/**
 * Completes an express checkout with the popup's order token after `onComplete` with `SUCCESS`.
 * Never throws: `{ orderId }` or `{ error: { reason, message } }` (`amount_changed`: nothing was
 * authorised). While another request places the order it polls the cart's status until
 * `processingTimeoutMs` (`processing_timeout`).
 */
export async function completeExpressCheckout(
  config: StoreClientConfig,
  cartId: string,
  orderToken: string,
  options: CompleteExpressOptions = {},
): Promise<CompleteExpressResult> {
  const fail = (reason: ExpressCompleteErrorReason, storeMessage?: string): CompleteExpressResult => ({
    error: { reason, message: storeFailureMessage(reason, storeMessage, options) },
  })
  try {
    const answer = await storeRequest<{ order_id?: unknown } & ExpressErrorBody>(config, `${cartPath(cartId)}/express/complete`, {
      method: "POST",
      body: { orderToken },
    })
    const orderId = answer.body?.order_id
    if (answer.status === 200 && typeof orderId === "string" && ORDER_ID.test(orderId)) return { orderId }
    if (answer.body?.reason === "processing" || answer.status === 202) return await orderWhenPlaced(config, cartId, options, fail)
    if (answer.status === 404 && answer.body?.reason === undefined) return fail("cart_not_found")
    const reason = answer.body?.reason
    if (typeof reason === "string" && COMPLETE_REASONS.includes(reason)) {
      return fail(reason as ExpressCompleteErrorReason, storeMessage(answer.body?.message))
    }
    if (answer.status >= 500) return fail("service_unavailable")
    return fail(completionReason(storeMessage(answer.body?.message)))
  } catch {
    return fail("network")
  }
}

/** Options of `completeExpressCheckout`. */
export interface CompleteExpressOptions extends TextOptions {
  /** How long to wait for an order another request is placing; default 30000 ms. */
  processingTimeoutMs?: number
  /** Time between status polls meanwhile; default 1000 ms. */
  pollIntervalMs?: number
}

async function orderWhenPlaced(
  config: StoreClientConfig,
  cartId: string,
  options: CompleteExpressOptions,
  fail: (reason: ExpressCompleteErrorReason) => CompleteExpressResult,
): Promise<CompleteExpressResult> {
  const deadline = Date.now() + (options.processingTimeoutMs ?? 30_000)
  for (;;) {
    const status = await fetchPayLaterCartStatus(config, cartId)
    if (status.status === "completed" && status.order_id && ORDER_ID.test(status.order_id)) return { orderId: status.order_id }
    if (status.status === "failed") {
      const reason = status.reason ?? "payment_failed"
      return fail(COMPLETE_REASONS.includes(reason) ? (reason as ExpressCompleteErrorReason) : "payment_failed")
    }
    if (Date.now() >= deadline) return fail("processing_timeout")
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 1000))
  }
}

/** Options of `createExpressCart`: the product page's variant and quantity, in the region's cart. */
export interface ExpressCartItem {
  regionId: string
  variantId: string
  /** A whole number from 1 to 1000. */
  quantity: number
}

/** A cart for the product page's express button, or why not (plain data). */
export type ExpressCartResult = { cartId: string } | { error: PayLaterError<"cart_not_found" | "network" | "unknown"> }

/**
 * A new cart with only the product page's variant, so the shopper's basket is left alone.
 * Never throws; a quantity outside 1 to 1000 fails before any request.
 */
export async function createExpressCart(
  config: StoreClientConfig,
  item: ExpressCartItem,
  options: TextOptions = {},
): Promise<ExpressCartResult> {
  const fail = (reason: "cart_not_found" | "network" | "unknown"): ExpressCartResult => ({
    error: { reason, message: messageFor(reason, options.messages, {}, options.locale) },
  })
  if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 1000) return fail("unknown")
  try {
    const created = await storeRequest<{ cart?: { id?: unknown } }>(config, "/store/carts", {
      method: "POST",
      body: { region_id: item.regionId, items: [{ variant_id: item.variantId, quantity: item.quantity }] },
    })
    const cartId = created.body?.cart?.id
    return created.status === 200 && typeof cartId === "string" && ORDER_ID.test(cartId) ? { cartId } : fail("unknown")
  } catch {
    return fail("network")
  }
}

function cartPath(cartId: string): string {
  return `/store/bnpl/carts/${encodeURIComponent(cartId)}`
}

function storeMessage(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined
  return value.length > MAX_STORE_MESSAGE ? `${value.slice(0, MAX_STORE_MESSAGE)}…` : value
}
