import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { UpdateShippingCourierRequest } from "../client/schemas"
import { cutText } from "../payments/mapping/text"
import { getPluginRuntime } from "../runtime/plugin-runtime"
import { PAYMENT_FIELDS, bnplPaymentsOf } from "./order-payments"

interface ShippedFulfillment {
  id: string
  shipped_at?: string | Date | null
  metadata?: Record<string, unknown> | null
  data?: Record<string, unknown> | null
  shipping_option_id?: string | null
  shipping_option?: { id: string; name?: string | null } | null
  labels?: Array<{ tracking_number?: string | null }> | null
  order?: { id: string; payment_collections?: Array<{ payments?: any[] }> } | null
}

export interface CourierSyncResult {
  /** Service order ids told of the shipment. */
  updated: string[]
  /** Service order ids captured because `capture` is `on_shipment`. */
  captured: string[]
}

/**
 * Tells the service that a fulfillment shipped (merchant-api-v2.md "Update Shipping Courier"):
 * `shippedAt`, the courier's name, the tracking numbers of the fulfillment's labels, and
 * priority EXPRESS when its shipping option is listed in `expressShippingOptions`
 * (STANDARD otherwise). Under `capture: "on_shipment"` it then captures the payment through
 * Medusa's capture workflow, so Medusa and the service agree. A fulfillment of an order not
 * paid with this plugin is left alone.
 *
 * Courier name: the fulfillment's `metadata.courier_name`, else its provider data's
 * `courier` or `carrier`, else the shipping option's name.
 */
export async function syncShipment(container: MedusaContainer, fulfillmentId: string): Promise<CourierSyncResult> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: [
      "id",
      "shipped_at",
      "metadata",
      "data",
      "shipping_option_id",
      "shipping_option.name",
      "labels.tracking_number",
      "order.id",
      ...PAYMENT_FIELDS.map((field) => `order.payment_collections.payments.${field}`),
    ],
    filters: { id: fulfillmentId },
  })
  const fulfillment = data[0] as ShippedFulfillment | undefined
  const payments = bnplPaymentsOf(fulfillment?.order)
  const result: CourierSyncResult = { updated: [], captured: [] }
  if (!fulfillment || !payments.length) return result

  const { client, options, logger } = getPluginRuntime(container)
  const courier = courierFor(fulfillment, options.expressShippingOptions)
  const paymentModule = container.resolve(Modules.PAYMENT)
  for (const payment of payments) {
    const orderId = payment.data!.orderId!
    await client.updateShippingCourier(orderId, courier)
    // UpdatePaymentDTO omits `data`, but the payment module stores it; the admin then sees the courier.
    await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, courier } } as never)
    result.updated.push(orderId)
    logger?.info?.(`medusa-payment-bnpl: sent courier details of fulfillment ${fulfillment.id} for order ${orderId}`)

    if (options.capture === "on_shipment" && !payment.captured_at && !payment.canceled_at) {
      await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id } })
      result.captured.push(orderId)
    }
  }
  return result
}

/** The Update Shipping Courier body for a shipped fulfillment. */
export function courierFor(fulfillment: ShippedFulfillment, expressShippingOptions: string[]): UpdateShippingCourierRequest {
  const shippedAt = fulfillment.shipped_at ? new Date(fulfillment.shipped_at) : new Date()
  const tracking = (fulfillment.labels ?? [])
    .map((label) => label.tracking_number?.trim())
    .filter((number): number is string => !!number)
    .join(", ")
  const name =
    stringOf(fulfillment.metadata?.courier_name) ??
    stringOf(fulfillment.data?.courier) ??
    stringOf(fulfillment.data?.carrier) ??
    stringOf(fulfillment.shipping_option?.name)
  const express = [fulfillment.shipping_option_id, fulfillment.shipping_option?.name].some(
    (key) => !!key && expressShippingOptions.includes(key)
  )
  return {
    shippedAt: shippedAt.toISOString(),
    name: cutText(name, 128),
    tracking: cutText(tracking, 128),
    priority: express ? "EXPRESS" : "STANDARD",
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined
}
