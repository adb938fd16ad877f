import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow, createProductsWorkflow } from "@medusajs/medusa/core-flows"
import type { SeededStore } from "./seed-store"

/**
 * A product of the seeded store (30.00 GBP, standard shipping) with one item in stock, and a
 * way to change its stock: set it to 0 while the consumer is on the service's screens and
 * placing the order fails after the approval (someone else bought the last one).
 */
export async function lastItem(
  container: MedusaContainer,
  store: SeededStore,
): Promise<{ variantId: string; setStock: (quantity: number) => Promise<void> }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: options } = await query.graph({
    entity: "shipping_option",
    fields: ["shipping_profile_id"],
    filters: { id: store.shippingOptions.standard },
  })
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Last lamp",
          handle: `last-lamp-${Date.now()}`,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: (options[0] as { shipping_profile_id: string }).shipping_profile_id,
          options: [{ title: "Size", values: ["One"] }],
          variants: [
            {
              title: "One",
              sku: `LAMP-${Date.now()}`,
              options: { Size: "One" },
              manage_inventory: true,
              prices: [{ amount: 30, currency_code: "gbp" }],
            },
          ],
          sales_channels: [{ id: store.salesChannelId }],
        },
      ],
    },
  })
  const variantId = result[0].variants[0].id
  const { data: variants } = await query.graph({
    entity: "variant",
    fields: ["inventory_items.inventory_item_id"],
    filters: { id: variantId },
  })
  const inventoryItemId = (variants[0] as any).inventory_items[0].inventory_item_id
  await createInventoryLevelsWorkflow(container).run({
    input: { inventory_levels: [{ inventory_item_id: inventoryItemId, location_id: store.stockLocationId, stocked_quantity: 1 }] },
  })
  const setStock = async (quantity: number) => {
    await container
      .resolve(Modules.INVENTORY)
      .updateInventoryLevels([{ inventory_item_id: inventoryItemId, location_id: store.stockLocationId, stocked_quantity: quantity }])
  }
  return { variantId, setStock }
}
