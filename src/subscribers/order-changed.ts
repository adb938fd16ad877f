import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { followOrderChange } from "../operations/order-changes/follow-order-change"

/**
 * The events Medusa 2.21 emits once an order change it confirmed may have re-opened the
 * order's payment collection (create-or-update-order-payment-collection), each with `order_id`.
 */
export const ORDER_CHANGE_EVENTS = ["order-edit.confirmed", "order.exchange_created", "order.claim_created", "order.return_requested", "order.return_received"]

/**
 * After an order change: the shopper's approval that Medusa's workflow cancelled with the old
 * payment collection is put on the order's new one, for what the order still owes
 * (operations/order-changes/attach-approval.ts). Nothing is done for an order with no carried
 * approval. A failure is logged and rethrown for the event bus to retry; the every-minute job
 * finishes what an event never handled left (jobs/repair-orders.ts).
 */
export default async function orderChangedHandler({ event, container }: SubscriberArgs<{ order_id?: string }>): Promise<void> {
  const orderId = event.data?.order_id
  if (orderId) await followOrderChange(container, orderId)
}

export const config: SubscriberConfig = {
  event: ORDER_CHANGE_EVENTS,
  context: { subscriberId: "medusa-payment-bnpl-order-changed" },
}
