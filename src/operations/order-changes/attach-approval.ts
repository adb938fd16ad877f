import { createOrderPaymentCollectionWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cacheKeys } from "../../cache-keys"
import { apiAmountToMinorUnits, minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../../client/money"
import { PaymentError } from "../../payments/errors"
import { CARRIED_APPROVAL_KEY, asPaymentData, isBnplProvider, type BnplPaymentData } from "../../payments/session-data"
import { paymentOperationsForAccount } from "../../runtime/account-payment-operations"
import { applicationLock } from "../../runtime/app-lock"
import { carriedApprovalsOf, updateCarriedApproval, type CarriedApproval } from "../../runtime/carried-approvals"
import { accountForProvider, getPluginRuntime } from "../../runtime/plugin-runtime"
import type { ContainerLike } from "../../runtime/shared-types"

/** How long an order's follow-up waits for another instance's, and how long its lock lives. */
const ORDER_CHANGE_LOCK = { timeout: 60, expire: 120 }
/** Collections Medusa leaves open for what an order owes. */
const OWED_STATUSES = new Set(["not_paid", "awaiting"])

interface CollectionRead {
  id: string
  status: string
  amount: unknown
  currency_code: string
  created_at?: string | Date
  payment_sessions?: Array<{ id: string; provider_id: string; status: string; data?: Record<string, unknown> | null } | null> | null
  payments?: Array<{ id: string; provider_id: string; canceled_at?: string | Date | null; data?: Record<string, unknown> | null } | null> | null
}

interface OrderRead {
  id: string
  status: string
  payment_collections?: Array<CollectionRead | null> | null
}

/** What became of one carried approval. */
export type AttachOutcome =
  | { carriedApprovalId: string; outcome: "attached"; paymentId: string; keptAmount: string; owedCollectionId?: string }
  | { carriedApprovalId: string; outcome: "released" }

/**
 * Puts each approval carried from the order's cancelled payment (carry-approval.ts) on the
 * payment collection Medusa opened for the order's new total, once the order change is
 * confirmed (subscribers/order-changed.ts; the completion job repairs one left half done).
 *
 * For what the order now owes (`owed`, the open collection's amount) and what the approval had
 * open (`open`): `kept = min(open, owed)`.
 * - `open > kept` (the total went down): the difference is voided at the service, the rest
 *   stays approved (MoneyOperations.narrow; docs/service-api.md "Void Payment").
 * - `owed > kept` (the total went up): a collection of `owed - kept` is opened beside it, for
 *   the shopper to pay by Medusa's payment link, and the open collection is set to `kept`.
 * - A payment session on the collection takes the approval over and is authorised without a
 *   call to the service (its data is the approval's), so Medusa's order reads it authorised and
 *   the admin captures it as any other.
 * An order cancelled meanwhile, or owing nothing, releases the approval: it is voided.
 * Each step finds what an earlier attempt did (the records, the collections), so a retry on
 * any instance, after a crash at any point, does each once. Runs under the order's lock.
 * @throws when a step fails; the record stays `carried` and the job tries again.
 */
export async function attachCarriedApprovals(scope: ContainerLike, orderId: string): Promise<AttachOutcome[]> {
  const run = async () => {
    const outcomes: AttachOutcome[] = []
    for (const carried of await carriedApprovalsOf(orderId)) outcomes.push(await attachOne(scope, carried))
    return outcomes
  }
  const lock = applicationLock()
  return lock ? lock.execute([cacheKeys.orderChangeLock(orderId)], run, ORDER_CHANGE_LOCK) : run()
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
  if (!order || order.status === "canceled" || !target) {
    await payments.cancel({ data: carried.paymentData, idempotencyKey: carried.fromPaymentId })
    await updateCarriedApproval(carried.id, { state: "released" })
    return { carriedApprovalId: carried.id, outcome: "released" }
  }

  const open = apiAmountToMinorUnits(carried.openAmount)
  const owed = carried.toCollectionId && carried.keptAmount ? undefined : toMinorUnits(target.amount as MajorUnitAmount, "payment_collection.amount")
  const kept = carried.keptAmount ? apiAmountToMinorUnits(carried.keptAmount) : owed! < open ? owed! : open
  if (!carried.toCollectionId) await updateCarriedApproval(carried.id, { toCollectionId: target.id, keptAmount: minorUnitsToApiAmount(kept) })

  let narrowed: BnplPaymentData
  try {
    narrowed = await payments.narrowApproval({ data: carried.paymentData, keepMinor: kept, carriedApprovalId: carried.id })
  } catch (error) {
    // Voided or expired meanwhile (the 13 days ran out): nothing is left to keep.
    if (!(error instanceof PaymentError) || (error.reason !== "payment_voided" && error.reason !== "authorization_expired")) throw error
    await updateCarriedApproval(carried.id, { state: "released" })
    return { carriedApprovalId: carried.id, outcome: "released" }
  }
  await updateCarriedApproval(carried.id, { paymentData: narrowed })

  const owedCollectionId = await openCollectionForTheRest(scope, carried, target, collections, kept)
  const paymentId = await authorizeOnCollection(scope, carried, target, kept)
  await updateCarriedApproval(carried.id, { state: "attached", toPaymentId: paymentId })
  return { carriedApprovalId: carried.id, outcome: "attached", paymentId, keptAmount: minorUnitsToApiAmount(kept), ...(owedCollectionId ? { owedCollectionId } : {}) }
}

/** The collection Medusa opened last for what the order owes, in the approval's currency and with nothing on it yet. */
function newestOwedCollection(collections: CollectionRead[], currency: string): CollectionRead | undefined {
  return collections
    .filter((collection) => OWED_STATUSES.has(collection.status) && collection.currency_code.toUpperCase() === currency.toUpperCase())
    .filter((collection) => !(collection.payments ?? []).some((payment) => payment && !payment.canceled_at))
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
}

/**
 * When the order owes more than the approval keeps: a collection of the rest beside `target`
 * (Medusa's createOrderPaymentCollectionWorkflow), then `target` set to what is kept. A rest
 * collection an interrupted attempt opened (same amount, opened after the approval was carried)
 * is taken rather than opened twice.
 */
async function openCollectionForTheRest(
  scope: ContainerLike,
  carried: CarriedApproval,
  target: CollectionRead,
  collections: CollectionRead[],
  kept: bigint
): Promise<string | undefined> {
  const targetAmount = toMinorUnits(target.amount as MajorUnitAmount, "payment_collection.amount")
  if (targetAmount === kept) return carried.owedCollectionId ?? undefined
  const rest = targetAmount - kept
  let owedCollectionId = carried.owedCollectionId
  if (!owedCollectionId) {
    const earlier = collections.find(
      (collection) =>
        collection.id !== target.id && OWED_STATUSES.has(collection.status) && toMinorUnits(collection.amount as MajorUnitAmount, "payment_collection.amount") === rest
    )
    owedCollectionId =
      earlier?.id ??
      (await createOrderPaymentCollectionWorkflow(scope as never).run({ input: { order_id: carried.orderId, amount: minorUnitsToApiAmount(rest) as never } })).result[0].id
    await updateCarriedApproval(carried.id, { owedCollectionId })
  }
  const payment = scope.resolve<{ updatePaymentCollections(id: string, data: { amount: string }): Promise<unknown> }>(Modules.PAYMENT)
  await payment.updatePaymentCollections(target.id, { amount: minorUnitsToApiAmount(kept) })
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

async function readOrder(scope: ContainerLike, orderId: string): Promise<OrderRead | undefined> {
  const query = scope.resolve<{ graph(input: unknown): Promise<{ data: unknown[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.currency_code",
      "payment_collections.created_at",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
      "payment_collections.payment_sessions.amount",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  return data[0] as OrderRead | undefined
}

