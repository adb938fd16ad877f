import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeOrderCollection, orderOfCollectionToken, type CollectionOutcome } from "../../../operations/complete-order-collection"
import { getPluginRuntime } from "../../../runtime/accounts/plugin-runtime"
import { collectionReturnQuerySchema } from "../../request-schemas"
import { storefrontCountryOf } from "./storefront-country"
import { checkoutPageUrl, orderPageUrl, paymentLinkPageUrl } from "./storefront-urls"

/** `GET /bnpl/return?payment_collection_id=`: the return from an order collection's checkout; the collection's lock makes one approval. */
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
    const work = completeOrderCollection(req.scope, {
      paymentCollectionId: collectionId,
      orderToken,
      caller: "return",
      checkOnly: status !== "SUCCESS",
    })
    const outcome = await withDeadline(work, deadlineMs, collectionId, logger)
    if (outcome.outcome === "completed")
      return res.redirect(303, orderPageUrl(options, orderId, "", await storefrontCountryOf(req, "order", orderId)))
    if (outcome.outcome === "processing")
      return res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_status", "processing"]))
    return res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_error", outcome.reason]))
  } catch (error) {
    logger?.error?.(`medusa-payment-bnpl: the return for payment collection ${collectionId} failed: ${(error as Error).message}`)
    if (!res.headersSent) res.redirect(303, paymentLinkPageUrl(options, collectionId, orderId, ["bnpl_error", "payment_failed"]))
  }
}

/** The work's outcome, or `processing` past the deadline (the work goes on; a failure after it is logged). */
async function withDeadline(
  work: Promise<CollectionOutcome>,
  deadlineMs: number,
  collectionId: string,
  logger: { error?: (message: string) => void } | undefined,
): Promise<CollectionOutcome> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<CollectionOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "processing" }), deadlineMs)
  })
  work.catch((error: Error) =>
    logger?.error?.(`medusa-payment-bnpl: completing payment collection ${collectionId} failed: ${error.message}`),
  )
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}
