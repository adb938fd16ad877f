import { isPayLaterReason, type ReturnErrorReason } from "./reasons"

/** The query parameters the return route sets on the storefront's checkout URL. */
export const RETURN_PARAMETERS = ["bnpl_error", "bnpl_status"] as const

/** What the shopper came back with: an error to show, an order still being confirmed, or nothing. */
export type PayLaterReturn = { kind: "error"; reason: ReturnErrorReason } | { kind: "processing" } | { kind: "none" }

type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined> | { get(name: string): string | null }

/**
 * Reads `bnpl_error` / `bnpl_status` from search params (`URLSearchParams` or Next.js's); an
 * unknown `bnpl_error` reads as `payment_failed`.
 */
export function readPayLaterReturn(searchParams: SearchParamsLike | undefined): PayLaterReturn {
  const get = (name: string): string | undefined => {
    if (!searchParams) return undefined
    if (typeof (searchParams as { get?: unknown }).get === "function") {
      return (searchParams as { get(name: string): string | null }).get(name) ?? undefined
    }
    const value = (searchParams as Record<string, string | string[] | undefined>)[name]
    return Array.isArray(value) ? value[value.length - 1] : value
  }
  if (get("bnpl_status") === "processing") return { kind: "processing" }
  const error = get("bnpl_error")
  if (!error) return { kind: "none" }
  if (error === "processing") return { kind: "processing" }
  return { kind: "error", reason: isPayLaterReason(error) ? (error as ReturnErrorReason) : "payment_failed" }
}

/** The URL without the return parameters (`RETURN_PARAMETERS`). */
export function withoutReturnParameters(url: string): string {
  const parsed = new URL(url, "http://placeholder.invalid")
  for (const name of RETURN_PARAMETERS) parsed.searchParams.delete(name)
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(url)
  return relative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString()
}
