import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { settleCanceledOrder } from "../operations/canceled-order-settlement"

/**
 * On `order.canceled`: leaves nothing of the order's pay-later payments behind at the service.
 *
 * Medusa's cancel-order workflow refunds what its records show captured (logging, not
 * failing, when the provider fails) and voids only the payments with no capture at all; it
 * logs a failed void and cancels the order anyway. So a partly captured payment keeps its open
 * rest authorised, and a capture that was in flight when the cancel read the order stays
 * captured. This refunds what Medusa shows captured and not refunded and voids the open rest
 * (operations/canceled-order-settlement.ts). A failure is logged as an error naming the payment
 * and the amount; the every-minute job's repair settles it (and an event never handled) on a
 * later run (operations/canceled-order-repair.ts).
 */
export default async function orderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  await settleCanceledOrder(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "medusa-payment-bnpl-order-canceled-void" },
}
