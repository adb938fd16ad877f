import type { Request } from "express"
import type { z } from "zod"
import { describeIssue } from "../client/schemas"
import { SandboxRequestError } from "./errors"

/** The request body as text; the app reads every body raw so each route decides how to parse it. */
export function rawBodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
}

/**
 * Reads a POST/PUT JSON body (merchant-api-v2.md "What the service does", rule 4: request
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

/**
 * Validates a body with one of the client's zod schemas, so the sandbox and the client agree
 * on every rule.
 * @throws SandboxRequestError 422 `invalid_object` naming the field, e.g.
 * "consumer.email must be at most 128 characters".
 */
export function validateBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const { field, rule } = describeIssue(parsed.error)
  throw new SandboxRequestError(422, "invalid_object", field ? `${field} ${rule}` : `The request body ${rule}`)
}
