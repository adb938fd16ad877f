import { recordsOrMemory } from "./records-module"

/** How a held approval ended: its order placed, its authorisation voided, or the 13 days passed. */
export type HeldOutcome = "placed" | "voided" | "expired"

/** An approval kept for a person to decide on (`onOrderFailure: "hold"`); times ISO 8601, `amount` an API string with 2 decimals. */
export interface HeldOrder {
  id: string
  cartId: string
  paymentSessionId: string
  /** The Medusa payment holding the authorisation. */
  paymentId: string
  providerId: string
  serviceOrderId: string | null
  amount: string | null
  currencyCode: string | null
  /** Why Medusa could not place the order (its error's message). */
  failure: string
  heldAt: string
  /** The authorisation's expiry: a decision after it can only find it voided by the service. */
  expiresAt: string
  remindedAt: string | null
  outcome: HeldOutcome | null
  settledAt: string | null
  orderId: string | null
}

interface HeldOrderRow {
  id: string
  cart_id: string
  payment_session_id: string
  payment_id: string
  provider_id: string
  service_order_id: string | null
  amount: string | null
  currency_code: string | null
  failure: string
  held_at: Date | string
  expires_at: Date | string
  reminded_at: Date | string | null
  outcome: HeldOutcome | null
  settled_at: Date | string | null
  order_id: string | null
}

const memory = new Map<string, HeldOrderRow>()
const rows = () => recordsOrMemory<HeldOrderRow>("HeldOrders", memory)

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

function fromRow(row: HeldOrderRow): HeldOrder {
  return {
    id: row.id,
    cartId: row.cart_id,
    paymentSessionId: row.payment_session_id,
    paymentId: row.payment_id,
    providerId: row.provider_id,
    serviceOrderId: row.service_order_id,
    amount: row.amount,
    currencyCode: row.currency_code,
    failure: row.failure,
    heldAt: iso(row.held_at)!,
    expiresAt: iso(row.expires_at)!,
    remindedAt: iso(row.reminded_at),
    outcome: row.outcome,
    settledAt: iso(row.settled_at),
    orderId: row.order_id,
  }
}

async function list(filters: Record<string, unknown>): Promise<HeldOrder[]> {
  return (await rows().list(filters, { order: { held_at: "DESC" } })).map(fromRow)
}

/** Records a held approval once per Medusa payment; throws on a failed write, and the caller then voids as without `hold`. */
export async function recordHeldOrder(
  held: Omit<HeldOrder, "id" | "remindedAt" | "outcome" | "settledAt" | "orderId">,
): Promise<HeldOrder> {
  const [existing] = await list({ payment_id: held.paymentId })
  if (existing) return existing
  const row: Omit<HeldOrderRow, "id"> = {
    cart_id: held.cartId,
    payment_session_id: held.paymentSessionId,
    payment_id: held.paymentId,
    provider_id: held.providerId,
    service_order_id: held.serviceOrderId,
    amount: held.amount,
    currency_code: held.currencyCode,
    failure: held.failure,
    held_at: held.heldAt,
    expires_at: held.expiresAt,
    reminded_at: null,
    outcome: null,
    settled_at: null,
    order_id: null,
  }
  return fromRow(await rows().create(row))
}

/** The cart's open hold (not settled yet), if any. @throws when the database cannot be read. */
export async function openHoldOfCart(cartId: string): Promise<HeldOrder | undefined> {
  return (await list({ cart_id: cartId, outcome: null }))[0]
}

/** Every open hold, newest first; with `providerId`, that account's only. */
export async function openHolds(providerId?: string): Promise<HeldOrder[]> {
  return list({ outcome: null, ...(providerId ? { provider_id: providerId } : {}) })
}

/** Holds settled since `since`, newest first (the admin sees what was decided lately). */
export async function recentlySettledHolds(since: Date): Promise<HeldOrder[]> {
  return (await rows().list({ outcome: { $ne: null }, settled_at: { $gte: since } }, { order: { settled_at: "DESC" } })).map(fromRow)
}

/** Changes a hold: settled (with its order), or reminded. */
export async function updateHeldOrder(
  id: string,
  change: { outcome?: HeldOutcome; settledAt?: string; orderId?: string; remindedAt?: string },
): Promise<void> {
  const row: Partial<HeldOrderRow> & { id: string } = {
    id,
    ...(change.outcome ? { outcome: change.outcome } : {}),
    ...(change.settledAt ? { settled_at: change.settledAt } : {}),
    ...(change.orderId ? { order_id: change.orderId } : {}),
    ...(change.remindedAt ? { reminded_at: change.remindedAt } : {}),
  }
  await rows().update(row)
}
