import type { Request } from "express"
import type { z } from "zod"
import { describeIssue } from "../client/schemas"
import { SandboxRequestError } from "./errors"

/** The request body as text; the app reads every body raw so each route decides how to parse it. */
export function rawBodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
}

/**
 * Reads a POST/PUT JSON body (docs/service-api.md "What the service does", rule 4: request
 * bodies are `application/json`).
 * @throws SandboxRequestError 415 when the Content-Type is not JSON, 400 `invalid_json` when
 * the body does not parse.
 */
export function readJsonBody(req: Request): unknown {
  const contentType = req.headers["content-type"] ?? ""
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new SandboxRequestError(
      415,
      "unsupported_media_type",
      `Content-Type must be application/json, got ${contentType ? JSON.stringify(contentType) : "none"}`
    )
  }
  const text = rawBodyText(req)
  try {
    return JSON.parse(text)
  } catch {
    throw new SandboxRequestError(400, "invalid_json", "The request body is not valid JSON")
  }
}

/** What to do with a field the service does not know. */
export interface UnknownFieldPolicy {
  /** true: refuse it (422 `invalid_object`, "... is not a field of this request"). */
  strict: boolean
  /** Called with the path of each field ignored (lenient mode), e.g. `purchaseCountry`, `items[0].colour`. */
  ignored(field: string): void
}

/** Removes the key `key` of the object at `path` inside `body` (a copy the caller owns). */
function removeKey(body: unknown, path: readonly PropertyKey[], key: string): void {
  let target: any = body
  for (const part of path) target = target?.[part as any]
  if (target && typeof target === "object") delete target[key]
}

function fieldName(path: readonly PropertyKey[], key: string): string {
  return [...path, key]
    .map((part) => (typeof part === "number" ? `[${part}]` : String(part)))
    .join(".")
    .replace(/\.\[/g, "[")
}

/**
 * Validates a body with a zod schema (the client's, or its service variant in
 * request-schemas.ts), so the sandbox and the client agree on every rule.
 *
 * Unknown fields: the real service accepts and ignores a field it does not know
 * (docs/service-api.md "Create Checkout"), so by default each one is removed, reported
 * through `policy.ignored`, and the rest validated as usual. With `policy.strict` (the
 * sandbox's `strictRequests`) an unknown field is refused instead, which is how the plugin's
 * own tests prove it sends only what the documents name. A known field with a malformed value
 * is refused either way.
 * @throws SandboxRequestError 422 `invalid_object` naming the field, e.g.
 * "consumer.email must be at most 128 characters".
 */
export function validateBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  policy: UnknownFieldPolicy
): z.infer<Schema> {
  let candidate = body
  let copied = false
  // Each round removes the unknown keys zod found; nested ones may only show once their parent parses.
  for (let round = 0; round < 32; round++) {
    const parsed = schema.safeParse(candidate)
    if (parsed.success) return parsed.data
    const unknown = parsed.error.issues.filter(
      (issue): issue is z.core.$ZodIssueUnrecognizedKeys => issue.code === "unrecognized_keys"
    )
    if (unknown.length === 0 || policy.strict) {
      const { field, rule } = describeIssue(parsed.error)
      throw new SandboxRequestError(422, "invalid_object", field ? `${field} ${rule}` : `The request body ${rule}`)
    }
    if (!copied) {
      candidate = structuredClone(candidate)
      copied = true
    }
    for (const issue of unknown) {
      for (const key of issue.keys) {
        removeKey(candidate, issue.path, key)
        policy.ignored(fieldName(issue.path, key))
      }
    }
  }
  throw new SandboxRequestError(422, "invalid_object", "The request body nests too many unknown fields")
}
