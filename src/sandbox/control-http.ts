import type { Request, RequestHandler } from "express"
import type { z } from "zod"
import { errorBody } from "./errors"
import { rawBodyText } from "./request-body"

/** A refused control operation, with the HTTP status the control API answers it with. */
export class SandboxControlError extends Error {
  constructor(
    readonly httpStatusCode: number,
    message: string
  ) {
    super(message)
    this.name = "SandboxControlError"
  }
}

/** A zod error as the control API words it: "field rule" for the first issue. */
export function describeControlIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue.path.join(".") || "body"} ${issue.message}`
}

/**
 * Control bodies are JSON objects; an empty body means "no options".
 * @throws SandboxControlError 400 for anything else.
 */
export function controlBody(req: Request): Record<string, any> {
  const text = rawBodyText(req).trim()
  if (!text) return {}
  try {
    const parsed = JSON.parse(text)
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed
  } catch {
    // Falls through to the refusal below.
  }
  throw new SandboxControlError(400, "The control API takes a JSON object body")
}

/**
 * A control route: `action`'s `{ status = 200, body }` as JSON, or a thrown
 * `SandboxControlError` as `{ errorCode: "invalid_request", message, ... }` with its status
 * (anything else: 500 `error`).
 */
export function controlAction(action: (req: Request) => { status?: number; body: unknown }): RequestHandler {
  return (req, res) => {
    try {
      const { status = 200, body } = action(req)
      res.status(status).json(body)
    } catch (error) {
      const status = error instanceof SandboxControlError ? error.httpStatusCode : 500
      res.status(status).json(errorBody(status, status === 500 ? "error" : "invalid_request", (error as Error).message))
    }
  }
}
