import type { CacheLike } from "./client-factory"

/** A courier update the service did not take, as the order page shows it. */
export interface CourierSyncError {
  fulfillmentId: string
  /** ISO 8601. */
  failedAt: string
  message: string
}

/** As long as an authorisation lives (13 days) and a little more. */
const COURIER_ERROR_TTL_SECONDS = 14 * 24 * 3600

const localErrors = new Map<string, CourierSyncError>()
const cacheKey = (fulfillmentId: string) => `medusa-payment-bnpl:courier-error:${fulfillmentId}`

/** Records that sending a fulfillment's courier details failed (the shipment subscriber calls it). */
export async function recordCourierSyncError(cache: CacheLike | undefined, fulfillmentId: string, message: string): Promise<void> {
  const entry: CourierSyncError = { fulfillmentId, failedAt: new Date().toISOString(), message }
  localErrors.set(fulfillmentId, entry)
  await cache?.set(cacheKey(fulfillmentId), entry, COURIER_ERROR_TTL_SECONDS).catch(() => undefined)
}

/** Forgets a fulfillment's failure once its courier details reached the service. */
export async function clearCourierSyncError(cache: CacheLike | undefined, fulfillmentId: string): Promise<void> {
  localErrors.delete(fulfillmentId)
  await cache?.invalidate?.(cacheKey(fulfillmentId)).catch(() => undefined)
}

/** The recorded failures of these fulfillments, newest first. */
export async function readCourierSyncErrors(cache: CacheLike | undefined, fulfillmentIds: string[]): Promise<CourierSyncError[]> {
  const found = await Promise.all(
    fulfillmentIds.map(async (id) => {
      try {
        return ((await cache?.get<CourierSyncError>(cacheKey(id))) as CourierSyncError | null | undefined) ?? localErrors.get(id)
      } catch {
        return localErrors.get(id)
      }
    })
  )
  return found.filter((entry): entry is CourierSyncError => !!entry).sort((a, b) => b.failedAt.localeCompare(a.failedAt))
}
