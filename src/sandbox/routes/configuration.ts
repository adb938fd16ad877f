import { Router } from "express"
import { endpoint } from "../endpoint"
import { jsonResult } from "../result"
import type { SandboxStore } from "../state"

/**
 * Get Configuration, `GET /v2/configuration` (merchant-api-v2.md "Get Configuration" and
 * "Resources: Configuration"): the account's limits as Money, with a `Cache-Control` header.
 */
export function configurationRoutes(store: SandboxStore): Router {
  const router = Router()
  router.get(
    "/v2/configuration",
    endpoint(store, {
      name: "configuration",
      successStatus: 200,
      access: "merchant",
      jsonBody: false,
      handle: ({ account }) =>
        jsonResult(
          200,
          {
            minimumAmount: { amount: account.minimumAmount, currency: account.currency },
            maximumAmount: { amount: account.maximumAmount, currency: account.currency },
          },
          { "Cache-Control": `max-age=${store.settings.configurationMaxAgeSeconds}` }
        ),
    })
  )
  return router
}
