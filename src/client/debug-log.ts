import type { Redactor } from "./redact"
import { REDACTED } from "./redact"

// Bodies lose what the redactor cannot know yet: the token service's `access_token` is logged before
// the client keeps it, and `client_secret` travels form-encoded. Personal data is masked so a debug
// log can be shared with the service's support. Headers are never logged.

const SECRET_FIELDS = new Set(["access_token", "client_secret", "secretKey", "password", "authorization"])
const PERSONAL_FIELDS = new Set(["email", "phoneNumber", "givenNames", "surname"])
/** Objects whose every text but the country is a person's data. */
const PERSONAL_OBJECTS = new Set(["consumer", "billing", "shipping"])
export const PERSONAL = "[personal data]"
const MAX_BODY_CHARS = 4000

/** One body as logged: JSON or a form with the fields above masked, cut to length. */
export function bodyForLog(text: string | undefined, contentType?: string): string {
  if (text === undefined || text === "") return "(none)"
  let shown: string
  if (/x-www-form-urlencoded/i.test(contentType ?? "")) {
    const form = new URLSearchParams(text)
    for (const key of [...form.keys()]) if (SECRET_FIELDS.has(key)) form.set(key, REDACTED)
    shown = form.toString()
  } else {
    try {
      shown = JSON.stringify(mask(JSON.parse(text), false))
    } catch {
      shown = text.replace(/\s+/g, " ")
    }
  }
  return shown.length > MAX_BODY_CHARS ? `${shown.slice(0, MAX_BODY_CHARS)}… (${shown.length} characters)` : shown
}

function mask(value: unknown, personal: boolean): unknown {
  if (Array.isArray(value)) return value.map((entry) => mask(entry, personal))
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
        if (SECRET_FIELDS.has(key)) return [key, REDACTED]
        if (PERSONAL_FIELDS.has(key) && typeof entry === "string") return [key, PERSONAL]
        // An Address's country is not the person's.
        if (key === "countryCode") return [key, entry]
        return [key, mask(entry, personal || PERSONAL_OBJECTS.has(key))]
      }),
    )
  }
  return personal && typeof value === "string" ? PERSONAL : value
}

/** What the debug line needs of the call and its answer. */
export interface DebugExchange {
  endpoint: string
  method: string
  path: string
  attempt: number
  request?: { body?: string; contentType?: string }
  answer?: { status: number; body?: string; contentType?: string }
  failure?: string
}

/** The whole line, redacted. */
export function debugLine(exchange: DebugExchange, redact: Redactor): string {
  const request =
    exchange.request?.body === undefined ? "(none)" : bodyForLog(exchange.request.body, exchange.request.contentType ?? "application/json")
  const answer = exchange.answer
    ? `${exchange.answer.status} ${bodyForLog(exchange.answer.body, exchange.answer.contentType)}`
    : `none (${exchange.failure ?? "no answer"})`
  return redact(
    `bnpl: debug ${exchange.endpoint} ${exchange.method} ${exchange.path} attempt ${exchange.attempt} request ${request} answer ${answer}`,
  )
}
