import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { addShippingMethodToCartWorkflow, listShippingOptionsForCartWithPricingWorkflow } from "@medusajs/medusa/core-flows"
import { toMinorUnits, type MajorUnitAmount } from "../../client/money"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { readTotalsContext, totalsInMemory, type PricedOption } from "./option-totals-in-memory"

/** A shipping option of the cart with what the cart would cost with it; amounts in minor units. */
export interface OptionTotals {
  id: string
  name: string
  description: string
  /** Before discounts (with tax where prices include it), as the checkout's `shippingAmount`. */
  shippingMinor: bigint
  taxMinor: bigint
  /** What Medusa records as the order's total. */
  totalMinor: bigint
}

const TOTAL_FIELDS = [
  "id",
  "total",
  "tax_total",
  "shipping_subtotal",
  "shipping_total",
  "original_shipping_subtotal",
  "original_shipping_total",
  "items.is_tax_inclusive",
]

/**
 * Medusa's priced options with the cart's totals as Medusa computes them. Where a promotion could
 * touch shipping each is put on the cart; the chosen one is put back at completion.
 */
export async function shippingOptionTotals(scope: ContainerLike, cartId: string): Promise<OptionTotals[]> {
  const context = readTotalsContext(scope, cartId)
  // Read beside the listing; a failed read fails the listing's answer too.
  context.catch(() => undefined)
  const { result } = await listShippingOptionsForCartWithPricingWorkflow(scope as any).run({ input: { cart_id: cartId, is_return: false } })
  const options = (result as PricedOption[]).filter((option) => option.amount !== undefined && option.amount !== null)
  const computed = await totalsInMemory(scope, context, options)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const totals: OptionTotals[] = []
  for (const option of options) {
    let cart = computed?.get(option.id) as Record<string, any> | undefined
    if (!cart) {
      await addShippingMethodToCartWorkflow(scope as any).run({ input: { cart_id: cartId, options: [{ id: option.id }] } })
      cart = (await query.graph({ entity: "cart", fields: TOTAL_FIELDS, filters: { id: cartId } })).data[0] as Record<string, any>
    }
    const taxInclusive = (cart.items ?? []).some((item: { is_tax_inclusive?: boolean }) => item.is_tax_inclusive === true)
    const shipping = taxInclusive
      ? (cart.original_shipping_total ?? cart.shipping_total)
      : (cart.original_shipping_subtotal ?? cart.shipping_subtotal)
    totals.push({
      id: option.id,
      name: option.name ?? option.type?.label ?? "Shipping",
      description: option.type?.description ?? "",
      shippingMinor: minor(shipping),
      taxMinor: minor(cart.tax_total),
      totalMinor: minor(cart.total),
    })
  }
  return totals
}

const minor = (value: unknown): bigint => (value === null || value === undefined ? 0n : toMinorUnits(value as MajorUnitAmount))
