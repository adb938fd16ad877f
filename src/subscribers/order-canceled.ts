import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { settleCanceledOrder } from "../operations/canceled-order-settlement"

/**
 * On `order.canceled`: Medusa voids only payments with no capture and cancels even when a void fails, so this refunds what
 * stays captured and voids the open rest; a failure is logged and the repair job settles it later.
 */
export default async function orderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  await settleCanceledOrder(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "medusa-payment-bnpl-order-canceled-void" },
}
