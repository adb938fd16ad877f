import { Router } from "express"
import { issueAccessToken } from "../auth"
import { endpoint } from "../endpoint"
import type { SandboxStore } from "../state"

/**
 * The two endpoints without merchant authentication: Ping, `GET /ping` -> 200 `pong`
 * (api-beyond-the-document.md "Ping"), and the token endpoint, `POST {auth_url}/v2/oauth2/token`
 * with `{auth_url}` = `{base_url}/oauth` (merchant-api-v2.md "Get access token").
 */
export function publicRoutes(store: SandboxStore): Router {
  const router = Router()
  router.get(
    "/ping",
    endpoint(store, {
      name: "ping",
      successStatus: 200,
      access: "public",
      handle: () => ({ status: 200, text: "pong" }),
    })
  )
  router.post(
    "/oauth/v2/oauth2/token",
    endpoint(store, {
      name: "token",
      successStatus: 200,
      access: "public",
      handle: ({ req, rawBody }) =>
        issueAccessToken(store, req.headers["content-type"], rawBody, req.headers.authorization),
    })
  )
  return router
}
