import type { SandboxHandlers } from "../endpoint"
import { jsonResult } from "../result"

/** docs/service-api.md "Get Configuration": the account's limits, with a `Cache-Control` header. */
export const configurationHandlers = {
  "Get Configuration": ({ store, account }) =>
    jsonResult(
      200,
      {
        minimumAmount: { amount: account.minimumAmount, currency: account.currency },
        maximumAmount: { amount: account.maximumAmount, currency: account.currency },
      },
      { "Cache-Control": `max-age=${store.settings.configurationMaxAgeSeconds}` },
    ),
} satisfies Partial<SandboxHandlers>
