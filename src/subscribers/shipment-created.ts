import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncShipmentRecorded } from "../operations/courier-sync"

/**
 * On `shipment.created` (payload `{ id: fulfillment_id }`), sends the courier details to the
 * service, and captures under `capture: "on_shipment"` (see operations/courier-sync.ts).
 * A failure is logged, kept for the order page's pay later widget, and rethrown so Medusa's
 * event bus can retry it; an event never handled (a Redis flush, a killed worker) is sent by
 * the every-minute job's repair (operations/shipment-repair.ts).
 */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  await syncShipmentRecorded(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "medusa-payment-bnpl-shipment-courier" },
}
