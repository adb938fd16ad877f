import type { ListPaymentsQuery } from "./schemas"

/**
 * The List Payments query string, written by hand because the document's rules are not what
 * any serialiser does (docs/service-api.md "List Payments", Rules 1 and 2):
 * - array parameters repeat once per value: `ids=a&ids=b` (never `ids=a,b` or `ids[]=a`,
 *   which the service answers with a 500);
 * - dates keep `-` and `:` literally, and the `+` of a time-zone offset is sent as `%2b`;
 * - booleans are `true` / `false`.
 * Parameters appear in the document's order; absent values and empty arrays are left out.
 */

const ORDER: Array<keyof ListPaymentsQuery> = [
  "toCreatedDate",
  "fromCreatedDate",
  "limit",
  "offset",
  "includeNextLink",
  "tokens",
  "ids",
  "merchantReferences",
  "statuses",
  "orderBy",
  "ascending",
]

/**
 * Encodes one value: percent-encoding as `encodeURIComponent` does, except that `:` stays
 * literal and `+` becomes lower-case `%2b`, exactly as the document writes it.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2B/gi, "%2b")
}

/**
 * `{ ids: ["a", "b"], limit: 3, fromCreatedDate: "2026-01-01T00:00:00+01:00" }` ->
 * `fromCreatedDate=2026-01-01T00:00:00%2b01:00&limit=3&ids=a&ids=b` (no leading `?`;
 * the empty string when there is nothing to send). The query should be validated first.
 */
export function encodeListPaymentsQuery(query: ListPaymentsQuery = {}): string {
  const parts: string[] = []
  for (const name of ORDER) {
    const value = query[name]
    if (value === undefined || value === null) continue
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) {
      parts.push(`${name}=${encodeQueryValue(String(item))}`)
    }
  }
  return parts.join("&")
}
