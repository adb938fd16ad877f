import { recordsOrMemory, upsertOne } from "./records-module"

interface CourierUpdateRow {
  id: string
  fulfillment_id: string
  service_order_id: string
  sent_at: Date | string
}

const memory = new Map<string, CourierUpdateRow>()
const updates = () => recordsOrMemory<CourierUpdateRow>("CourierUpdates", memory)

/** Records that the service took a fulfillment's courier details. */
export async function recordCourierUpdate(fulfillmentId: string, serviceOrderId: string): Promise<void> {
  await upsertOne(
    updates(),
    { fulfillment_id: fulfillmentId },
    { fulfillment_id: fulfillmentId, service_order_id: serviceOrderId, sent_at: new Date().toISOString() },
  )
}

/** Which of these fulfillments the service was told of. */
export async function courierUpdatesOf(fulfillmentIds: string[]): Promise<Set<string>> {
  if (!fulfillmentIds.length) return new Set()
  const rows = await updates().list({ fulfillment_id: fulfillmentIds }, { select: ["fulfillment_id"], take: fulfillmentIds.length })
  return new Set(rows.map((row) => row.fulfillment_id))
}
