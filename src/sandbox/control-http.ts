import type { Request, RequestHandler } from "express"
import type { z } from "zod"
import { errorBody } from "./errors"
import { rawBodyText } from "./request-body"

/** A refused control operation, with the HTTP status to answer. */
export class SandboxControlError extends Error {
  constructor(
    readonly httpStatusCode: number,
    message: string,
  ) {
    super(message)
    this.name = "SandboxControlError"
  }
}

/** A zod error as the control API words it: "field rule". */
export function describeControlIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue.path.join(".") || "body"} ${issue.message}`
}

/** A JSON object, or `{}` for an empty body. @throws SandboxControlError 400 for anything else. */
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

/** A control route: `action`'s body as JSON, a `SandboxControlError` with its status, anything else 500. */
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
