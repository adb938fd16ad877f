import { formatAmount, instalmentAmount, toMinorUnits, type DisplayAmount } from "./amounts"
import { PROVIDER_ID_PATTERN } from "../vocabulary"
import { INELIGIBLE_REASONS, messageFor, type IneligibleReason, type PayLaterMessages } from "./reasons"
import { storeRequest, type StoreClientConfig } from "./store-client"

/**
 * Whether pay later is offered, as the store routes answer it: `GET /store/bnpl/eligibility`
 * (a cart) and `GET /store/bnpl/limits` (an amount and a currency). Amounts are 2-decimal
 * strings in major units; `currency` is the account's (GBP or EUR).
 */
export interface PayLaterEligibility {
  eligible: boolean
  reason?: IneligibleReason
  minimumAmount?: string
  maximumAmount?: string
  currency?: string
  /** With `limits_unavailable`: the store's own message, for logs (at most 200 characters). */
  detail?: string
  /** `GET /store/bnpl/limits` with an amount: the amount asked about ("49.95"). */
  amount?: string
  /** In a store with several accounts: the payment provider serving the currency (`pp_bnpl_bnpl-eu`). */
  providerId?: string
  /** With `excluded_items` from `GET /store/bnpl/eligibility`: the cart's line items the merchant excluded. */
  excludedItems?: PayLaterExcludedItem[]
  /**
   * The message's defaults the merchant set (medusa-config's `message`, or Settings -> Pay later):
   * `payLaterMessage` uses them where the storefront's own options leave a field unset.
   */
  message?: PayLaterMessageDefaults
}

/** The merchant's defaults for the message's texts and instalment count (`PayLaterMessageOptions`' fields). */
export type PayLaterMessageDefaults = Pick<PayLaterMessageOptions, "available" | "instalments" | "instalmentText" | "outside">

/** A cart's line item pay later is not offered for: its id, title and product. */
export interface PayLaterExcludedItem {
  id: string
  title: string
  product_id?: string
}

// An API amount as the routes send it: a decimal string in major units, bounded so that a
// hostile answer cannot make the formatter work on a million digits.
const API_AMOUNT = /^\d{1,12}(\.\d{1,4})?$/
const MAX_DETAIL_LENGTH = 200
const MAX_EXCLUDED_ITEMS = 100

/**
 * Reads an answer of `GET /store/bnpl/limits` or `GET /store/bnpl/eligibility` (or limits a
 * storefront got elsewhere) field by field: `eligible` a boolean; amounts decimal strings
 * ("1000.00", at most 12 digits before the point); `currency` three letters that
 * `Intl.NumberFormat` accepts (ISO 4217 form); `reason` one of `INELIGIBLE_REASONS`;
 * `providerId` a `pp_bnpl_` id; `excludedItems` items with string `id` and `title` (at most 100,
 * titles at most 200 characters). Unknown fields are dropped.
 * @returns the eligibility, or undefined when the answer is not one (a proxy's page, a
 *   newer or broken store, strings for booleans, a made-up currency): the caller hides the method.
 */
export function readPayLaterEligibility(answer: unknown): PayLaterEligibility | undefined {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return undefined
  const body = answer as Record<string, unknown>
  if (typeof body.eligible !== "boolean") return undefined
  const read: PayLaterEligibility = { eligible: body.eligible }
  if (body.reason !== undefined) {
    if (!(INELIGIBLE_REASONS as readonly unknown[]).includes(body.reason)) return undefined
    read.reason = body.reason as IneligibleReason
  }
  for (const field of ["minimumAmount", "maximumAmount", "amount"] as const) {
    const value = body[field]
    if (value === undefined) continue
    if (typeof value !== "string" || !API_AMOUNT.test(value)) return undefined
    read[field] = value
  }
  if (body.currency !== undefined) {
    if (!isCurrencyCode(body.currency)) return undefined
    read.currency = body.currency.toUpperCase()
  }
  if (typeof body.detail === "string") read.detail = body.detail.slice(0, MAX_DETAIL_LENGTH)
  if (typeof body.providerId === "string" && PROVIDER_ID_PATTERN.test(body.providerId)) read.providerId = body.providerId
  if (Array.isArray(body.excludedItems)) read.excludedItems = readExcludedItems(body.excludedItems)
  const message = readMessageDefaults(body.message)
  if (message) read.message = message
  return read
}

// The store's bounds (options.ts messageDefaultsSchema): texts of at most 200 characters, 2 to 12 instalments.
function readMessageDefaults(value: unknown): PayLaterMessageDefaults | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  const body = value as Record<string, unknown>
  const read: PayLaterMessageDefaults = {}
  for (const field of ["available", "instalmentText", "outside"] as const) {
    const text = body[field]
    if (typeof text === "string" && text.length <= MAX_DETAIL_LENGTH) read[field] = text
  }
  if (typeof body.instalments === "number" && Number.isInteger(body.instalments) && body.instalments >= 2 && body.instalments <= 12) read.instalments = body.instalments
  return Object.keys(read).length ? read : undefined
}

function readExcludedItems(items: unknown[]): PayLaterExcludedItem[] {
  return items.slice(0, MAX_EXCLUDED_ITEMS).flatMap((item) => {
    const { id, title, product_id: productId } = (item ?? {}) as Record<string, unknown>
    if (typeof id !== "string" || typeof title !== "string") return []
    const read: PayLaterExcludedItem = { id: id.slice(0, 100), title: title.slice(0, MAX_DETAIL_LENGTH) }
    if (typeof productId === "string") read.product_id = productId.slice(0, 100)
    return [read]
  })
}

/** Three ASCII letters that `Intl.NumberFormat` takes as a currency (it throws a RangeError otherwise). */
export function isCurrencyCode(value: unknown): value is string {
  if (typeof value !== "string" || !/^[A-Za-z]{3}$/.test(value)) return false
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: value })
    return true
  } catch {
    return false
  }
}

/**
 * Eligibility of a cart: `GET /store/bnpl/eligibility?cart_id=`. Ask again whenever the
 * cart's total changes. Never throws: when the store cannot answer it resolves
 * `{ eligible: false, reason: "limits_unavailable" }`, so the method is hidden rather than
 * offered and then refused.
 */
export async function fetchCartEligibility(config: StoreClientConfig, cartId: string): Promise<PayLaterEligibility> {
  return readEligibility(() => storeRequest<Record<string, unknown>>(config, "/store/bnpl/eligibility", { query: { cart_id: cartId } }))
}

/**
 * Limits for a currency and, with `amount`, whether that amount is inside them:
 * `GET /store/bnpl/limits?currency_code=&amount=&product_id=`. For product pages and
 * mini-carts, which have no cart. With `productId` (a product page), a product the merchant
 * excluded answers `{ eligible: false, reason: "excluded_items" }`: nothing is shown for it. The route answers with `Cache-Control: public`, so a CDN or Next.js's fetch
 * cache (`fetchOptions: { next: { revalidate: 300 } }`) can keep it. Never throws (see
 * `fetchCartEligibility`).
 */
export async function fetchLimits(
  config: StoreClientConfig,
  query: { currencyCode: string; amount?: DisplayAmount; productId?: string }
): Promise<PayLaterEligibility> {
  let amount: string | undefined
  try {
    amount = query.amount === undefined ? undefined : String(query.amount)
    if (amount !== undefined) toMinorUnits(amount)
  } catch (error) {
    return { eligible: false, reason: "limits_unavailable", detail: (error as Error).message }
  }
  return readEligibility(() =>
    storeRequest<Record<string, unknown>>(config, "/store/bnpl/limits", {
      query: { currency_code: query.currencyCode, amount, product_id: query.productId },
    })
  )
}

async function readEligibility(
  request: () => Promise<{ status: number; body: Record<string, unknown> | undefined }>
): Promise<PayLaterEligibility> {
  try {
    const { status, body } = await request()
    if (status === 200) {
      return readPayLaterEligibility(body) ?? { eligible: false, reason: "limits_unavailable", detail: "the store's answer is not an eligibility" }
    }
    const message = typeof body?.message === "string" ? body.message.slice(0, MAX_DETAIL_LENGTH) : undefined
    return { eligible: false, reason: "limits_unavailable", detail: message ?? `HTTP ${status}` }
  } catch (error) {
    return { eligible: false, reason: "limits_unavailable", detail: (error as Error).message }
  }
}

/** How a pay later message is worded; every field is optional. */
export interface PayLaterMessageOptions {
  /** Overrides of the reason messages (`below_minimum`, `above_maximum`, ...). */
  messages?: PayLaterMessages
  /** Shown inside the limits; default "Pay later on orders from {minimum} to {maximum}." */
  available?: string
  /**
   * The number of instalments the merchant's plan has. Only when set is an instalment line
   * added ("or {count} payments of {instalment}"): the service's document names no count.
   */
  instalments?: number
  /** The instalment line; default "Or {count} payments of {instalment}." */
  instalmentText?: string
  /**
   * Outside the limits: `"hide"` (default) shows nothing, `"reason"` shows the reason's message
   * (e.g. "Pay later is available on orders from £1.00 to £1,000.00."), a string shows that text.
   */
  outside?: "hide" | "reason" | string
  /** BCP 47 locale for amounts, e.g. "en-GB"; default the runtime's. */
  locale?: string
}

/** What to show for an amount: nothing, or a line (and an instalment line) of text. */
export type PayLaterMessageText =
  | { show: false; reason?: IneligibleReason }
  | { show: true; eligible: boolean; text: string; instalmentText?: string; reason?: IneligibleReason }

/**
 * The text of "pay later" for a product or cart amount, given the limits (from `fetchLimits`
 * or `fetchCartEligibility`). Inside the limits: the available line and, if the merchant set
 * `instalments`, the instalment line. Outside: nothing, the reason, or the merchant's text.
 * Limits in another currency than `currency` count as `unsupported_currency`. The merchant's
 * defaults in the limits (`limits.message`) apply to the fields `options` leaves unset.
 * Never throws: limits that `readPayLaterEligibility` refuses (a made-up currency, strings for
 * booleans, huge amounts), a currency or locale `Intl` refuses, or an instalment count that is
 * not a positive integer give `{ show: false, reason: "limits_unavailable" }`.
 */
export function payLaterMessage(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  options: PayLaterMessageOptions = {}
): PayLaterMessageText {
  const known = limits === undefined ? undefined : readPayLaterEligibility(limits)
  if (limits !== undefined && !known) return { show: false, reason: "limits_unavailable" }
  // The merchant's defaults from the store, under what the storefront passes itself.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  try {
    return messageForLimits(amount, currency, known, { ...known?.message, ...given })
  } catch {
    // Intl's RangeError for a currency or locale it does not know, or a bad instalment count.
    return { show: false, reason: "limits_unavailable" }
  }
}

function messageForLimits(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  options: PayLaterMessageOptions
): PayLaterMessageText {
  // Excluded goods: whatever the amount, pay later is not offered.
  if (limits?.reason === "excluded_items") return outside("excluded_items", {}, options)
  if (!limits?.minimumAmount || !limits.maximumAmount || !limits.currency) {
    return outside(limits?.reason ?? "limits_unavailable", {}, options)
  }
  const minimum = toMinorUnits(limits.minimumAmount)
  const maximum = toMinorUnits(limits.maximumAmount)
  const values = {
    minimum: formatAmount(minimum, limits.currency, options.locale),
    maximum: formatAmount(maximum, limits.currency, options.locale),
  }
  if (typeof currency !== "string" || limits.currency.toUpperCase() !== currency.toUpperCase()) return outside("unsupported_currency", values, options)
  let minor: bigint
  try {
    minor = toMinorUnits(amount)
  } catch {
    return { show: false }
  }
  if (minor < minimum) return outside("below_minimum", values, options)
  if (minor > maximum) return outside("above_maximum", values, options)
  const text = fill(options.available ?? "Pay later on orders from {minimum} to {maximum}.", values)
  if (!options.instalments) return { show: true, eligible: true, text }
  const instalment = formatAmount(instalmentAmount(minor, options.instalments), currency, options.locale)
  return {
    show: true,
    eligible: true,
    text,
    instalmentText: fill(options.instalmentText ?? "Or {count} payments of {instalment}.", {
      ...values,
      count: String(options.instalments),
      instalment,
    }),
  }
}

function outside(reason: IneligibleReason, values: Record<string, string>, options: PayLaterMessageOptions): PayLaterMessageText {
  const mode = options.outside ?? "hide"
  if (mode === "hide") return { show: false, reason }
  if (mode === "reason") {
    // Without known limits the "{minimum}" wording cannot be filled: say it is unavailable.
    const usable = values.minimum || (reason !== "below_minimum" && reason !== "above_maximum") ? reason : "limits_unavailable"
    return { show: true, eligible: false, reason, text: messageFor(usable, options.messages, values) }
  }
  return { show: true, eligible: false, reason, text: fill(mode, values) }
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
