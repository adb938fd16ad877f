import { recordsModule, recordsOf, upsertOne } from "./records-module"

/** A courier update the service did not take, as the order page shows it. */
export interface CourierSyncError {
  fulfillmentId: string
  /** ISO 8601. */
  failedAt: string
  message: string
}

interface CourierSyncErrorRow {
  id: string
  fulfillment_id: string
  failed_at: Date | string
  message: string
}

const errors = () => recordsOf<CourierSyncErrorRow>("CourierSyncErrors")
// Outside a Medusa app (no records module): this process's memory.
const localErrors = new Map<string, CourierSyncError>()

/** Records that sending a fulfillment's courier details failed (the shipment subscriber calls it), in the store's database. */
export async function recordCourierSyncError(fulfillmentId: string, message: string): Promise<void> {
  const entry: CourierSyncError = { fulfillmentId, failedAt: new Date().toISOString(), message }
  const methods = errors()
  if (!methods) {
    localErrors.set(fulfillmentId, entry)
    return
  }
  await upsertOne(methods, { fulfillment_id: fulfillmentId }, { fulfillment_id: fulfillmentId, failed_at: entry.failedAt, message })
}

/** Forgets a fulfillment's failure once its courier details reached the service. */
export async function clearCourierSyncError(fulfillmentId: string): Promise<void> {
  localErrors.delete(fulfillmentId)
  const methods = errors()
  if (!methods) return
  const rows = await methods.list({ fulfillment_id: fulfillmentId })
  for (const row of rows) await recordsModule()!.deleteCourierSyncErrors(row.id)
}

/** The recorded failures of these fulfillments, newest first. */
export async function readCourierSyncErrors(fulfillmentIds: string[]): Promise<CourierSyncError[]> {
  if (!fulfillmentIds.length) return []
  const methods = errors()
  const found = methods
    ? (await methods.list({ fulfillment_id: fulfillmentIds })).map((row) => ({
        fulfillmentId: row.fulfillment_id,
        failedAt: new Date(row.failed_at).toISOString(),
        message: row.message,
      }))
    : fulfillmentIds.map((id) => localErrors.get(id)).filter((entry): entry is CourierSyncError => !!entry)
  return found.sort((a, b) => b.failedAt.localeCompare(a.failedAt))
}
