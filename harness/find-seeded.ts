import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { payLaterProviders } from "./pay-later-providers"
import type { SeededStore } from "./seed"

/**
 * The ids of a store that `seedStore` already seeded, looked up by the names it gives things,
 * or undefined when the database has not been seeded. A demo database is kept between runs
 * (the merchant's orders stay), and seeding twice would fail: a country belongs to one region.
 * The regions' pay-later providers are brought in step with medusa-config (a database seeded
 * with one account, then run with UK and EU accounts).
 */
export async function findSeededStore(container: MedusaContainer): Promise<SeededStore | undefined> {
  const [key] = await container.resolve(Modules.API_KEY).listApiKeys({ title: "Webshop", type: "publishable" })
  if (!key) return undefined
  const [salesChannel] = await container.resolve(Modules.SALES_CHANNEL).listSalesChannels({ name: "Webshop" })
  const [stockLocation] = await container.resolve(Modules.STOCK_LOCATION).listStockLocations({ name: "Warehouse" })
  const regions = await container.resolve(Modules.REGION).listRegions({ name: { $in: ["United Kingdom", "Europe"] } })
  const options = await container.resolve(Modules.FULFILLMENT).listShippingOptions({ name: ["Standard Shipping", "Express Shipping"] })
  const variants = await container.resolve(Modules.PRODUCT).listProductVariants({ sku: ["TOTE-1", "TOWEL-1", "SOFA-3"] })
  const region = (name: string) => regions.find((candidate) => candidate.name === name)!.id
  const option = (name: string) => options.find((candidate) => candidate.name === name)!.id
  const variant = (sku: string) => variants.find((candidate) => candidate.sku === sku)!.id
  const payLater = payLaterProviders(container)
  for (const [name, providers] of [
    ["United Kingdom", payLater.uk],
    ["Europe", payLater.eu],
  ] as const) {
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: region(name) }, update: { payment_providers: [...providers, "pp_system_default"] } },
    })
  }
  return {
    publishableKey: key.token,
    salesChannelId: salesChannel.id,
    stockLocationId: stockLocation.id,
    regions: { uk: region("United Kingdom"), eu: region("Europe") },
    providers: { uk: payLater.uk[0], eu: payLater.eu[0] },
    shippingOptions: { standard: option("Standard Shipping"), express: option("Express Shipping") },
    variants: { tote: variant("TOTE-1"), teaTowel: variant("TOWEL-1"), sofa: variant("SOFA-3") },
  }
}
