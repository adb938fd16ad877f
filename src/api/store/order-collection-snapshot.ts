import { MedusaError } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits } from "../../client/money"
import { excludedItemsError, hasExclusions, type ExclusionRules } from "../../payments/exclusions"
import { ORDER_SNAPSHOT_FIELDS, toOrderCollectionSnapshot } from "../../payments/mapping/order-snapshot"
import { CART_SNAPSHOT_KEY, type BnplPaymentData } from "../../payments/session-data"
import { CART_EXCLUSION_FIELDS, excludedCartItems } from "../../operations/exclusion-facts"
import { PAYABLE_COLLECTION_STATUSES, readOrderCollection, readOrderForSnapshot } from "../../operations/order-for-snapshot"
import { toMedusaError } from "../../providers/bnpl/errors"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * The session `data` for a pay-later session on an ORDER's payment collection (the
 * difference after an order edit, exchange or claim; docs/flow.md "What the shopper owes
 * after the sale"): the order read on the server and mapped to a snapshot whose checkout is
 * for exactly the collection's amount (payments/mapping/order-snapshot.ts). The provider's
 * `initiatePayment` starts the checkout from it (payments/checkout.ts startCheckout, which
 * also refuses an amount outside the account's limits: `not_eligible`). Nothing the client
 * sent is used, and no earlier session is taken over: each session of a collection is a new
 * checkout, and Medusa deletes the collection's earlier session when it creates this one.
 * `collectionId` must be parsed already (request-schemas.ts).
 * @returns `{ bnpl_cart: CartSnapshot }` (session-data.ts CART_SNAPSHOT_KEY).
 * @throws MedusaError NOT_FOUND when neither a cart nor an order has the collection;
 *   NOT_ALLOWED when its status is not `not_paid` / `awaiting` (something is authorised on it
 *   already); INVALID_DATA when it owes nothing; `excluded_items` (400) naming the order's
 *   goods the account excludes, as for carts.
 */
export async function orderCollectionSessionData(
  scope: ContainerLike,
  collectionId: string,
  exclusions: ExclusionRules | undefined
): Promise<BnplPaymentData> {
  const collection = await readOrderCollection(scope, collectionId)
  if (!collection?.orderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart or order has the payment collection ${collectionId}.`)
  }
  if (!PAYABLE_COLLECTION_STATUSES.includes(collection.status)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The payment collection ${collectionId} is ${collection.status}: only a collection still owed (not_paid or awaiting) can be paid later.`
    )
  }
  const owedMinor = toMinorUnits(collection.amount, "payment_collection.amount")
  if (owedMinor <= 0n) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The payment collection ${collectionId} owes ${minorUnitsToApiAmount(owedMinor)}: there is nothing to pay later.`
    )
  }
  const withExclusions = !!exclusions && hasExclusions(exclusions)
  const order = await readOrderForSnapshot(scope, collection.orderId, withExclusions ? [...ORDER_SNAPSHOT_FIELDS, ...CART_EXCLUSION_FIELDS] : ORDER_SNAPSHOT_FIELDS)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart or order has the payment collection ${collectionId}.`)
  // Goods the merchant excluded are refused for an order's difference as for a cart.
  const excluded = withExclusions ? excludedCartItems(exclusions!, order) : []
  if (excluded.length) throw toMedusaError(excludedItemsError(excluded))
  try {
    return { [CART_SNAPSHOT_KEY]: toOrderCollectionSnapshot(order, collection) }
  } catch (error) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `The order cannot be paid later: ${(error as Error).message}`)
  }
}
