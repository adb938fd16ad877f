import { describeIssue, listPaymentsQuerySchema, type ListPaymentsQuery } from "../client/schemas"
import { SandboxRequestError } from "./errors"

const ARRAY_PARAMETERS = ["ids", "tokens", "merchantReferences", "statuses"] as const
const DATE_PARAMETERS = ["fromCreatedDate", "toCreatedDate"] as const
const NUMBER_PARAMETERS = ["limit", "offset"] as const
const BOOLEAN_PARAMETERS = ["includeNextLink", "ascending"] as const
const STRING_PARAMETERS = ["orderBy"] as const

/**
 * Reads the raw query as the service does (docs/service-api.md "List Payments"); a generic parser would
 * hide what the service punishes: `ids[]=` or a comma in an array value, a bad date or an unencoded `+`
 * give 500; other invalid values 422. Unknown parameters are ignored. @throws SandboxRequestError.
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

/** The next page's URL for `includeNextLink=true`: the request's parameters with the offset moved on. */
export function nextPageUrl(baseUrl: string, rawQuery: string, nextOffset: number, limit: number): string {
  const entries = [...new URLSearchParams(rawQuery)].filter(([name]) => name !== "offset" && name !== "limit")
  entries.push(["limit", String(limit)], ["offset", String(nextOffset)])
  const encode = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ":")
  return `${baseUrl}/v2/payments?${entries.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&")}`
}
