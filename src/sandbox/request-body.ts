import type { Request } from "express"
import type { z } from "zod"
import { describeIssue } from "../client/schemas"
import { SandboxRequestError } from "./errors"

/** The body as text; every body is read raw so each route decides how to parse it. */
export function rawBodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
}

/** A JSON body. @throws SandboxRequestError 415 for another Content-Type, 400 `invalid_json`. */
export function readJsonBody(req: Request): unknown {
  const contentType = req.headers["content-type"] ?? ""
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new SandboxRequestError(
      415,
      "unsupported_media_type",
      `Content-Type must be application/json, got ${contentType ? JSON.stringify(contentType) : "none"}`,
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
  strict: boolean
  /** Called with each ignored field's path, e.g. `items[0].colour`. */
  ignored(field: string): void
}

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
 * Validates a body with the client's zod rules, so sandbox and client agree. The real service ignores
 * unknown fields, so they are removed and reported; `policy.strict` refuses them, which is how the
 * plugin's tests prove it sends only what the documents name. @throws SandboxRequestError 422 naming the field.
 */
export function validateBody<Schema extends z.ZodType>(schema: Schema, body: unknown, policy: UnknownFieldPolicy): z.infer<Schema> {
  let candidate = body
  let copied = false
  // Each round removes the unknown keys zod found; nested ones may only show once their parent parses.
  for (let round = 0; round < 32; round++) {
    const parsed = schema.safeParse(candidate)
    if (parsed.success) return parsed.data
    const unknown = parsed.error.issues.filter((issue): issue is z.core.$ZodIssueUnrecognizedKeys => issue.code === "unrecognized_keys")
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
