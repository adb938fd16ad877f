import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  categoryLineage,
  excludedItems,
  hasExclusions,
  isProductExcluded,
  type ExcludedItem,
  type ExclusionRules,
  type ItemFacts,
  type ProductFacts,
} from "../payments/exclusions"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

/** The cart fields the exclusion rules look at (categories with `mpath`, for their ancestors). */
export const CART_EXCLUSION_FIELDS = [
  "items.id",
  "items.title",
  "items.product_id",
  "items.variant_sku",
  "items.product.collection_id",
  "items.product.type_id",
  "items.product.tags.value",
  "items.product.categories.id",
  "items.product.categories.mpath",
]

type Row = Record<string, any> | null | undefined

const strings = (values: unknown): string[] =>
  (Array.isArray(values) ? values : []).filter((value): value is string => typeof value === "string" && value !== "")

function productFactsOf(product: Row, productId: string | undefined): ProductFacts {
  return {
    productId,
    categoryIds: [...new Set(((product?.categories ?? []) as Row[]).flatMap((category) => (category ? categoryLineage(category) : [])))],
    collectionId: product?.collection_id ?? undefined,
    typeId: product?.type_id ?? undefined,
    tags: strings(((product?.tags ?? []) as Row[]).map((tag) => tag?.value)),
  }
}

/** A cart read with CART_EXCLUSION_FIELDS, as each line item's facts. */
export function cartItemFacts(cart: Row): ItemFacts[] {
  return ((cart?.items ?? []) as Row[])
    .filter((item): item is Record<string, any> => !!item?.id)
    .map((item) => ({
      id: item.id,
      title: String(item.title ?? item.id),
      variantSku: item.variant_sku ?? undefined,
      ...productFactsOf(item.product, item.product_id ?? undefined),
    }))
}

/** Empty when none is excluded or there is no rule. */
export function excludedCartItems(rules: ExclusionRules, cart: Row): ExcludedItem[] {
  return excludedItems(rules, cartItemFacts(cart))
}

/**
 * Whether a product page may offer pay later; undefined when no product has that id. Read even
 * without a rule, so an unknown product is answered alike.
 */
export async function productExcluded(scope: ContainerLike, rules: ExclusionRules, productId: string): Promise<boolean | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product",
    fields: ["id", "collection_id", "type_id", "tags.value", "categories.id", "categories.mpath", "variants.sku"],
    filters: { id: productId },
  })
  const product = data[0] as Row
  if (!product) return undefined
  if (!hasExclusions(rules)) return false
  const variantSkus = strings(((product.variants ?? []) as Row[]).map((variant) => variant?.sku))
  return isProductExcluded(rules, { ...productFactsOf(product, product.id), variantSkus })
}
