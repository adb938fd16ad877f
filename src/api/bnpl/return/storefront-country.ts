import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storefrontCountryCode } from "./storefront-urls"

/** The `{country_code}` of a cart's or order's storefront paths (see `storefrontCountryCode`). */
export async function storefrontCountryOf(req: MedusaRequest, entity: "cart" | "order", id: string): Promise<string | undefined> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity, fields: ["id", "shipping_address.country_code", "region.countries.iso_2"], filters: { id } })
  return storefrontCountryCode(data[0] as Parameters<typeof storefrontCountryCode>[0])
}
