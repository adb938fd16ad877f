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
 * Puts each approval carried from the order's cancelled payment on its new collection, `kept =
 * min(open, owed)`; each step finds an earlier attempt's work, so a retry does each once.
 * @throws when a step fails; the record stays `carried` and the job tries again.
 */
export async function attachCarriedApprovals(scope: ContainerLike, orderId: string): Promise<AttachOutcome[]> {
  const outcomes: AttachOutcome[] = []
  for (const carried of await carriedApprovalsOf(orderId)) outcomes.push(await attachOne(scope, carried))
  return outcomes
}

async function attachOne(scope: ContainerLike, carried: CarriedApproval): Promise<AttachOutcome> {
  const account = accountForProvider(getPluginRuntime(scope), carried.providerId)
  if (!account)
    throw new Error(`medusa-payment-bnpl: no configured account has the provider ${carried.providerId} of carried approval ${carried.id}.`)
  const payments = paymentOperationsForAccount(account)
  const order = await readOrder(scope, carried.orderId)
  const collections = (order?.payment_collections ?? []).filter((collection): collection is CollectionRead => !!collection)

  const holder = collections
    .flatMap((collection) => collection.payments ?? [])
    .find((payment) => !!payment && !payment.canceled_at && payment.data?.carriedApprovalId === carried.id)
  if (holder) {
    await updateCarriedApproval(carried.id, { state: "attached", toPaymentId: holder.id })
    return {
      carriedApprovalId: carried.id,
      outcome: "attached",
      paymentId: holder.id,
      keptAmount: carried.keptAmount ?? String(holder.data?.amount),
    }
  }

  const target = carried.toCollectionId
    ? collections.find((collection) => collection.id === carried.toCollectionId)
    : newestOwedCollection(collections, carried.currencyCode)
  if (!order || order.status === "canceled" || !target || (!carried.owedAmount && owedBeyondOtherPayments(target, collections) === 0n)) {
    return release(payments, carried, { voidFirst: true })
  }

  // Decided once, on the first attempt, from the collection as Medusa opened it: a retry finds
  // the collection already set to what is kept.
  const open = apiAmountToMinorUnits(carried.openAmount)
  const owed = carried.owedAmount ? apiAmountToMinorUnits(carried.owedAmount) : owedBeyondOtherPayments(target, collections)
  const kept = owed < open ? owed : open
  if (!carried.toCollectionId) {
    await updateCarriedApproval(carried.id, {
      toCollectionId: target.id,
      owedAmount: minorUnitsToApiAmount(owed),
      keptAmount: minorUnitsToApiAmount(kept),
    })
  }

  const step = await narrowOrRelease(payments, carried, kept)
  if ("released" in step) return step.released
  const narrowed = step.narrowed
  await updateCarriedApproval(carried.id, { paymentData: narrowed })

  const owedCollectionId = await openCollectionForTheRest(scope, carried, target, collections, { owed, kept })
  const paymentId = await authorizeOnCollection(scope, carried, target, kept)
  await updateCarriedApproval(carried.id, { state: "attached", toPaymentId: paymentId })
  return {
    carriedApprovalId: carried.id,
    outcome: "attached",
    paymentId,
    keptAmount: minorUnitsToApiAmount(kept),
    ...(owedCollectionId ? { owedCollectionId } : {}),
  }
}

type AccountPayments = ReturnType<typeof paymentOperationsForAccount>

/** The approval narrowed to `kept` (minor units), or released where nothing is left to keep. */
async function narrowOrRelease(
  payments: AccountPayments,
  carried: CarriedApproval,
  kept: bigint,
): Promise<{ narrowed: BnplPaymentData } | { released: AttachOutcome }> {
  try {
    return { narrowed: await payments.narrowApproval({ data: carried.paymentData, keepMinor: kept, carriedApprovalId: carried.id }) }
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    // Voided or expired meanwhile (the 13 days ran out): nothing is left to keep.
    if (error.reason === "payment_voided" || error.reason === "authorization_expired") {
      return { released: await release(payments, carried, { voidFirst: false }) }
    }
    // Captured through the cancelled payment before the move: that capture stays its own, and
    // the open rest is voided as Medusa's cancel would have.
    if (error.reason === "not_allowed") return { released: await release(payments, carried, { voidFirst: true }) }
    throw error
  }
}

/** Records the approval as released, voiding its open rest first where it still holds one. */
async function release(payments: AccountPayments, carried: CarriedApproval, { voidFirst }: { voidFirst: boolean }): Promise<AttachOutcome> {
  if (voidFirst) await payments.cancel({ data: carried.paymentData, idempotencyKey: carried.fromPaymentId })
  await updateCarriedApproval(carried.id, { state: "released" })
  return { carriedApprovalId: carried.id, outcome: "released" }
}

/** Medusa's `target` counts again what other payments hold authorised (an earlier change's rest). */
function owedBeyondOtherPayments(target: CollectionRead, collections: CollectionRead[]): bigint {
  const held = collections
    .filter((collection) => collection.id !== target.id)
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => !!payment && !payment.canceled_at && !payment.captured_at)
    .reduce((sum, payment) => sum + toMinorUnits(payment!.amount as MajorUnitAmount, "payment.amount"), 0n)
  const owed = toMinorUnits(target.amount as MajorUnitAmount, "payment_collection.amount") - held
  return owed > 0n ? owed : 0n
}

function newestOwedCollection(collections: CollectionRead[], currency: string): CollectionRead | undefined {
  return collections
    .filter((collection) => OWED_STATUSES.has(collection.status) && collection.currency_code.toUpperCase() === currency.toUpperCase())
    .filter((collection) => !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at))
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
}

/** Reuses an open collection with nothing paid on it, else opens one; a checkout on it for the old amount is refused. */
async function openCollectionForTheRest(
  scope: ContainerLike,
  carried: CarriedApproval,
  target: CollectionRead,
  collections: CollectionRead[],
  { owed, kept }: { owed: bigint; kept: bigint },
): Promise<string | undefined> {
  const amountOf = (collection: CollectionRead) => toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount")
  const paymentModule = scope.resolve<{ updatePaymentCollections(id: string, data: Record<string, unknown>): Promise<unknown> }>(
    Modules.PAYMENT,
  )
  const stale = collections.filter(
    (collection) =>
      collection.id !== target.id &&
      OWED_STATUSES.has(collection.status) &&
      !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at),
  )
  const rest = owed - kept
  if (rest <= 0n) {
    for (const collection of stale) await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
    return undefined
  }
  const earlier = stale.find((collection) => collection.id === carried.owedCollectionId) ?? stale[0]
  let owedCollectionId = earlier?.id
  if (earlier && amountOf(earlier) !== rest)
    await paymentModule.updatePaymentCollections(earlier.id, { amount: minorUnitsToApiAmount(rest) })
  if (!owedCollectionId) {
    const { result } = await createOrderPaymentCollectionWorkflow(scope as never).run({
      input: { order_id: carried.orderId, amount: minorUnitsToApiAmount(rest) as never },
    })
    owedCollectionId = result[0].id
  }
  if (owedCollectionId !== carried.owedCollectionId) await updateCarriedApproval(carried.id, { owedCollectionId })
  for (const collection of stale)
    if (collection.id !== owedCollectionId) await paymentModule.updatePaymentCollections(collection.id, { status: "canceled" })
  if (amountOf(target) !== kept) await paymentModule.updatePaymentCollections(target.id, { amount: minorUnitsToApiAmount(kept) })
  return owedCollectionId
}

/** The provider reads the approval by CARRIED_APPROVAL_KEY (never from a client): no service call. @returns the payment id. */
async function authorizeOnCollection(
  scope: ContainerLike,
  carried: CarriedApproval,
  collection: CollectionRead,
  kept: bigint,
): Promise<string> {
  const payment = scope.resolve<{
    createPaymentSession(collectionId: string, input: Record<string, unknown>): Promise<{ id: string }>
    authorizePaymentSession(id: string, context: Record<string, unknown>): Promise<{ id: string }>
  }>(Modules.PAYMENT)
  const earlier = (collection.payment_sessions ?? []).find(
    (session) =>
      session && isBnplProvider(session.provider_id) && asPaymentData(session.data ?? undefined).carriedApprovalId === carried.id,
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
