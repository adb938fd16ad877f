import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { syncShipmentRecorded } from "../operations/courier-sync"

/** On `shipment.created`: tells the service the courier, and captures under `on_shipment`; a failure is rethrown for a retry. */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  await syncShipmentRecorded(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "medusa-payment-bnpl-shipment-courier" },
}
