import { recordsOrMemory, upsertOne } from "./records-module"

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

const memory = new Map<string, CourierSyncErrorRow>()
const errors = () => recordsOrMemory<CourierSyncErrorRow>("CourierSyncErrors", memory)

/** Records that sending a fulfillment's courier details failed. */
export async function recordCourierSyncError(fulfillmentId: string, message: string): Promise<void> {
  await upsertOne(
    errors(),
    { fulfillment_id: fulfillmentId },
    { fulfillment_id: fulfillmentId, failed_at: new Date().toISOString(), message },
  )
}

/** Forgets a fulfillment's failure once its courier details reached the service. */
export async function clearCourierSyncError(fulfillmentId: string): Promise<void> {
  const methods = errors()
  for (const row of await methods.list({ fulfillment_id: fulfillmentId })) await methods.delete(row.id)
}

/** The recorded failures of these fulfillments, newest first. */
export async function readCourierSyncErrors(fulfillmentIds: string[]): Promise<CourierSyncError[]> {
  if (!fulfillmentIds.length) return []
  const found = await errors().list({ fulfillment_id: fulfillmentIds }, { order: { failed_at: "DESC" } })
  return found.map((row) => ({ fulfillmentId: row.fulfillment_id, failedAt: new Date(row.failed_at).toISOString(), message: row.message }))
}
