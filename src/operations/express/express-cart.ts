import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cacheKeys } from "../../cache-keys"
import { toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { asPaymentData, isBnplProvider, type BnplPaymentData } from "../../payments/session-data"
import { accountForCurrency, accountForProvider, getPluginRuntime, type AccountRuntime } from "../../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import type { ItemFacts } from "../../payments/exclusions"
import { CART_EXCLUSION_FIELDS, cartItemFacts } from "../exclusion-facts"
import { ExpressFailure } from "./express-failure"

/** A cart as the express steps read it (one `query.graph`). */
export interface ExpressCart {
  id: string
  /** ISO 4217, lower case. */
  currencyCode: string
  totalMinor: bigint
  orderId?: string
  completed: boolean
  countries: string[]
  /** The payment providers the region offers (empty when not read). */
  offeredProviders: string[]
  paymentCollectionId?: string
  /** The cart's shipping address as Medusa keeps it (snake_case fields), if any. */
  shippingAddress?: Record<string, unknown>
  sessions: Array<{ id: string; providerId: string; status: string; data: BnplPaymentData }>
  items: ItemFacts[]
}

const FIELDS = [
  "id",
  "currency_code",
  "total",
  "completed_at",
  "order.id",
  "region.countries.iso_2",
  "region.payment_providers.id",
  "shipping_address.*",
  "payment_collection.id",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
  "payment_collection.payment_sessions.data",
  ...CART_EXCLUSION_FIELDS,
]

/** The cart, or undefined when no cart has that id. */
export async function readExpressCart(scope: ContainerLike, cartId: string): Promise<ExpressCart | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: cartId } })
  const cart = data[0] as Record<string, any> | undefined
  if (!cart) return undefined
  return {
    id: cart.id,
    currencyCode: String(cart.currency_code ?? "").toLowerCase(),
    totalMinor: toMinorUnits((cart.total ?? 0) as MajorUnitAmount, "cart.total"),
    orderId: cart.order?.id ?? undefined,
    completed: !!cart.completed_at || !!cart.order?.id,
    countries: ((cart.region?.countries ?? []) as Array<{ iso_2?: string } | null>).map((country) =>
      String(country?.iso_2 ?? "").toLowerCase(),
    ),
    offeredProviders: ((cart.region?.payment_providers ?? []) as Array<{ id?: string } | null>).map((provider) =>
      String(provider?.id ?? ""),
    ),
    paymentCollectionId: cart.payment_collection?.id ?? undefined,
    shippingAddress: cart.shipping_address ?? undefined,
    sessions: ((cart.payment_collection?.payment_sessions ?? []) as Array<Record<string, any> | null>)
      .filter((session): session is Record<string, any> => !!session && isBnplProvider(session.provider_id))
      .map((session) => ({ id: session.id, providerId: session.provider_id, status: session.status, data: asPaymentData(session.data) })),
    items: cartItemFacts(cart),
  }
}

/** The cart, or ExpressFailure `cart_not_found` (404); a cart that is an order: `cart_completed`. */
export async function requireOpenCart(scope: ContainerLike, cartId: string): Promise<ExpressCart> {
  const cart = await readExpressCart(scope, cartId)
  if (!cart) throw new ExpressFailure("cart_not_found", "No cart has that id.")
  if (cart.completed) throw new ExpressFailure("cart_completed", "This cart is an order already.")
  return cart
}

/** The cart's express session: the one holding `token`, else the newest one in express mode. */
export function expressSessionOf(cart: ExpressCart, token?: string): ExpressCart["sessions"][number] | undefined {
  return cart.sessions.find(
    (session) => session.data.express && session.data.token && (token === undefined || session.data.token === token),
  )
}

/** The named account, else the express session's, else the currency's. @throws ExpressFailure `not_offered` (422). */
export function expressAccount(scope: ContainerLike, cart: ExpressCart, providerId?: string): AccountRuntime {
  const runtime = getPluginRuntime(scope)
  const named = providerId ?? expressSessionOf(cart)?.providerId
  const account = named ? accountForProvider(runtime, named) : accountForCurrency(runtime, cart.currencyCode)
  if (!account) {
    throw new ExpressFailure(
      "not_offered",
      named
        ? `${named} is not a pay later payment provider of this store.`
        : `Pay later is not offered in ${cart.currencyCode.toUpperCase()}.`,
    )
  }
  if (cart.offeredProviders.length && !cart.offeredProviders.includes(account.providerId)) {
    throw new ExpressFailure("not_offered", "Pay later is not offered in this cart's region.")
  }
  return account
}

/** How long an express step waits for another one of the same cart. */
const EXPRESS_LOCK = { timeout: 30, expire: 120 }

/** One cart's express steps run one at a time across instances; not the cart's own key, which Medusa's workflows take. */
export async function underExpressLock<T>(scope: ContainerLike, cartId: string, job: () => Promise<T>): Promise<T> {
  const lock = getPluginRuntime(scope).lock
  if (!lock) return job()
  return lock.execute([cacheKeys.expressLock(cartId)], job, EXPRESS_LOCK)
}
