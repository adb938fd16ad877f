import { Modules } from "@medusajs/framework/utils"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../payments/mapping/cart-snapshot"
import { keepPreparedSnapshot } from "../runtime/checkout/prepared-snapshots"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

type GraphRecord = Record<string, any>

interface ModuleReads {
  cart: { select: string[]; relations: string[] }
  product: { select: string[]; relations: string[] }
  customer: { select: string[] }
}

const PRODUCT_PREFIX = "items.product."
const CUSTOMER_PREFIX = "customer."

function relationsOf(field: string): string[] {
  const parts = field.split(".")
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join("."))
}

/** Splits a cart `query.graph` field list into the cart, product and customer modules' reads. */
export function moduleReadsOf(fields: readonly string[]): ModuleReads {
  const reads = {
    cart: { select: new Set(["id", "customer_id", "items.id", "items.product_id"]), relations: new Set<string>(["items"]) },
    product: { select: new Set(["id"]), relations: new Set<string>() },
    customer: { select: new Set(["id"]) },
  }
  for (const field of fields) {
    if (field.startsWith(PRODUCT_PREFIX)) {
      const productField = field.slice(PRODUCT_PREFIX.length)
      reads.product.select.add(productField)
      for (const relation of relationsOf(productField)) reads.product.relations.add(relation)
    } else if (field.startsWith(CUSTOMER_PREFIX)) {
      reads.customer.select.add(field.slice(CUSTOMER_PREFIX.length))
    } else if (field !== "items.product" && field !== "customer") {
      reads.cart.select.add(field)
      for (const relation of relationsOf(field)) reads.cart.relations.add(relation)
    }
  }
  return {
    cart: { select: [...reads.cart.select], relations: [...reads.cart.relations] },
    product: { select: [...reads.product.select], relations: [...reads.product.relations] },
    customer: { select: [...reads.customer.select] },
  }
}

/**
 * The cart as `query.graph` gives it, read through the modules' services: Query's planning costs the
 * payment session a few ms (docs/performance.md "A quiet shop"). Undefined when no cart has that id.
 */
export async function readCartForSnapshot(
  scope: ContainerLike,
  cartId: string,
  fields: readonly string[],
): Promise<GraphRecord | undefined> {
  const reads = moduleReadsOf(fields)
  const carts = (await scope.resolve(Modules.CART).listCarts({ id: cartId }, reads.cart)) as GraphRecord[]
  const cart = carts[0]
  if (!cart) return undefined
  const items: GraphRecord[] = cart.items ?? []
  const productIds = [...new Set(items.map((item) => item.product_id).filter((id): id is string => typeof id === "string"))]
  const customerId = typeof cart.customer_id === "string" ? cart.customer_id : undefined
  const [products, customers] = await Promise.all([
    productIds.length ? (scope.resolve(Modules.PRODUCT).listProducts({ id: productIds }, reads.product) as Promise<GraphRecord[]>) : [],
    customerId ? (scope.resolve(Modules.CUSTOMER).listCustomers({ id: customerId }, reads.customer) as Promise<GraphRecord[]>) : [],
  ])
  const productsById = new Map(products.map((product) => [product.id, product]))
  return {
    ...cart,
    items: items.map((item) => ({ ...item, product: productsById.get(item.product_id) ?? null })),
    customer: customers[0] ?? null,
  }
}

/** Keeps the cart's snapshot for the payment session's Create Checkout. Never throws. */
export async function prepareCartSnapshot(scope: ContainerLike, cartId: string): Promise<void> {
  try {
    const cart = await readCartForSnapshot(scope, cartId, CART_SNAPSHOT_FIELDS)
    if (cart) keepPreparedSnapshot(toCartSnapshot(cart))
  } catch {
    // Only speed is lost: the session reads the cart itself.
  }
}
