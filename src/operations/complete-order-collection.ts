import { Modules } from "@medusajs/framework/utils"
import { authorizePaymentSessionForOrderWorkflow, deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { apiAmountToMinorUnits, toMinorUnits, type MajorUnitAmount } from "../client/money"
import { cacheKeys } from "../cache-keys"
import { asPaymentData, isBnplProvider } from "../payments/session-data"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { makeJobAttemptDue, readReturnBackoff, recordReturnUnconfirmed } from "./auth-backoff"
import { failureReason, type CompletionFailure } from "./completion-failure"
import { finishesCheckout } from "./finished-checkout"
import { PAYABLE_COLLECTION_STATUSES, readOrderCollection, type OrderCollection } from "./order-for-snapshot"

/** What completing an order's payment collection came to; `orderId` is Medusa's order. */
export type CollectionOutcome =
  | { outcome: "completed"; orderId: string }
  /** Another completion holds the collection's lock, or the return was replayed too soon. */
  | { outcome: "processing"; orderId?: string }
  | { outcome: "failed"; reason: CompletionFailure; orderId?: string; message?: string }

export interface CollectionCompletionInput {
  paymentCollectionId: string
  /** The checkout token the consumer came back with: must be the collection's session's. */
  orderToken: string
  /** Prove the token and answer, authorise nothing (a cancelled return). */
  checkOnly?: boolean
  /** `return`: no Auth again within the back-off after "not confirmed". */
  caller?: "return" | "job"
}

const COLLECTION_LOCK_WAIT_SECONDS = 30

type Session = OrderCollection["payment_sessions"][number]

/**
 * Authorises an order collection's pay-later session under its lock (Auth's requestId is the
 * session id). Medusa updates a `not_paid` collection in place: a changed amount is `amount_changed`.
 */
export async function completeOrderCollection(scope: ContainerLike, input: CollectionCompletionInput): Promise<CollectionOutcome> {
  const { paymentCollectionId: collectionId, orderToken } = input
  const { logger } = getPluginRuntime(scope)
  const seen = await readOrderCollection(scope, collectionId)
  const seenSession = seen?.orderId ? sessionOfToken(seen, orderToken) : undefined
  if (!seen?.orderId || !seenSession) return { outcome: "failed", reason: "invalid_return" }
  const orderId = seen.orderId
  if (isAuthorised(seenSession)) return { outcome: "completed", orderId }

  let outcome: CollectionOutcome = { outcome: "processing", orderId }
  let locked = false
  try {
    await scope.resolve(Modules.LOCKING).execute(
      cacheKeys.orderCollectionLock(collectionId),
      async () => {
        locked = true
        outcome = (await completeUnderLock(scope, input, orderId)) ?? outcome
      },
      { timeout: COLLECTION_LOCK_WAIT_SECONDS },
    )
  } catch (error) {
    if (!locked) return { outcome: "processing", orderId }
    logger?.warn?.(
      `medusa-payment-bnpl: payment collection ${collectionId} of order ${orderId} was not authorised: ${(error as Error).message}`,
    )
    return { outcome: "failed", reason: failureReason(error), orderId, message: (error as Error).message }
  }
  return outcome
}

/** The collection read again under its lock, and authorised when it may be; undefined: still processing (the job tries again). */
async function completeUnderLock(
  scope: ContainerLike,
  input: CollectionCompletionInput,
  orderId: string,
): Promise<CollectionOutcome | undefined> {
  const { paymentCollectionId: collectionId, orderToken } = input
  const { cache, logger } = getPluginRuntime(scope)
  const collection = await readOrderCollection(scope, collectionId)
  const session = collection && sessionOfToken(collection, orderToken)
  if (!collection || !session) {
    return { outcome: "failed", reason: "invalid_return" }
  }
  if (isAuthorised(session)) {
    return { outcome: "completed", orderId }
  }
  if (input.checkOnly) {
    await dropSession(scope, collectionId, session.id, "its consumer cancelled the checkout")
    return { outcome: "failed", reason: "cancelled", orderId }
  }
  if (!PAYABLE_COLLECTION_STATUSES.includes(collection.status) || session.status !== "pending_authorization") {
    logger?.info?.(
      `medusa-payment-bnpl: payment collection ${collectionId} is ${collection.status} (session ${session.status}); nothing was authorised.`,
    )
    return { outcome: "failed", reason: "payment_failed", orderId }
  }
  if (!owesCheckoutAmount(collection, session)) {
    await dropSession(scope, collectionId, session.id, "the amount owed changed after its checkout was made; nothing authorised")
    return { outcome: "failed", reason: "amount_changed", orderId }
  }
  if (input.caller === "return" && (await readReturnBackoff(cache, session.id)).nextAt > Date.now()) {
    // "Not confirmed" a moment ago: no Auth for a replayed return; the job tries within a minute.
    await makeJobAttemptDue(cache, session.id)
    return
  }
  const outcome = await authoriseForOrder(scope, collectionId, session.id, orderId, input.caller)
  // A declined or expired checkout can never be approved: its session goes; the link page starts anew.
  if (outcome.outcome === "failed" && finishesCheckout(outcome.reason)) {
    await dropSession(scope, collectionId, session.id, `its checkout was ${outcome.reason}`)
  }
  return outcome
}

/** Checks the amount again after the workflow: an edit may land in between. */
async function authoriseForOrder(
  scope: ContainerLike,
  collectionId: string,
  sessionId: string,
  orderId: string,
  caller: CollectionCompletionInput["caller"],
): Promise<CollectionOutcome> {
  const { cache, logger } = getPluginRuntime(scope)
  let payment: { id: string; amount?: MajorUnitAmount } | null | undefined
  try {
    const { result } = await authorizePaymentSessionForOrderWorkflow(scope as any).run({ input: { payment_session_id: sessionId } })
    payment = result as typeof payment
  } catch (error) {
    const reason = failureReason(error)
    if (caller === "return" && reason === "not_confirmed") await recordReturnUnconfirmed(cache, sessionId, Date.now())
    return { outcome: "failed", reason, orderId, message: (error as Error).message }
  }
  if (!payment) {
    // Still pending_authorization: the consumer has not confirmed (Auth answered 412).
    if (caller === "return") await recordReturnUnconfirmed(cache, sessionId, Date.now())
    return { outcome: "failed", reason: "not_confirmed", orderId }
  }
  const after = await readOrderCollection(scope, collectionId)
  if (after && payment.amount !== undefined && toMinorUnits(after.amount) !== toMinorUnits(payment.amount)) {
    logger?.warn?.(
      `medusa-payment-bnpl: order ${orderId} was edited while its payment collection ${collectionId} was being authorised; the payment ${payment.id} is canceled.`,
    )
    await scope
      .resolve(Modules.PAYMENT)
      .cancelPayment(payment.id)
      .catch((error: Error) =>
        logger?.error?.(
          `medusa-payment-bnpl: could not cancel payment ${payment!.id} of a changed amount: ${error.message}; the reconciliation job reports it.`,
        ),
      )
    return { outcome: "failed", reason: "amount_changed", orderId }
  }
  return { outcome: "completed", orderId }
}

/** The order whose collection holds this pay-later checkout token; undefined otherwise, one answer for all. */
export async function orderOfCollectionToken(scope: ContainerLike, collectionId: string, orderToken: string): Promise<string | undefined> {
  const collection = await readOrderCollection(scope, collectionId)
  return collection?.orderId && sessionOfToken(collection, orderToken) ? collection.orderId : undefined
}

function sessionOfToken(collection: OrderCollection, token: string): Session | undefined {
  return collection.payment_sessions.find(
    (session) => isBnplProvider(session.provider_id) && asPaymentData(session.data ?? undefined).token === token,
  )
}

const isAuthorised = (session: Session): boolean => !!session.authorized_at || session.status === "authorized"

function owesCheckoutAmount(collection: OrderCollection, session: Session): boolean {
  const data = asPaymentData(session.data ?? undefined)
  if (!data.amount || session.amount === undefined) return false
  const owed = toMinorUnits(collection.amount, "payment_collection.amount")
  return owed === apiAmountToMinorUnits(String(data.amount)) && owed === toMinorUnits(session.amount)
}

/** Deleted through Medusa's workflow, so neither a later return nor the job authorises it. Never throws. */
async function dropSession(scope: ContainerLike, collectionId: string, sessionId: string, why: string): Promise<void> {
  const { logger } = getPluginRuntime(scope)
  logger?.info?.(`medusa-payment-bnpl: payment session ${sessionId} of payment collection ${collectionId} is deleted: ${why}.`)
  try {
    await deletePaymentSessionsWorkflow(scope as any).run({ input: { ids: [sessionId] } })
  } catch (error) {
    logger?.warn?.(
      `medusa-payment-bnpl: the payment session ${sessionId} of collection ${collectionId} could not be deleted: ${(error as Error).message}`,
    )
  }
}
