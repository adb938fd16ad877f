import { issueAccessToken } from "../auth"
import type { SandboxHandlers } from "../endpoint"

/** The endpoints without merchant authentication: docs/service-api.md "Ping" and "Get access token". */
export const publicHandlers = {
  Ping: () => ({ status: 200, text: "pong" }),
  "Get access token": ({ req, store, rawBody }) => issueAccessToken(store, req.headers["content-type"], rawBody, req.headers.authorization),
} satisfies Partial<SandboxHandlers>
