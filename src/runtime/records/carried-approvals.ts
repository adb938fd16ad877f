import type { BnplPaymentData } from "../../payments/session-data"
import { recordsOrMemory } from "./records-module"

/** An approval carried across an order change (edit, exchange, claim, return) until a new payment holds it; amounts are API strings. */
export interface CarriedApproval {
  id: string
  orderId: string
  fromPaymentId: string
  providerId: string
  serviceOrderId: string
  currencyCode: string
  /** Open when carried. */
  openAmount: string
  /** The cancelled payment's data; once narrowed, the new payment's. */
  paymentData: BnplPaymentData
  state: "carried" | "attached" | "released"
  /** What the order owed when the approval was put on it. */
  owedAmount: string | null
  keptAmount: string | null
  toCollectionId: string | null
  toPaymentId: string | null
  owedCollectionId: string | null
}

interface CarriedApprovalRow {
  id: string
  order_id: string
  from_payment_id: string
  provider_id: string
  service_order_id: string
  currency_code: string
  open_amount: string
  payment_data: Record<string, unknown>
  state: CarriedApproval["state"]
  owed_amount: string | null
  kept_amount: string | null
  to_collection_id: string | null
  to_payment_id: string | null
  owed_collection_id: string | null
  created_at?: Date | string
}

const memory = new Map<string, CarriedApprovalRow>()
const rows = () => recordsOrMemory<CarriedApprovalRow>("CarriedApprovals", memory)

function fromRow(row: CarriedApprovalRow): CarriedApproval {
  return {
    id: row.id,
    orderId: row.order_id,
    fromPaymentId: row.from_payment_id,
    providerId: row.provider_id,
    serviceOrderId: row.service_order_id,
    currencyCode: row.currency_code,
    openAmount: row.open_amount,
    paymentData: row.payment_data as BnplPaymentData,
    state: row.state,
    owedAmount: row.owed_amount,
    keptAmount: row.kept_amount,
    toCollectionId: row.to_collection_id,
    toPaymentId: row.to_payment_id,
    owedCollectionId: row.owed_collection_id,
  }
}

/**
 * Records a carried approval once per payment (a retried cancel finds the first). Throws when the database cannot be
 * written: the caller must then not keep the approval unvoided, as nothing would carry it to the order.
 */
export async function recordCarriedApproval(
  carried: Pick<
    CarriedApproval,
    "orderId" | "fromPaymentId" | "providerId" | "serviceOrderId" | "currencyCode" | "openAmount" | "paymentData"
  >,
): Promise<CarriedApproval> {
  const methods = rows()
  const [existing] = await methods.list({ from_payment_id: carried.fromPaymentId }, { take: 1 })
  if (existing) return fromRow(existing)
  return fromRow(
    await methods.create({
      order_id: carried.orderId,
      from_payment_id: carried.fromPaymentId,
      provider_id: carried.providerId,
      service_order_id: carried.serviceOrderId,
      currency_code: carried.currencyCode,
      open_amount: carried.openAmount,
      payment_data: carried.paymentData,
      state: "carried",
      owed_amount: null,
      kept_amount: null,
      to_collection_id: null,
      to_payment_id: null,
      owed_collection_id: null,
    }),
  )
}

/** The order's approvals not yet on a payment of it, oldest first. @throws when the database cannot be read. */
export async function carriedApprovalsOf(orderId: string): Promise<CarriedApproval[]> {
  const found = await rows().list({ order_id: orderId, state: "carried" }, { order: { created_at: "ASC" } })
  return found.map(fromRow)
}

/** The ids of orders with an approval not yet on a payment (the completion job's repair). */
export async function ordersWithCarriedApprovals(limit = 50): Promise<string[]> {
  const found = await rows().list({ state: "carried" }, { take: limit, order: { created_at: "ASC" } })
  return [...new Set(found.map((row) => row.order_id))]
}

/** One carried approval by id, or undefined. */
export async function carriedApproval(id: string): Promise<CarriedApproval | undefined> {
  const [row] = await rows().list({ id }, { take: 1 })
  return row ? fromRow(row) : undefined
}

/** Writes what the follow-up of the order change has done so far. */
export async function updateCarriedApproval(
  id: string,
  changes: Partial<
    Pick<CarriedApproval, "state" | "owedAmount" | "keptAmount" | "toCollectionId" | "toPaymentId" | "owedCollectionId" | "paymentData">
  >,
): Promise<void> {
  await rows().update({
    id,
    ...(changes.state === undefined ? {} : { state: changes.state }),
    ...(changes.owedAmount === undefined ? {} : { owed_amount: changes.owedAmount }),
    ...(changes.keptAmount === undefined ? {} : { kept_amount: changes.keptAmount }),
    ...(changes.toCollectionId === undefined ? {} : { to_collection_id: changes.toCollectionId }),
    ...(changes.toPaymentId === undefined ? {} : { to_payment_id: changes.toPaymentId }),
    ...(changes.owedCollectionId === undefined ? {} : { owed_collection_id: changes.owedCollectionId }),
    ...(changes.paymentData === undefined ? {} : { payment_data: changes.paymentData }),
  })
}
