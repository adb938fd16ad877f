import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { refundPaymentsWorkflow } from "@medusajs/medusa/core-flows"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"
import { PAYMENT_FIELDS, bnplPaymentsOf } from "../operations/order-payments"

/**
 * On `order.canceled`: leaves nothing of the order's pay-later payments behind at the service.
 *
 * Medusa's cancel-order workflow refunds what its records show captured and voids only the
 * payments with no capture at all; it logs a failed void and cancels the order anyway. So a
 * partly captured payment keeps its open rest authorised, and a capture that was in flight
 * when the cancel read the order stays captured. For each payment of this plugin this refunds,
 * through Medusa's refund workflow (so Medusa records it), what Medusa shows captured and not
 * refunded, then voids what is still open through the payment module (the provider's void,
 * with the payment id as requestId, under the payment's lock: payments/money-operations.ts).
 * A failure is logged as an error naming the payment and the amount; the hourly job voids an
 * open rest again.
 */
export default async function orderCanceledHandler({ event, container }: SubscriberArgs<{ id: string }>): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const fields = [...PAYMENT_FIELDS, "currency_code", "captures.amount", "refunds.amount"]
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", ...fields.map((field) => `payment_collections.payments.${field}`)],
    filters: { id: event.data.id },
  })
  const paymentModule = container.resolve(Modules.PAYMENT)
  for (const payment of bnplPaymentsOf(data[0] as never)) {
    const record = payment as typeof payment & { captures?: Array<{ amount: unknown }>; refunds?: Array<{ amount: unknown }>; currency_code?: string }
    const sum = (entries: Array<{ amount: unknown }> | undefined) => (entries ?? []).reduce((total, entry) => total + toMinorUnits(entry.amount as MajorUnitAmount), 0n)
    const captured = sum(record.captures)
    const toRefund = captured - sum(record.refunds)
    if (toRefund > 0n) {
      const amount = minorUnitsToApiAmount(toRefund)
      try {
        await refundPaymentsWorkflow(container).run({ input: [{ payment_id: payment.id, amount }] })
        logger.info(`medusa-payment-bnpl: refunded ${amount} ${record.currency_code?.toUpperCase() ?? ""} captured on payment ${payment.id} of canceled order ${event.data.id}.`)
      } catch (error) {
        logger.error(
          `medusa-payment-bnpl: ${amount} ${record.currency_code?.toUpperCase() ?? ""} captured on payment ${payment.id} of canceled order ${event.data.id} is not refunded: ${(error as Error).message}. Refund it from the order page.`
        )
      }
    }
    const open = captured < toMinorUnits((payment.amount ?? 0) as MajorUnitAmount)
    if (payment.canceled_at || !open) continue
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
