import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeOrderCollection, orderOfCollectionToken, type CollectionOutcome } from "../../../operations/complete-order-collection"
import { getPluginRuntime } from "../../../runtime/accounts/plugin-runtime"
import { collectionReturnQuerySchema } from "../../request-schemas"
import { storefrontCountryOf } from "./storefront-country"
import { checkoutPageUrl, orderPageUrl, paymentLinkPageUrl } from "./storefront-urls"

/**
 * `GET /bnpl/return?payment_collection_id=&orderToken=&status=`: the return from the checkout
 * of an ORDER's payment collection (payments/order-collection.ts makes the checkout with this
 * address; the service appends `orderToken` and `status`, docs/service-api.md "Create
 * Checkout"). Reached by a browser redirect, so no publishable key; it proves nothing but the
 * token (docs/security.md).
 *
 * - A malformed query, an unknown collection, a collection that is no order's, and a token
 *   that is not its session's: the storefront's checkout page with `bnpl_error=invalid_return`
 *   (the cart return's answer), naming nothing.
 * - `status=SUCCESS`: the session is authorised and the payment attached to the order
 *   (operations/complete-order-collection.ts), then the storefront's order page; else the
 *   payment link page, `/payment-collection/{id}?order_id=`, with `bnpl_error=<reason>`
 *   (`amount_changed` when the order was edited again, `declined`, `not_confirmed`, ...).
 *   Past `deadlineMs` the link page with `bnpl_status=processing`; the work goes on.
 * - `status=CANCELLED`: the link page with `bnpl_error=cancelled`, nothing authorised.
 * Pressed twice, or from two tabs: one approval (the collection's lock); the second lands on
 * the order page.
 */
export async function orderCollectionReturn(req: MedusaRequest, res: MedusaResponse, deadlineMs: number): Promise<void> {
  const { options, logger } = getPluginRuntime(req.scope)
  const parsed = collectionReturnQuerySchema.safeParse(req.query ?? {})
  const invalid = () => res.redirect(303, checkoutPageUrl(options, undefined, "invalid_return"))
  if (!parsed.success) {
    logger?.debug?.(`medusa-payment-bnpl: a return with a malformed query was refused (${parsed.error.issues[0]?.path.join(".")})`)
    return invalid()
  }
  const { payment_collection_id: collectionId, orderToken, status } = parsed.data
  const orderId = await orderOfCollectionToken(req.scope, collectionId, orderToken).catch(() => undefined)
  if (!orderId) return invalid()
  try {
    const work = completeOrderCollection(req.scope, { paymentCollectionId: collectionId, orderToken, caller: "return", checkOnly: status !== "SUCCESS" })
    const outcome = await withDeadline(work, deadlineMs, collectionId, logger)
    if (outcome.outcome === "completed") return res.redirect(303, orderPageUrl(options, orderId, "", await storefrontCountryOf(req, "order", orderId)))
    if (outcome.outcome === "processing") return res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_status", "processing"]))
    return res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_error", outcome.reason]))
  } catch (error) {
    // The shopper arrived by a browser redirect: a page to go back to beats a JSON 500.
    logger?.error?.(`medusa-payment-bnpl: the return for payment collection ${collectionId} failed: ${(error as Error).message}`)
    if (!res.headersSent) res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_error", "payment_failed"]))
  }
}

/** The work's outcome, or `processing` past the deadline (the work goes on; a failure after it is logged). */
async function withDeadline(
  work: Promise<CollectionOutcome>,
  deadlineMs: number,
  collectionId: string,
  logger: { error?: (message: string) => void } | undefined
): Promise<CollectionOutcome> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<CollectionOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "processing" }), deadlineMs)
  })
  work.catch((error: Error) => logger?.error?.(`medusa-payment-bnpl: completing payment collection ${collectionId} failed: ${error.message}`))
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}
