import { ContainerRegistrationKeys, decorateCartTotals, Modules } from "@medusajs/framework/utils"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/** A shipping option as Medusa's list-shipping-options-with-pricing answers it. */
export interface PricedOption {
  id: string
  name?: string
  amount?: unknown
  is_tax_inclusive?: boolean
  shipping_profile_id?: string
  type?: { description?: string | null; label?: string | null } | null
}

/** The cart's totals with one option: Medusa's decorated totals (major units, BigNumber-like). */
export type CartTotals = Record<string, unknown>

const CART_FIELDS = [
  "id",
  "currency_code",
  "locale",
  "region.automatic_taxes",
  "customer.id",
  "customer.email",
  "customer.groups.id",
  "customer.metadata",
  "shipping_address.*",
  "items.*",
  "items.tax_lines.*",
  "items.adjustments.*",
  "credit_lines.*",
  "promotions.code",
]

/**
 * The cart's totals with each option as Medusa computes them, without putting it on the cart (the
 * popup waits). Undefined where a promotion could apply to shipping.
 */
export async function totalsInMemory(
  scope: ContainerLike,
  read: Promise<TotalsContext>,
  options: PricedOption[],
): Promise<Map<string, CartTotals> | undefined> {
  const { cart, promotions } = await read
  if (new Set(options.map((option) => option.shipping_profile_id)).size > 1) return undefined
  if (promotions) return undefined

  const address = cart.shipping_address
  const taxed = !!cart.region?.automatic_taxes && !!address?.country_code
  const taxModule = scope.resolve(Modules.TAX)
  const totals = await Promise.all(
    options.map(async (option) => {
      const method = {
        id: `bnpl_express_${option.id}`,
        shipping_option_id: option.id,
        name: option.name,
        amount: option.amount,
        is_tax_inclusive: !!option.is_tax_inclusive,
        adjustments: [],
      }
      const taxLines = taxed
        ? await taxModule.getTaxLines(
            [{ id: method.id, shipping_option_id: option.id, unit_price: option.amount as number, currency_code: cart.currency_code }],
            taxContext(cart, method),
          )
        : []
      // decorateCartTotals writes into what it is given: each option gets its own copy.
      const copy = JSON.parse(JSON.stringify(cart))
      return [option.id, decorateCartTotals({ ...copy, shipping_methods: [{ ...method, tax_lines: taxLines }] }) as CartTotals] as const
    }),
  )
  return new Map(totals)
}

export interface TotalsContext {
  cart: Record<string, any>
  /** The cart has a promotion, or the store an automatic one. */
  promotions: boolean
}

export async function readTotalsContext(scope: ContainerLike, cartId: string): Promise<TotalsContext> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, automatic] = await Promise.all([
    query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } }),
    scope.resolve(Modules.PROMOTION).listPromotions({ is_automatic: true }, { take: 1, select: ["id"] }),
  ])
  const cart = data[0] as Record<string, any>
  return { cart, promotions: (cart.promotions ?? []).length > 0 || automatic.length > 0 }
}

/** As core-flows' get-item-tax-lines builds it. */
function taxContext(cart: Record<string, any>, method: { id: string; name?: string; shipping_option_id: string; amount: unknown }): any {
  const address = cart.shipping_address
  return {
    address: {
      country_code: address.country_code,
      province_code: address.province,
      address_1: address.address_1,
      address_2: address.address_2,
      city: address.city,
      postal_code: address.postal_code,
      metadata: address.metadata,
    },
    customer: cart.customer && {
      id: cart.customer.id,
      email: cart.customer.email,
      customer_groups: cart.customer.groups?.map((group: { id: string }) => group.id) ?? [],
      metadata: cart.customer.metadata,
    },
    is_return: false,
    locale: cart.locale,
    shipping_methods: [{ id: method.id, name: method.name, shipping_option_id: method.shipping_option_id, amount: method.amount }],
  }
}
