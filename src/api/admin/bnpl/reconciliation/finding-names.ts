import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

/** Medusa's ids a held order's failure may name, with what the merchant knows them by. */
const NAMED_IDS: Array<{ pattern: RegExp; entity: string; fields: string[]; name: (row: Record<string, any>) => string | undefined }> = [
  // An inventory item's title is often its variant's alone ("One size"): name it as the order page names the line.
  {
    pattern: /\biitem_[0-9A-Za-z]+\b/g,
    entity: "inventory_item",
    fields: ["id", "title", "sku", "variants.title", "variants.product.title"],
    name: (row) => variantName(row.variants?.[0]) ?? row.title ?? row.sku,
  },
  { pattern: /\bsloc_[0-9A-Za-z]+\b/g, entity: "stock_location", fields: ["id", "name"], name: (row) => row.name },
  {
    pattern: /\bvariant_[0-9A-Za-z]+\b/g,
    entity: "product_variant",
    fields: ["id", "title", "sku", "product.title"],
    name: (row) => variantName(row) ?? row.sku,
  },
]

/** "Canvas Tote · One size": the product's title and the variant's, or undefined when neither is known. */
function variantName(
  variant: { title?: string | null; product?: { title?: string | null } | null } | null | undefined,
): string | undefined {
  return [variant?.product?.title, variant?.title].filter(Boolean).join(" · ") || undefined
}

/** Medusa's failure message with each inventory item, location and variant id replaced by its admin name; unknown ids stay. */
export async function inMerchantWords(scope: MedusaContainer, message: string): Promise<string> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  let words = message
  for (const { pattern, entity, fields, name } of NAMED_IDS) {
    const ids = [...new Set(message.match(pattern) ?? [])]
    if (!ids.length) continue
    const { data } = await query.graph({ entity, fields, filters: { id: ids } }).catch(() => ({ data: [] as unknown[] }))
    for (const row of data as Array<Record<string, any>>) {
      const label = name(row)
      if (label) words = words.split(row.id).join(label)
    }
  }
  return words
}

/** The display ids of `orderIds` (Medusa's "#6"), by order id; unknown ids are left out. */
export async function displayIds(scope: MedusaContainer, orderIds: string[]): Promise<Map<string, number>> {
  if (!orderIds.length) return new Map()
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id: orderIds } })
  return new Map((data as Array<{ id: string; display_id: number }>).map((order) => [order.id, order.display_id]))
}
