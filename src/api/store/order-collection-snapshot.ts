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
 * The session `data` on an order's payment collection (docs/flow.md "What the shopper owes after the sale: the difference
 * paid later through Medusa's payment link"): a server-read order snapshot for exactly the collection's amount.
 */
export async function orderCollectionSessionData(
  scope: ContainerLike,
  collectionId: string,
  exclusions: ExclusionRules | undefined,
): Promise<BnplPaymentData> {
  const collection = await readOrderCollection(scope, collectionId)
  if (!collection?.orderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart or order has the payment collection ${collectionId}.`)
  }
  if (!PAYABLE_COLLECTION_STATUSES.includes(collection.status)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The payment collection ${collectionId} is ${collection.status}: only a collection still owed (not_paid or awaiting) can be paid later.`,
    )
  }
  const owedMinor = toMinorUnits(collection.amount, "payment_collection.amount")
  if (owedMinor <= 0n) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The payment collection ${collectionId} owes ${minorUnitsToApiAmount(owedMinor)}: there is nothing to pay later.`,
    )
  }
  const withExclusions = !!exclusions && hasExclusions(exclusions)
  const order = await readOrderForSnapshot(
    scope,
    collection.orderId,
    withExclusions ? [...ORDER_SNAPSHOT_FIELDS, ...CART_EXCLUSION_FIELDS] : ORDER_SNAPSHOT_FIELDS,
  )
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart or order has the payment collection ${collectionId}.`)
  const excluded = withExclusions ? excludedCartItems(exclusions!, order) : []
  if (excluded.length) throw toMedusaError(excludedItemsError(excluded))
  try {
    return { [CART_SNAPSHOT_KEY]: toOrderCollectionSnapshot(order, collection) }
  } catch (error) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `The order cannot be paid later: ${(error as Error).message}`)
  }
}
