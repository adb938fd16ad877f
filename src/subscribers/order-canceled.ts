import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { hasCapturedFunds } from "../operations/authorization-expiry"
import { PAYMENT_FIELDS, bnplPaymentsOf } from "../operations/order-payments"

/**
 * On `order.canceled`, voids any payment of this plugin that the cancel left open.
 *
 * Medusa's cancel-order workflow cancels the order even when the provider's void failed (its
 * cancelPaymentStep only logs the error), so the consumer's authorisation would stay open
 * until the hourly job. This retries at once, through the payment module, which sends the
 * same requestId (the payment id): a void that already reached the service is not made twice.
 */
export default async function orderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", ...PAYMENT_FIELDS.map((field) => `payment_collections.payments.${field}`)],
    filters: { id: event.data.id },
  })
  const open = bnplPaymentsOf(data[0] as never).filter(
    (payment) => !payment.captured_at && !payment.canceled_at && !hasCapturedFunds(payment)
  )
  const paymentModule = container.resolve(Modules.PAYMENT)
  for (const payment of open) {
    try {
      await paymentModule.cancelPayment(payment.id)
    } catch (error) {
      logger.error(
        `medusa-payment-bnpl: payment ${payment.id} of canceled order ${event.data.id} is still authorised: ${(error as Error).message}. The hourly job tries again.`
      )
    }
  }
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "medusa-payment-bnpl-order-canceled-void" },
}
