import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { toMinorUnits, type MajorUnitAmount } from "../../../../client/money"
import { accountCurrency } from "../../../../options"
import { getConfiguration } from "../../../../runtime/configuration"
import { checkEligibility } from "../../../../runtime/eligibility"
import { getPluginRuntime } from "../../../../runtime/plugin-runtime"

/**
 * `GET /store/bnpl/eligibility?cart_id=` -> `{ eligible, reason?, minimumAmount,
 * maximumAmount, currency }`: whether the storefront should show "pay later" for this cart.
 * Amounts are API strings in major units. Limits come from Get Configuration
 * (merchant-api-v2.md "Get Configuration"), cached.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const cartId = typeof req.query.cart_id === "string" ? req.query.cart_id : undefined
  if (!cartId) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "cart_id is required: GET /store/bnpl/eligibility?cart_id=<cart id>")
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "currency_code"],
    filters: { id: cartId },
  })
  const cart = data[0] as { total: MajorUnitAmount; currency_code: string } | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)

  const runtime = getPluginRuntime(req.scope)
  const configuration = await getConfiguration(runtime.client, runtime.options, runtime).catch((error: Error) => {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The pay later service's limits could not be read (${error.message}); hide the method and try again later.`
    )
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
