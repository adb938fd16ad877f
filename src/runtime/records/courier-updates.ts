import { recordsOf, upsertOne } from "./records-module"

interface CourierUpdateRow {
  id: string
  fulfillment_id: string
  service_order_id: string
  sent_at: Date | string
}

const updates = () => recordsOf<CourierUpdateRow>("CourierUpdates")
// Outside a Medusa app (no records module): this process's memory.
const localUpdates = new Set<string>()

/** Records that the service took a fulfillment's courier details (Update Shipping Courier answered), in the store's database. */
export async function recordCourierUpdate(fulfillmentId: string, serviceOrderId: string): Promise<void> {
  const methods = updates()
  if (!methods) {
    localUpdates.add(fulfillmentId)
    return
  }
  await upsertOne(methods, { fulfillment_id: fulfillmentId }, { fulfillment_id: fulfillmentId, service_order_id: serviceOrderId, sent_at: new Date().toISOString() })
}

/** Which of these fulfillments the service was told of. */
export async function courierUpdatesOf(fulfillmentIds: string[]): Promise<Set<string>> {
  if (!fulfillmentIds.length) return new Set()
  const methods = updates()
  if (!methods) return new Set(fulfillmentIds.filter((id) => localUpdates.has(id)))
  const rows = await methods.list({ fulfillment_id: fulfillmentIds }, { select: ["fulfillment_id"], take: fulfillmentIds.length })
  return new Set(rows.map((row) => row.fulfillment_id))
}
