import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot, type CartSnapshot } from "../../payments/mapping/cart-snapshot"
import { apiAmountToMinorUnits, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import {
  CART_SNAPSHOT_KEY,
  EARLY_CHECKOUT_KEY,
  PREVIOUS_SESSIONS_KEY,
  type BnplPaymentData,
  asPaymentData,
  isBnplProvider,
  previousSessionOf,
  type PreviousSession,
} from "../../payments/session-data"
import { readCartForSnapshot } from "../../operations/cart-for-snapshot"
import { orderCollectionSessionData } from "./order-collection-snapshot"
import { clearCompletionRecord } from "../../operations/completion-record"
import { CART_EXCLUSION_FIELDS, excludedCartItems } from "../../operations/exclusion-facts"
import { excludedItemsError, hasExclusions } from "../../payments/exclusions"
import { toMedusaError } from "../../providers/bnpl/errors"
import { exclusionsForAccount } from "../../runtime/accounts/account-exclusions"
import { paymentOperationsForAccount } from "../../runtime/accounts/account-payment-operations"
import { holdEarlyCheckout } from "../../runtime/checkout/early-checkouts"
import { preparedSnapshotOf, sameSnapshot } from "../../runtime/checkout/prepared-snapshots"
import { accountForProvider, getPluginRuntime } from "../../runtime/accounts/plugin-runtime"
import { paymentCollectionIdSchema } from "../request-schemas"
import { parseRequestPart } from "../validate-request"

interface CollectionRead {
  amount?: unknown
  status?: string
  currency_code?: string
  payment_sessions?: Array<{ provider_id?: string; data?: Record<string, unknown> | null } | null>
}

/**
 * Middleware on `POST /store/payment-collections/:id/payment-sessions` for `pp_bnpl_*`: replaces the body's `data` with a
 * server-read cart snapshot (a provider never sees the cart; the client is not trusted), refuses excluded goods with
 * `excluded_items`, and starts the checkout at once so the shopper waits for one round trip, not Medusa's work too.
 */
export async function replaceSessionDataWithCartSnapshot(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  try {
    const body = (req.body ?? {}) as { provider_id?: string; data?: BnplPaymentData }
    if (!isBnplProvider(body.provider_id)) return next()
    const collectionId = parseRequestPart(paymentCollectionIdSchema, req.params.id, "id")
    const account = accountForProvider(getPluginRuntime(req.scope), body.provider_id)
    const { collection, cartId, exclusions } = await readCollection(req, collectionId, account)
    if (collection && !cartId) {
      // An order's payment collection (the difference after an order edit).
      body.data = await orderCollectionSessionData(req.scope, collectionId, exclusions)
      return useSessionData(req, body, next)
    }
    if (!collection || !cartId) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart has the payment collection ${collectionId}.`)
    }
    refuseCollectionNotOwed(collectionId, collection.status)
    const previousSessions = previousSessionsOf(collection)
    const amountMinor = toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount")
    const currency = String(collection.currency_code ?? "").toUpperCase()
    const start = (snapshot: CartSnapshot) =>
      paymentOperationsForAccount(account!).startCheckout({ snapshot, amountMinor, currency, data: {}, previousSessions })
    // Create Checkout goes out now from the payment step's snapshot while the cart is read. Never with
    // exclusions: a cart refused for its goods must never get a checkout.
    const prepared = account && !hasExclusions(exclusions) ? preparedSnapshotOf(cartId) : undefined
    const guess =
      prepared && apiAmountToMinorUnits(prepared.total) === amountMinor && prepared.currencyCode.toUpperCase() === currency
        ? { snapshot: prepared, result: start(prepared) }
        : undefined
    guess?.result.catch(() => undefined)
    const snapshot = await snapshotOfPayableCart(req, cartId, exclusions)
    body.data = { [CART_SNAPSHOT_KEY]: snapshot, [PREVIOUS_SESSIONS_KEY]: previousSessions }
    if (account) {
      // The guess only if made from exactly this snapshot; initiatePayment takes the result.
      const result = guess && sameSnapshot(guess.snapshot, snapshot) ? guess.result : start(snapshot)
      body.data[EARLY_CHECKOUT_KEY] = holdEarlyCheckout({ providerId: account.providerId, cartId, amountMinor, currency, result })
    }
    // A new session starts a new attempt: an earlier one's failure does not describe the cart.
    await clearCompletionRecord(req.scope, cartId)
    useSessionData(req, body, next)
  } catch (error) {
    next(error)
  }
}

type Exclusions = Awaited<ReturnType<typeof exclusionsForAccount>> | undefined

// The cart id from the link table alone, as Medusa's workflows read it.
async function readCollection(
  req: MedusaRequest,
  collectionId: string,
  account: ReturnType<typeof accountForProvider>,
): Promise<{ collection: CollectionRead | undefined; cartId: string | undefined; exclusions: Exclusions }> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: links }, { data: collections }, exclusions] = await Promise.all([
    query.graph({ entity: "cart_payment_collection", fields: ["cart_id"], filters: { payment_collection_id: collectionId } }),
    query.graph({
      entity: "payment_collection",
      fields: ["id", "amount", "currency_code", "status", "payment_sessions.provider_id", "payment_sessions.data"],
      filters: { id: collectionId },
    }),
    account ? exclusionsForAccount(req.scope, account) : undefined,
  ])
  return {
    collection: collections[0] as CollectionRead | undefined,
    cartId: (links[0] as { cart_id?: string } | undefined)?.cart_id,
    exclusions,
  }
}

/** A cart's collection with something authorised or captured on it, or given up: no new session replaces what it holds. */
const SETTLED_CART_COLLECTION_STATUSES: ReadonlySet<string> = new Set([
  "authorized",
  "partially_authorized",
  "partially_captured",
  "completed",
  "canceled",
])

/**
 * A new session on a paid cart's collection would replace Medusa's authorised session and open a checkout for a
 * paid cart, for anyone who knows the id. Throws NOT_ALLOWED `payment_collection_not_owed`.
 */
function refuseCollectionNotOwed(collectionId: string, status: string | undefined): void {
  if (!status || !SETTLED_CART_COLLECTION_STATUSES.has(status)) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The payment collection ${collectionId} is ${status}: its cart is paid already, so no new payment session can be started on it.`,
    "payment_collection_not_owed",
  )
}

/** The sessions this one replaces: the provider may reuse their checkout or approval. */
function previousSessionsOf(collection: CollectionRead): PreviousSession[] {
  return (collection.payment_sessions ?? [])
    .filter((session) => isBnplProvider(session?.provider_id))
    .map((session) => previousSessionOf(asPaymentData(session?.data ?? undefined)))
    .filter((session: PreviousSession | undefined): session is PreviousSession => !!session)
}

/** Throws NOT_FOUND, `excluded_items` (before any checkout is made) or INVALID_DATA. */
async function snapshotOfPayableCart(req: MedusaRequest, cartId: string, exclusions: Exclusions): Promise<CartSnapshot> {
  const cart = await readCartForSnapshot(
    req.scope,
    cartId,
    hasExclusions(exclusions)
      ? [...CART_SNAPSHOT_FIELDS, "completed_at", ...CART_EXCLUSION_FIELDS]
      : [...CART_SNAPSHOT_FIELDS, "completed_at"],
  )
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
  if (cart.completed_at) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cart ${cartId} is completed: its order is placed, so no new payment session can be started on its collection.`,
      "payment_collection_not_owed",
    )
  }
  const excluded = exclusions && hasExclusions(exclusions) ? excludedCartItems(exclusions, cart) : []
  if (excluded.length) throw toMedusaError(excludedItemsError(excluded))
  try {
    return toCartSnapshot(cart)
  } catch (error) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `The cart cannot be paid later: ${(error as Error).message}`)
  }
}

/** Hands Medusa's route the body with the trusted `data` (its validated copy too). */
function useSessionData(req: MedusaRequest, body: { data?: BnplPaymentData }, next: MedusaNextFunction): void {
  req.body = body
  const validated = (req as unknown as { validatedBody?: { data?: unknown } }).validatedBody
  if (validated) validated.data = body.data
  next()
}
