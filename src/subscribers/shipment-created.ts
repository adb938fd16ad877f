import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncShipment } from "../operations/courier-sync"
import { clearCourierSyncError, recordCourierSyncError } from "../runtime/courier-sync-errors"

/**
 * On `shipment.created` (payload `{ id: fulfillment_id }`), sends the courier details to the
 * service, and captures under `capture: "on_shipment"` (see operations/courier-sync.ts).
 * A failure is logged, kept for the order page's pay later widget, and rethrown so Medusa's
 * event bus can retry it.
 */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  try {
    await syncShipment(container, event.data.id)
    await clearCourierSyncError(event.data.id)
  } catch (error) {
    container.resolve("logger").error(
      `medusa-payment-bnpl: courier update for fulfillment ${event.data.id} failed: ${(error as Error).message}`
    )
    await recordCourierSyncError(event.data.id, (error as Error).message)
    throw error
  }
}

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "medusa-payment-bnpl-shipment-courier" },
}
