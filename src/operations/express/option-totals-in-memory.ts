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
 * The cart's totals with each option, computed as Medusa computes them but without putting
 * the option on the cart: the option's price (from Medusa's pricing), its tax lines from
 * Medusa's Tax Module with the cart's address (as core-flows' get-item-tax-lines does), and
 * the cart's totals from `decorateCartTotals` (what the Cart Module decorates a cart with).
 * One Tax Module call per option, no cart change, so the popup's patience is kept.
 *
 * Exact only where no promotion can apply to shipping: returns undefined (the caller puts
 * each option on the cart instead, option-totals.ts) when the cart has a promotion, the store
 * has an automatic promotion, or the options belong to more than one shipping profile.
 */
export async function totalsInMemory(
  scope: ContainerLike,
  read: Promise<TotalsContext>,
  options: PricedOption[]
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
            taxContext(cart, method)
          )
        : []
      // decorateCartTotals writes into what it is given: each option gets its own copy.
      const copy = JSON.parse(JSON.stringify(cart))
      return [option.id, decorateCartTotals({ ...copy, shipping_methods: [{ ...method, tax_lines: taxLines }] }) as CartTotals] as const
    })
  )
  return new Map(totals)
}

/** The cart as the totals need it, and whether a promotion could apply to its shipping. */
export interface TotalsContext {
  cart: Record<string, any>
  /** The cart has a promotion, or the store an automatic one. */
  promotions: boolean
}

/** Reads what `totalsInMemory` needs (started beside the listing of the options). */
export async function readTotalsContext(scope: ContainerLike, cartId: string): Promise<TotalsContext> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, automatic] = await Promise.all([
    query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } }),
    scope.resolve(Modules.PROMOTION).listPromotions({ is_automatic: true }, { take: 1, select: ["id"] }),
  ])
  const cart = data[0] as Record<string, any>
  return { cart, promotions: (cart.promotions ?? []).length > 0 || automatic.length > 0 }
}

/** The Tax Module's context for the cart, as core-flows' get-item-tax-lines builds it. */
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
