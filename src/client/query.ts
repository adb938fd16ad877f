import type { ListPaymentsQuery } from "./schemas"

// Written by hand, as no serialiser follows docs/service-api.md "List Payments": arrays repeat
// per value (`ids=a,b` or `ids[]=a` get a 500), dates keep `-` and `:`, the `+` of an offset is `%2b`.

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

/** `encodeURIComponent`, but `:` stays literal and `+` becomes lower-case `%2b`, as the document writes it. */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2B/gi, "%2b")
}

/** The query string without `?`, in the document's parameter order; validate the query first. */
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
