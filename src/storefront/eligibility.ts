import { toMinorUnits, type DisplayAmount } from "./amounts"
import { PROVIDER_ID_PATTERN } from "../vocabulary"
import { INELIGIBLE_REASONS, type IneligibleReason } from "./reasons"
import { readLocalizedTexts } from "./localized-texts"
import type { LocalizedTexts } from "./texts"
import { storeRequest, type StoreClientConfig } from "./store-client"

/** Whether pay later is offered; amounts are API strings with 2 decimals, `currency` the account's. */
export interface PayLaterEligibility {
  eligible: boolean
  reason?: IneligibleReason
  minimumAmount?: string
  maximumAmount?: string
  currency?: string
  /** With `limits_unavailable`: the store's own message, for logs (at most 200 characters). */
  detail?: string
  /** The amount asked about ("49.95"). */
  amount?: string
  /** In a store with several accounts: the payment provider serving the currency (`pp_bnpl_bnpl-eu`). */
  providerId?: string
  /** With `excluded_items` for a cart: the line items the merchant excluded. */
  excludedItems?: PayLaterExcludedItem[]
  /** The merchant's message defaults, used where the storefront's own options leave a field unset. */
  message?: PayLaterMessageDefaults
  /** The merchant's texts by locale, under the storefront's own. docs/storefront.md "Languages". */
  messages?: LocalizedTexts
}

/** The merchant's defaults for `PayLaterMessageOptions`' fields of the same names, for every locale. */
export interface PayLaterMessageDefaults {
  available?: string
  instalments?: number
  instalmentText?: string
  outside?: string
}

/** A cart's line item pay later is not offered for: its id, title and product. */
export interface PayLaterExcludedItem {
  id: string
  title: string
  product_id?: string
}

// Bounded so that a hostile answer cannot make the formatter work on a million digits.
const API_AMOUNT = /^\d{1,12}(\.\d{1,4})?$/
const MAX_DETAIL_LENGTH = 200
const MAX_EXCLUDED_ITEMS = 100

/**
 * Reads an eligibility or limits answer field by field, dropping unknown fields.
 * @returns undefined when the answer is not one (a proxy's page, a broken store): hide the method.
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
  const messages = readLocalizedTexts(body.messages)
  if (messages) read.messages = messages
  return read
}

// The store's bounds: texts of at most 200 characters, 2 to 12 instalments.
function readMessageDefaults(value: unknown): PayLaterMessageDefaults | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  const body = value as Record<string, unknown>
  const read: PayLaterMessageDefaults = {}
  for (const field of ["available", "instalmentText", "outside"] as const) {
    const text = body[field]
    if (typeof text === "string" && text.length <= MAX_DETAIL_LENGTH) read[field] = text
  }
  if (typeof body.instalments === "number" && Number.isInteger(body.instalments) && body.instalments >= 2 && body.instalments <= 12)
    read.instalments = body.instalments
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
 * A cart's eligibility; ask again whenever its total changes. Never throws: a failure resolves
 * `limits_unavailable`, so the method is hidden rather than offered and then refused.
 */
export async function fetchCartEligibility(config: StoreClientConfig, cartId: string): Promise<PayLaterEligibility> {
  return readEligibility(() => storeRequest<Record<string, unknown>>(config, "/store/bnpl/eligibility", { query: { cart_id: cartId } }))
}

/**
 * Limits for a currency and whether `amount` is inside them, for pages without a cart; an
 * excluded `productId` answers `excluded_items`. Cacheable (`Cache-Control: public`). Never throws.
 */
export async function fetchLimits(
  config: StoreClientConfig,
  query: { currencyCode: string; amount?: DisplayAmount; productId?: string },
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
    }),
  )
}

async function readEligibility(
  request: () => Promise<{ status: number; body: Record<string, unknown> | undefined }>,
): Promise<PayLaterEligibility> {
  try {
    const { status, body } = await request()
    if (status === 200) {
      return (
        readPayLaterEligibility(body) ?? {
          eligible: false,
          reason: "limits_unavailable",
          detail: "the store's answer is not an eligibility",
        }
      )
    }
    const message = typeof body?.message === "string" ? body.message.slice(0, MAX_DETAIL_LENGTH) : undefined
    return { eligible: false, reason: "limits_unavailable", detail: message ?? `HTTP ${status}` }
  } catch (error) {
    return { eligible: false, reason: "limits_unavailable", detail: (error as Error).message }
  }
}
