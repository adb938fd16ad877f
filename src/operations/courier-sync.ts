import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { UpdateShippingCourierRequest } from "../client/schemas"
import { cutText } from "../payments/mapping/text"
import { assertSessionPayment } from "../payments/payment-identity"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"
import { accountForPayment, getPluginRuntime } from "../runtime/plugin-runtime"
import { PAYMENT_FIELDS, bnplPaymentsOf } from "./order-payments"

interface ShippedFulfillment {
  id: string
  shipped_at?: string | Date | null
  metadata?: Record<string, unknown> | null
  data?: Record<string, unknown> | null
  shipping_option_id?: string | null
  shipping_option?: { id: string; name?: string | null } | null
  labels?: Array<{ tracking_number?: string | null }> | null
  order?: {
    id: string
    shipping_total?: unknown
    items?: Array<{ id: string; quantity: unknown; total: unknown }> | null
    fulfillments?: Array<{
      id: string
      shipped_at?: unknown
      canceled_at?: unknown
      items?: Array<{ line_item_id: string; quantity: unknown }> | null
    }> | null
    payment_collections?: Array<{ payments?: any[] }>
  } | null
}

export interface CourierSyncResult {
  /** Service order ids told of the shipment. */
  updated: string[]
  /** Service order ids captured because `capture` is `on_shipment`. */
  captured: string[]
}

/**
 * Tells the service that a fulfillment shipped (merchant-api-v2.md "Update Shipping Courier"),
 * once Get Payment shows the service order is the payment's own (payments/payment-identity.ts):
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
      "order.shipping_total",
      "order.items.id",
      "order.items.quantity",
      "order.items.total",
      "order.fulfillments.id",
      "order.fulfillments.shipped_at",
      "order.fulfillments.canceled_at",
      "order.fulfillments.items.line_item_id",
      "order.fulfillments.items.quantity",
      "order.payment_collections.payments.captures.amount",
      ...PAYMENT_FIELDS.map((field) => `order.payment_collections.payments.${field}`),
    ],
    filters: { id: fulfillmentId },
  })
  const fulfillment = data[0] as ShippedFulfillment | undefined
  const payments = bnplPaymentsOf(fulfillment?.order)
  const result: CourierSyncResult = { updated: [], captured: [] }
  if (!fulfillment || !payments.length) return result

  const runtime = getPluginRuntime(container)
  const paymentModule = container.resolve(Modules.PAYMENT)
  for (const payment of payments) {
    const orderId = payment.data!.orderId!
    // The account that made the payment tells its service order (rule 2: one per region).
    const account = accountForPayment(runtime, payment)
    if (!account) {
      runtime.logger?.warn?.(`medusa-payment-bnpl: no configured account made payment ${payment.id} (${payment.provider_id}); its courier details were not sent.`)
      continue
    }
    const { client, options, logger } = account
    const courier = courierFor(fulfillment, options.expressShippingOptions)
    // Another checkout's service order of the same id (the service's data was reset) is never told of this shipment.
    assertSessionPayment(payment.data!, await client.getPayment(orderId), { merchantId: options.merchantId })
    await client.updateShippingCourier(orderId, courier)
    // UpdatePaymentDTO omits `data`, but the payment module stores it; the admin then sees the courier.
    await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, courier } } as never)
    result.updated.push(orderId)
    logger?.info?.(`medusa-payment-bnpl: sent courier details of fulfillment ${fulfillment.id} for order ${orderId}`)

    if (options.capture === "on_shipment" && !payment.captured_at && !payment.canceled_at) {
      const amount = shipmentCaptureAmount(fulfillment, payment)
      if (amount > 0n) {
        await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id, amount: minorUnitsToApiAmount(amount) } })
        result.captured.push(orderId)
      }
    }
  }
  return result
}

/**
 * What a shipment captures under `capture: "on_shipment"`, in minor units: the value of what
 * it sends (each item's total, so with its tax and its share of discounts, per unit shipped),
 * plus the order's shipping with the first shipment; the shipment that completes the order
 * captures all that is left, which absorbs rounding. Never more than is left uncaptured.
 */
export function shipmentCaptureAmount(fulfillment: ShippedFulfillment, payment: { amount?: unknown; captures?: Array<{ amount: unknown }> | null }): bigint {
  const order = fulfillment.order
  const minor = (value: unknown) => toMinorUnits((value ?? 0) as MajorUnitAmount)
  const left = minor(payment.amount) - (payment.captures ?? []).reduce((sum, capture) => sum + minor(capture.amount), 0n)
  if (left <= 0n) return 0n
  const items = new Map((order?.items ?? []).map((item) => [item.id, item]))
  const shipped = new Map<string, number>()
  for (const other of order?.fulfillments ?? []) {
    if (other.canceled_at || !(other.shipped_at || other.id === fulfillment.id)) continue
    for (const line of other.items ?? []) shipped.set(line.line_item_id, (shipped.get(line.line_item_id) ?? 0) + Number(line.quantity))
  }
  const completesOrder = [...items.values()].every((item) => (shipped.get(item.id) ?? 0) >= Number(item.quantity))
  if (completesOrder || !items.size) return left
  const thisShipment = order?.fulfillments?.find((other) => other.id === fulfillment.id)
  let value = 0n
  for (const line of thisShipment?.items ?? []) {
    const item = items.get(line.line_item_id)
    if (!item || !Number(item.quantity)) continue
    value += (minor(item.total) * BigInt(Math.round(Number(line.quantity)))) / BigInt(Math.round(Number(item.quantity)))
  }
  const firstCapture = !(payment.captures ?? []).length
  if (firstCapture) value += minor(order?.shipping_total)
  return value < left ? value : left
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
