import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { toMinorUnits, type MajorUnitAmount } from "../../../../client/money"
import { accountCurrency } from "../../../../options"
import { getConfiguration } from "../../../../runtime/configuration"
import { checkEligibility } from "../../../../payments/eligibility"
import { getPluginRuntime } from "../../../../runtime/plugin-runtime"
import { forShopper } from "../../../../payments/errors"
import { toMedusaError } from "../../../../providers/bnpl/errors"
import { eligibilityQuerySchema } from "../../../request-schemas"
import { parseRequestPart } from "../../../validate-request"

/**
 * `GET /store/bnpl/eligibility?cart_id=` -> `{ eligible, reason?, minimumAmount,
 * maximumAmount, currency }`: whether the storefront should show "pay later" for this cart.
 * Amounts are API strings in major units. Limits come from Get Configuration
 * (merchant-api-v2.md "Get Configuration"), cached.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  // Parsed by the route's middleware (api/middlewares.ts); parsed again so the handler never
  // depends on a middleware being registered.
  const { cart_id: cartId } = parseRequestPart(eligibilityQuerySchema, req.validatedQuery ?? req.query, "query")
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "currency_code"],
    filters: { id: cartId },
  })
  const cart = data[0] as { total: MajorUnitAmount; currency_code: string } | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No cart has that cart_id.")

  const runtime = getPluginRuntime(req.scope)
  const configuration = await getConfiguration(runtime.client, runtime.options, runtime).catch((error: unknown) => {
    throw toMedusaError(forShopper("Reading the account's limits", error, "unavailable", runtime.logger))
  })
  res.json(
    checkEligibility(
      toMinorUnits(cart.total ?? 0, "cart.total"),
      cart.currency_code,
      accountCurrency(runtime.options),
      configuration
    )
  )
}
