import { describeIssue, listPaymentsQuerySchema, type ListPaymentsQuery } from "../client/schemas"
import { SandboxRequestError } from "./errors"

const ARRAY_PARAMETERS = ["ids", "tokens", "merchantReferences", "statuses"] as const
const DATE_PARAMETERS = ["fromCreatedDate", "toCreatedDate"] as const
const NUMBER_PARAMETERS = ["limit", "offset"] as const
const BOOLEAN_PARAMETERS = ["includeNextLink", "ascending"] as const
const STRING_PARAMETERS = ["orderBy"] as const

/**
 * Reads List Payments' raw query string exactly as the service does (docs/service-api.md
 * "List Payments", rules 1 and 2, and its "Errors" rows). The raw string is needed because
 * a generic query parser would hide the mistakes the service punishes:
 * - an array parameter with a comma in a value, or any parameter name with square brackets
 *   (`ids[]=`), gives 500 `error`;
 * - a date that is not ISO 8601 gives 500 `error`; an unencoded `+` in an offset arrives as
 *   a space and so fails, while `%2b` arrives as `+` and is fine;
 * - any other invalid value (`limit` outside 1..250, not a whole number, an unknown
 *   `orderBy`, a boolean that is not true/false, a parameter given twice) gives 422 `error`.
 * Unknown parameters are ignored.
 * @throws SandboxRequestError
 */
export function parseListPaymentsQuery(rawQuery: string): ListPaymentsQuery {
  const params = new URLSearchParams(rawQuery)
  const values = new Map<string, string[]>()
  for (const [name, value] of params) {
    if (/[[\]]/.test(name)) {
      throw serverError(`Parameter ${name}: square brackets are not used; repeat the parameter once per value`)
    }
    values.set(name, [...(values.get(name) ?? []), value])
  }

  const query: Record<string, unknown> = {}
  for (const name of ARRAY_PARAMETERS) {
    const given = values.get(name)
    if (!given) continue
    if (given.some((value) => value.includes(","))) {
      throw serverError(`Parameter ${name}: comma-separated values are not used; repeat the parameter once per value`)
    }
    query[name] = given
  }
  for (const name of DATE_PARAMETERS) {
    const value = single(values, name)
    if (value === undefined) continue
    if (!listPaymentsQuerySchema.shape[name].safeParse(value).success) {
      throw serverError(`Parameter ${name}: ${JSON.stringify(value)} is not an ISO 8601 date and time (encode + as %2b)`)
    }
    query[name] = value
  }
  for (const name of NUMBER_PARAMETERS) {
    const value = single(values, name)
    if (value !== undefined) query[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
  }
  for (const name of BOOLEAN_PARAMETERS) {
    const value = single(values, name)
    if (value !== undefined) query[name] = value === "true" ? true : value === "false" ? false : value
  }
  for (const name of STRING_PARAMETERS) {
    const value = single(values, name)
    if (value !== undefined) query[name] = value
  }

  const parsed = listPaymentsQuerySchema.safeParse(query)
  if (!parsed.success) {
    const { field, rule } = describeIssue(parsed.error)
    throw new SandboxRequestError(422, "error", `Invalid query parameter ${field}: ${rule}`)
  }
  return parsed.data
}

function single(values: Map<string, string[]>, name: string): string | undefined {
  const given = values.get(name)
  if (!given) return undefined
  if (given.length > 1) throw new SandboxRequestError(422, "error", `Invalid query parameter ${name}: given more than once`)
  return given[0]
}

function serverError(message: string): SandboxRequestError {
  return new SandboxRequestError(500, "error", message)
}

/**
 * The next page's URL, for `includeNextLink=true` (docs/service-api.md "Pagination":
 * `nextPageUrl`, empty on the last page). It repeats the request's own parameters with the
 * offset moved on, encoded by the document's rules (colons and dashes kept, `+` as %2B).
 */
export function nextPageUrl(baseUrl: string, rawQuery: string, nextOffset: number, limit: number): string {
  const entries = [...new URLSearchParams(rawQuery)].filter(([name]) => name !== "offset" && name !== "limit")
  entries.push(["limit", String(limit)], ["offset", String(nextOffset)])
  const encode = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ":")
  return `${baseUrl}/v2/payments?${entries.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&")}`
}
