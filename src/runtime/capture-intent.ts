import { accountHash, type CacheLike } from "./client-factory"

/**
 * Medusa 2.21's payment module records the amount of a capture (an admin may capture part of
 * a payment) but calls the provider with only the payment's data and the new capture's id,
 * inside a transaction no other connection can read (DESIGN.md "Medusa 2.21 facts"). So the
 * amount travels beside it: the admin route's middleware (api/admin/capture-amount.ts) and the
 * shipment subscriber write it here, keyed by the service order, just before Medusa captures;
 * the provider takes it (once) when Medusa calls it. Kept in the shared cache for 10 minutes,
 * and in this process's memory (a request and the capture it starts run in one process).
 */
const TTL_SECONDS = 10 * 60
const memory = new Map<string, { amount: string; expiresAt: number }>()
/** A service order of one merchant account (its options): two accounts' orders may share an id. */
export interface ServiceOrder {
  account: { merchantId: string; baseUrl: string }
  orderId: string
}
const key = ({ account, orderId }: ServiceOrder) => `medusa-payment-bnpl:capture-amount:${accountHash(account)}:${orderId}`

/** Records the amount (an API string, major units) Medusa is about to capture for a service order. */
export async function recordCaptureAmount(cache: CacheLike | undefined, serviceOrderId: ServiceOrder, amount: string): Promise<void> {
  memory.set(key(serviceOrderId), { amount, expiresAt: Date.now() + TTL_SECONDS * 1000 })
  await cache?.set(key(serviceOrderId), amount, TTL_SECONDS).catch(() => undefined)
}

/** The amount recorded for the service order's next capture, forgotten once read; undefined if none. */
export async function takeCaptureAmount(cache: CacheLike | undefined, serviceOrderId: ServiceOrder): Promise<string | undefined> {
  const local = memory.get(key(serviceOrderId))
  memory.delete(key(serviceOrderId))
  const shared = (await cache?.get<string>(key(serviceOrderId)).catch(() => undefined)) ?? undefined
  if (shared !== undefined) await cache?.invalidate?.(key(serviceOrderId)).catch(() => undefined)
  if (typeof shared === "string") return shared
  return local && local.expiresAt > Date.now() ? local.amount : undefined
}
