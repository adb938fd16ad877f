import { isShopperReason, type ShopperReason } from "../payments/errors"

/** Why a completion did not place an order (docs/storefront.md "`bnpl_error` reasons"). */
export type CompletionFailure = "invalid_return" | "cancelled" | ShopperReason

/**
 * From the error's machine-readable `code`, never its wording. Medusa answers a `requires_more`
 * session with NOT_ALLOWED "Session ... was not authorized".
 */
export function failureReason(error: unknown): CompletionFailure {
  const { code, type, message } = (error ?? {}) as { code?: unknown; type?: unknown; message?: unknown }
  if (isShopperReason(code)) return code
  if (type === "not_allowed" && /was not authorized with the provider/i.test(String(message))) return "not_confirmed"
  return "payment_failed"
}
