import { issueAccessToken } from "../auth"
import type { SandboxHandlers } from "../endpoint"

/**
 * The two endpoints without merchant authentication: Ping, `GET /ping` -> 200 `pong`
 * (docs/service-api.md "Ping"), and the token endpoint, `POST {auth_url}/v2/oauth2/token`
 * with `{auth_url}` = `{base_url}/oauth` (docs/service-api.md "Get access token").
 */
export const publicHandlers = {
  Ping: () => ({ status: 200, text: "pong" }),
  "Get access token": ({ req, store, rawBody }) =>
    issueAccessToken(store, req.headers["content-type"], rawBody, req.headers.authorization),
} satisfies Partial<SandboxHandlers>
