import { createOrderPaymentCollectionWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { PaymentError } from "../../payments/errors"
import { CARRIED_APPROVAL_KEY, asPaymentData, isBnplProvider, type BnplPaymentData } from "../../payments/session-data"
import { paymentOperationsForAccount } from "../../runtime/accounts/account-payment-operations"
import { carriedApprovalsOf, updateCarriedApproval, type CarriedApproval } from "../../runtime/records/carried-approvals"
import { accountForProvider, getPluginRuntime } from "../../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { OWED_STATUSES, readOrder, type CollectionRead } from "./order-read"

/** What became of one carried approval. */
export type AttachOutcome =
  | { carriedApprovalId: string; outcome: "attached"; paymentId: string; keptAmount: string; owedCollectionId?: string }
  | { carriedApprovalId: string; outcome: "released" }

/**
 * Puts each approval carried from the order's cancelled payment (carry-approval.ts) on the
 * payment collection Medusa opened for the order's new total, once the order change is
 * confirmed (follow-order-change.ts, from the order-changed subscriber and the completion job).
 *
 * For what the order now owes (`owed`, the open collection's amount) and what the approval had
 * open (`open`): `kept = min(open, owed)`.
 * - `open > kept` (the total went down): the difference is voided at the service, the rest
 *   stays approved (payments/narrow.ts; docs/service-api.md "Void Payment").
 * - `owed > kept` (the total went up): a collection of `owed - kept` is opened beside it, for
 *   the shopper to pay by Medusa's payment link, and the open collection is set to `kept`.
 * - A payment session on the collection takes the approval over and is authorised without a
 *   call to the service (its data is the approval's), so Medusa's order reads it authorised and
 *   the admin captures it as any other.
 * An order cancelled meanwhile, or owing nothing, releases the approval: it is voided.
 * Each step finds what an earlier attempt did (the records, the collections), so a retry on
 * any instance, after a crash at any point, does each once. The caller holds the order's lock
 * (follow-order-change.ts).
 * @throws when a step fails; the record stays `carried` and the job tries again.
 */
export async function attachCarriedApprovals(scope: ContainerLike, orderId: string): Promise<AttachOutcome[]> {
  const outcomes: AttachOutcome[] = []
  for (const carried of await carriedApprovalsOf(orderId)) outcomes.push(await attachOne(scope, carried))
  return outcomes
}

async function attachOne(scope: ContainerLike, carried: CarriedApproval): Promise<AttachOutcome> {
  const account = accountForProvider(getPluginRuntime(scope), carried.providerId)
  if (!account) throw new Error(`medusa-payment-bnpl: no configured account has the provider ${carried.providerId} of carried approval ${carried.id}.`)
  const payments = paymentOperationsForAccount(account)
  const order = await readOrder(scope, carried.orderId)
  const collections = (order?.payment_collections ?? []).filter((collection): collection is CollectionRead => !!collection)

  const holder = collections.flatMap((collection) => collection.payments ?? []).find((payment) => !!payment && !payment.canceled_at && payment.data?.carriedApprovalId === carried.id)
  if (holder) {
    await updateCarriedApproval(carried.id, { state: "attached", toPaymentId: holder.id })
    return { carriedApprovalId: carried.id, outcome: "attached", paymentId: holder.id, keptAmount: carried.keptAmount ?? String(holder.data?.amount) }
  }

  const target = carried.toCollectionId
    ? collections.find((collection) => collection.id === carried.toCollectionId)
    : newestOwedCollection(collections, carried.currencyCode)
  if (!order || order.status === "canceled" || !target || (!carried.owedAmount && owedBeyondOtherPayments(target, collections) === 0n)) {
    await payments.cancel({ data: carried.paymentData, idempotencyKey: carried.fromPaymentId })
    await updateCarriedApproval(carried.id, { state: "released" })
    return { carriedApprovalId: carried.id, outcome: "released" }
  }

  // Decided once, on the first attempt, from the collection as Medusa opened it: a retry finds
  // the collection already set to what is kept.
  const open = apiAmountToMinorUnits(carried.openAmount)
  const owed = carried.owedAmount ? apiAmountToMinorUnits(carried.owedAmount) : owedBeyondOtherPayments(target, collections)
  const kept = owed < open ? owed : open
  if (!carried.toCollectionId) {
    await updateCarriedApproval(carried.id, { toCollectionId: target.id, owedAmount: minorUnitsToApiAmount(owed), keptAmount: minorUnitsToApiAmount(kept) })
  }

  let narrowed: BnplPaymentData
  try {
    narrowed = await payments.narrowApproval({ data: carried.paymentData, keepMinor: kept, carriedApprovalId: carried.id })
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    // Voided or expired meanwhile (the 13 days ran out): nothing is left to keep.
    if (error.reason === "payment_voided" || error.reason === "authorization_expired") {
      await updateCarriedApproval(carried.id, { state: "released" })
      return { carriedApprovalId: carried.id, outcome: "released" }
    }
    // Captured through the cancelled payment before the move: the capture stays that payment's,
    // what is still open is voided as Medusa's cancel would have, and the order's collections
    // are set to what it owes (balance-collections.ts).
    if (error.reason === "not_allowed") {
      await payments.cancel({ data: carried.paymentData, idempotencyKey: carried.fromPaymentId })
      await updateCarriedApproval(carried.id, { state: "released" })
      return { carriedApprovalId: carried.id, outcome: "released" }
    }
    throw error
  }
  await updateCarriedApproval(carried.id, { paymentData: narrowed })

  const owedCollectionId = await openCollectionForTheRest(scope, carried, target, collections, { owed, kept })
  const paymentId = await authorizeOnCollection(scope, carried, target, kept)
  await updateCarriedApproval(carried.id, { state: "attached", toPaymentId: paymentId })
  return { carriedApprovalId: carried.id, outcome: "attached", paymentId, keptAmount: minorUnitsToApiAmount(kept), ...(owedCollectionId ? { owedCollectionId } : {}) }
}

/**
 * What the order owes that `target` is for: Medusa opens it for the order's whole pending
 * difference (its total less what was captured), which counts again what other payments of the
 * order hold authorised and not captured (a difference an earlier change left, paid by the link).
 */
function owedBeyondOtherPayments(target: CollectionRead, collections: CollectionRead[]): bigint {
  const held = collections
    .filter((collection) => collection.id !== target.id)
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => !!payment && !payment.canceled_at && !payment.captured_at)
    .reduce((sum, payment) => sum + toMinorUnits(payment!.amount as MajorUnitAmount, "payment.amount"), 0n)
  const owed = toMinorUnits(target.amount as MajorUnitAmount, "payment_collection.amount") - held
  return owed > 0n ? owed : 0n
}

/** The collection Medusa opened last for what the order owes, in the approval's currency and with nothing on it yet. */
function newestOwedCollection(collections: CollectionRead[], currency: string): CollectionRead | undefined {
  return collections
    .filter((collection) => OWED_STATUSES.has(collection.status) && collection.currency_code.toUpperCase() === currency.toUpperCase())
    .filter((collection) => !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at))
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
}

/**
 * What the order owes beyond the approval, in one collection beside `target` for Medusa's
 * payment link; `target` is set to what is kept. The rest's collection is one the order
 * already has open with nothing paid on it (an earlier change's, or one an interrupted attempt
 * opened), set to the new rest, else a new one (Medusa's createOrderPaymentCollectionWorkflow).
 * A checkout the shopper started on it for the old amount is then refused at its return (the
 * amount changed). When nothing is owed beyond the approval, such collections are cancelled.
 */
async function openCollectionForTheRest(
  scope: ContainerLike,
  carried: CarriedApproval,
  target: CollectionRead,
  collections: CollectionRead[],
  { owed, kept }: { owed: bigint; kept: bigint }
): Promise<string | undefined> {
  const amountOf = (collection: CollectionRead) => toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount")
  const paymentModule = scope.resolve<{ updatePaymentCollections(id: string, data: Record<string, unknown>): Promise<unknown> }>(Modules.PAYMENT)
  const stale = collections.filter(
    (collection) => collection.id !== target.id && OWED_STATUSES.has(collection.status) && !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at)
  )
  const rest = owed - kept
  if (rest <= 0n) {
    for (const collection of stale) await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
    return undefined
  }
  const earlier = stale.find((collection) => collection.id === carried.owedCollectionId) ?? stale[0]
  let owedCollectionId = earlier?.id
  if (earlier && amountOf(earlier) !== rest) await paymentModule.updatePaymentCollections(earlier.id, { amount: minorUnitsToApiAmount(rest) })
  if (!owedCollectionId) {
    const { result } = await createOrderPaymentCollectionWorkflow(scope as never).run({ input: { order_id: carried.orderId, amount: minorUnitsToApiAmount(rest) as never } })
    owedCollectionId = result[0].id
  }
  if (owedCollectionId !== carried.owedCollectionId) await updateCarriedApproval(carried.id, { owedCollectionId })
  for (const collection of stale) if (collection.id !== owedCollectionId) await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
  if (amountOf(target) !== kept) await paymentModule.updatePaymentCollections(target.id, { amount: minorUnitsToApiAmount(kept) })
  return owedCollectionId
}

/**
 * A payment session on `collection` that takes the carried approval over (the provider's
 * initiatePayment reads it by CARRIED_APPROVAL_KEY, never from a client), authorised through
 * Medusa's payment module: the provider answers `authorized` from the approval's data, with no
 * call to the service. A session an interrupted attempt made is authorised rather than made again.
 * @returns Medusa's new payment's id.
 */
async function authorizeOnCollection(scope: ContainerLike, carried: CarriedApproval, collection: CollectionRead, kept: bigint): Promise<string> {
  const payment = scope.resolve<{
    createPaymentSession(collectionId: string, input: Record<string, unknown>): Promise<{ id: string }>
    authorizePaymentSession(id: string, context: Record<string, unknown>): Promise<{ id: string }>
  }>(Modules.PAYMENT)
  const earlier = (collection.payment_sessions ?? []).find(
    (session) => session && isBnplProvider(session.provider_id) && asPaymentData(session.data ?? undefined).carriedApprovalId === carried.id
  )
  const session =
    earlier ??
    (await payment.createPaymentSession(collection.id, {
      provider_id: carried.providerId,
      currency_code: carried.currencyCode.toLowerCase(),
      amount: minorUnitsToApiAmount(kept),
      data: { [CARRIED_APPROVAL_KEY]: carried.id } satisfies BnplPaymentData,
      context: {},
    }))
  return (await payment.authorizePaymentSession(session.id, {})).id
}
