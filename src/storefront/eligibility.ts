import { formatAmount, instalmentAmount, toMinorUnits, type DisplayAmount } from "./amounts"
import { messageFor, type IneligibleReason, type PayLaterMessages } from "./reasons"
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
  /** With `limits_unavailable`: the store's own message, for logs. */
  detail?: string
}

/**
 * Eligibility of a cart: `GET /store/bnpl/eligibility?cart_id=`. Ask again whenever the
 * cart's total changes. Never throws: when the store cannot answer it resolves
 * `{ eligible: false, reason: "limits_unavailable" }`, so the method is hidden rather than
 * offered and then refused.
 */
export async function fetchCartEligibility(config: StoreClientConfig, cartId: string): Promise<PayLaterEligibility> {
  return readEligibility(() => storeRequest<PayLaterEligibility>(config, "/store/bnpl/eligibility", { query: { cart_id: cartId } }))
}

/**
 * Limits for a currency and, with `amount`, whether that amount is inside them:
 * `GET /store/bnpl/limits?currency_code=&amount=`. For product pages and mini-carts, which
 * have no cart. The route answers with `Cache-Control: public`, so a CDN or Next.js's fetch
 * cache (`fetchOptions: { next: { revalidate: 300 } }`) can keep it. Never throws (see
 * `fetchCartEligibility`).
 */
export async function fetchLimits(
  config: StoreClientConfig,
  query: { currencyCode: string; amount?: DisplayAmount }
): Promise<PayLaterEligibility> {
  let amount: string | undefined
  try {
    amount = query.amount === undefined ? undefined : String(query.amount)
    if (amount !== undefined) toMinorUnits(amount)
  } catch (error) {
    return { eligible: false, reason: "limits_unavailable", detail: (error as Error).message }
  }
  return readEligibility(() =>
    storeRequest<PayLaterEligibility>(config, "/store/bnpl/limits", { query: { currency_code: query.currencyCode, amount } })
  )
}

async function readEligibility(
  request: () => Promise<{ status: number; body: (PayLaterEligibility & { message?: string }) | undefined }>
): Promise<PayLaterEligibility> {
  try {
    const { status, body } = await request()
    if (status === 200 && body && typeof body.eligible === "boolean") return body
    return { eligible: false, reason: "limits_unavailable", detail: body?.message ?? `HTTP ${status}` }
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
 * Limits in another currency than `currency` count as `unsupported_currency`.
 */
export function payLaterMessage(
  amount: DisplayAmount,
  currency: string,
  limits: PayLaterEligibility | undefined,
  options: PayLaterMessageOptions = {}
): PayLaterMessageText {
  if (!limits?.minimumAmount || !limits.maximumAmount || !limits.currency) {
    return outside(limits?.reason ?? "limits_unavailable", {}, options)
  }
  const minimum = toMinorUnits(limits.minimumAmount)
  const maximum = toMinorUnits(limits.maximumAmount)
  const values = {
    minimum: formatAmount(minimum, limits.currency, options.locale),
    maximum: formatAmount(maximum, limits.currency, options.locale),
  }
  if (limits.currency.toUpperCase() !== currency.toUpperCase()) return outside("unsupported_currency", values, options)
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
