import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CART_SNAPSHOT_FIELDS, toCartSnapshot } from "../../payments/mapping/cart-snapshot"
import {
  CART_SNAPSHOT_KEY,
  PREVIOUS_SESSIONS_KEY,
  asPaymentData,
  isBnplProvider,
  previousSessionOf,
  type PreviousSession,
} from "../../payments/session-data"
import { clearCompletionRecord } from "../../operations/completion-record"
import { CART_EXCLUSION_FIELDS, excludedCartItems } from "../../operations/exclusion-facts"
import { excludedItemsError } from "../../payments/exclusions"
import { toMedusaError } from "../../providers/bnpl/errors"
import { exclusionsForAccount } from "../../runtime/account-exclusions"
import { accountForProvider, getPluginRuntime } from "../../runtime/plugin-runtime"
import { paymentCollectionIdSchema } from "../request-schemas"
import { parseRequestPart } from "../validate-request"

/**
 * On `POST /store/payment-collections/:id/payment-sessions` for a `pp_bnpl_*` provider,
 * replaces the body's `data` with a snapshot of the cart read on the server (DESIGN.md data
 * flow step 1): a payment provider never sees the cart, and what a client sends is not
 * trusted. A cart holding goods the account excludes is refused here with the code
 * `excluded_items`, naming them (payments/exclusions.ts). Other providers' requests pass untouched.
 */
export async function replaceSessionDataWithCartSnapshot(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
): Promise<void> {
  try {
    const body = (req.body ?? {}) as { provider_id?: string; data?: Record<string, unknown> }
    if (!isBnplProvider(body.provider_id)) return next()
    const collectionId = parseRequestPart(paymentCollectionIdSchema, req.params.id, "id")
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: collections } = await query.graph({
      entity: "payment_collection",
      fields: ["id", "cart.id"],
      filters: { id: collectionId },
    })
    const cartId = (collections[0] as { cart?: { id?: string } } | undefined)?.cart?.id
    if (!cartId) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `No cart has the payment collection ${collectionId}.`)
    }
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: [
        ...CART_SNAPSHOT_FIELDS,
        ...CART_EXCLUSION_FIELDS,
        "payment_collection.payment_sessions.provider_id",
        "payment_collection.payment_sessions.data",
      ],
      filters: { id: cartId },
    })
    if (!carts[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
    // Goods the merchant excluded: refused before any checkout is made (code excluded_items).
    const account = accountForProvider(getPluginRuntime(req.scope), body.provider_id)
    const excluded = account ? excludedCartItems(await exclusionsForAccount(req.scope, account), carts[0]) : []
    if (excluded.length) throw toMedusaError(excludedItemsError(excluded))
    let snapshot
    try {
      snapshot = toCartSnapshot(carts[0] as Record<string, unknown>)
    } catch (error) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The cart cannot be paid later: ${(error as Error).message}`)
    }
    // A new session starts a new attempt: an earlier one's failure no longer describes the cart.
    await clearCompletionRecord(req.scope, cartId)
    // The sessions this one replaces (Medusa deletes them at the same time): the provider may
    // reuse their checkout, or an approval one of them already has (payments/payment-operations.ts).
    const previousSessions = ((carts[0] as any).payment_collection?.payment_sessions ?? [])
      .filter((session: { provider_id?: string }) => isBnplProvider(session.provider_id))
      .map((session: { data?: Record<string, unknown> }) => previousSessionOf(asPaymentData(session.data)))
      .filter((session: PreviousSession | undefined): session is PreviousSession => !!session)
    body.data = { [CART_SNAPSHOT_KEY]: snapshot, [PREVIOUS_SESSIONS_KEY]: previousSessions }
    req.body = body
    const validated = (req as unknown as { validatedBody?: { data?: unknown } }).validatedBody
    if (validated) validated.data = body.data
    next()
  } catch (error) {
    next(error)
  }
}
