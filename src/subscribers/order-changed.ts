import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { followOrderChange } from "../operations/order-changes/follow-order-change"

/** The events Medusa emits once a confirmed order change may have re-opened the order's payment collection. */
export const ORDER_CHANGE_EVENTS = [
  "order-edit.confirmed",
  "order.exchange_created",
  "order.claim_created",
  "order.return_requested",
  "order.return_received",
]

/** After an order change: puts the approval Medusa cancelled with the old collection on the new one; a failure is rethrown. */
export default async function orderChangedHandler({ event, container }: SubscriberArgs<{ order_id?: string }>): Promise<void> {
  const orderId = event.data?.order_id
  if (orderId) await followOrderChange(container, orderId)
}

export const config: SubscriberConfig = {
  event: ORDER_CHANGE_EVENTS,
  context: { subscriberId: "medusa-payment-bnpl-order-changed" },
}
