import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { payLaterProviders } from "./pay-later-providers"

/** What a seeded store holds, for tests and the demo to refer to. */
export interface SeededStore {
  publishableKey: string
  salesChannelId: string
  stockLocationId: string
  regions: { uk: string; eu: string }
  /** The pay-later provider each region offers: its account's (`pp_bnpl_bnpl-uk`), or `pp_bnpl_bnpl` with one account. */
  providers: { uk: string; eu: string }
  shippingOptions: { standard: string; express: string }
  variants: { tote: string; teaTowel: string; sofa: string }
}

const UK_COUNTRIES = ["gb"]
const EU_COUNTRIES = ["de", "fr", "es", "it", "nl"]

/**
 * Seeds a store as a merchant would set it up: a UK region in GBP and an EU region in EUR,
 * each offering the pay-later account that serves its currency (with UK and EU accounts,
 * pp_bnpl_bnpl-uk and pp_bnpl_bnpl-eu; with one account, pp_bnpl_bnpl in both) and Medusa's
 * pp_system_default; a warehouse shipping to both
 * with a Standard and an Express option; three products priced to sit inside, below and
 * above the sandbox's default limits (1.00..1000.00 GBP, 1.00..2000.00 EUR).
 */
export async function seedStore(container: MedusaContainer): Promise<SeededStore> {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const storeModule = container.resolve(Modules.STORE)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)

  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Webshop" }] },
  })
  const [store] = await storeModule.listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: "gbp", is_default: true }, { currency_code: "eur" }],
        default_sales_channel_id: salesChannel.id,
      },
    },
  })

  const payLater = payLaterProviders(container)
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "United Kingdom", currency_code: "gbp", countries: UK_COUNTRIES, payment_providers: [...payLater.uk, "pp_system_default"] },
        { name: "Europe", currency_code: "eur", countries: EU_COUNTRIES, payment_providers: [...payLater.eu, "pp_system_default"] },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({
    input: [...UK_COUNTRIES, ...EU_COUNTRIES].map((country_code) => ({ country_code, provider_id: "tp_system" })),
  })

  const {
    result: [stockLocation],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Warehouse", address: { address_1: "1 Dock Road", city: "London", country_code: "GB" } }] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocation.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const {
    result: [shippingProfile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Default", type: "default" }] },
  })
  const fulfillmentSet = await fulfillmentModule.createFulfillmentSets({
    name: "Warehouse delivery",
    type: "shipping",
    service_zones: [
      {
        name: "UK and Europe",
        geo_zones: [...UK_COUNTRIES, ...EU_COUNTRIES].map((country_code) => ({ country_code, type: "country" as const })),
      },
    ],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocation.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  const shippingOption = (name: string, code: string, gbp: number, eur: number) => ({
    name,
    price_type: "flat" as const,
    provider_id: "manual_manual",
    service_zone_id: fulfillmentSet.service_zones[0].id,
    shipping_profile_id: shippingProfile.id,
    type: { label: name, description: name, code },
    prices: [
      { currency_code: "gbp", amount: gbp },
      { currency_code: "eur", amount: eur },
    ],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
      { attribute: "is_return", value: "false", operator: "eq" as const },
    ],
  })
  const { result: shippingOptions } = await createShippingOptionsWorkflow(container).run({
    input: [shippingOption("Standard Shipping", "standard", 4.95, 5.9), shippingOption("Express Shipping", "express", 9.95, 12.5)],
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: stockLocation.id, add: [salesChannel.id] },
  })

  const {
    result: [publishableKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Webshop", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: publishableKey.id, add: [salesChannel.id] },
  })

  const { result: categories } = await createProductCategoriesWorkflow(container).run({
    input: { product_categories: [{ name: "Home", handle: "home", is_active: true }] },
  })
  const { result: children } = await createProductCategoriesWorkflow(container).run({
    input: { product_categories: [{ name: "Kitchen", handle: "kitchen", is_active: true, parent_category_id: categories[0].id }] },
  })
  const product = (title: string, handle: string, sku: string, gbp: number, eur: number) => ({
    title,
    handle,
    status: ProductStatus.PUBLISHED,
    shipping_profile_id: shippingProfile.id,
    thumbnail: `https://images.example.com/${handle}.jpg`,
    category_ids: [children[0].id],
    options: [{ title: "Size", values: ["One size"] }],
    variants: [
      {
        title: "One size",
        sku,
        options: { Size: "One size" },
        manage_inventory: false,
        prices: [
          { amount: gbp, currency_code: "gbp" },
          { amount: eur, currency_code: "eur" },
        ],
      },
    ],
    sales_channels: [{ id: salesChannel.id }],
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        product("Canvas Tote", "canvas-tote", "TOTE-1", 45, 52),
        product("Tea Towel", "tea-towel", "TOWEL-1", 0.5, 0.5),
        product("Three-seat Sofa", "sofa", "SOFA-3", 1499, 2499),
      ],
    },
  })
  const variantOf = (handle: string) => products.find((p) => p.handle === handle)!.variants[0].id

  return {
    publishableKey: publishableKey.token,
    salesChannelId: salesChannel.id,
    stockLocationId: stockLocation.id,
    regions: { uk: regions[0].id, eu: regions[1].id },
    providers: { uk: payLater.uk[0], eu: payLater.eu[0] },
    shippingOptions: {
      standard: shippingOptions.find((o) => o.name === "Standard Shipping")!.id,
      express: shippingOptions.find((o) => o.name === "Express Shipping")!.id,
    },
    variants: { tote: variantOf("canvas-tote"), teaTowel: variantOf("tea-towel"), sofa: variantOf("sofa") },
  }
}
