import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { recordCreditLineCorrected, readServiceCalls } from "../../../runtime/records/call-timeline"
import { minorUnitsToApiAmount, toMinorUnits } from "../../../client/money"
import { recordReleasedRest } from "../../../operations/released-rest"
import { accountHash } from "../../../runtime/infrastructure/account-hash"
import { readCourierSyncErrors } from "../../../runtime/records/courier-sync-errors"
import {
  buildPaymentView,
  isSnapshotStale,
  PAYMENT_VIEW_FIELDS,
  releasedOf,
  type MedusaPaymentForView,
  type PaymentView,
} from "../../../runtime/views/payment-view"
import { effectiveSettings } from "../../../runtime/config/effective-settings"
import { isBnplProvider } from "../../../payments/session-data"
import { accountForPayment, getPluginRuntime } from "../../../runtime/accounts/plugin-runtime"
import { readSnapshot, takeSnapshot } from "../../../runtime/views/service-payment-snapshots"

interface OrderForViews {
  id: string
  status?: string
  display_id?: number | null
  fulfillments?: Array<{ id: string } | null> | null
  payment_collections?: Array<{ payments?: Array<MedusaPaymentForView | null> | null } | null> | null
}

const ORDER_FIELDS = [
  "id",
  "status",
  "display_id",
  "fulfillments.id",
  ...PAYMENT_VIEW_FIELDS.map((field) => `payment_collections.payments.${field}`),
]

/** The order's pay later payments; the service is read for one never read, changed in Medusa since, or all with `refresh`. */
export async function orderPaymentViews(scope: MedusaContainer, orderId: string, { refresh = false } = {}): Promise<PaymentView[]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } })
  const order = data[0] as OrderForViews | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found.`)
  const payments = (order.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter((payment): payment is MedusaPaymentForView => !!payment && isBnplProvider(payment.provider_id))
  const fulfillmentIds = (order.fulfillments ?? []).map((fulfillment) => fulfillment?.id).filter((id): id is string => !!id)
  return Promise.all(
    payments.map((payment) =>
      viewOf(scope, { ...payment, orderDisplayId: order.display_id ?? null }, fulfillmentIds, refresh, order.status),
    ),
  )
}

/** One pay later payment with its order's id; throws NOT_FOUND for an unknown payment or another provider's. */
export async function paymentView(
  scope: MedusaContainer,
  paymentId: string,
  { refresh = false } = {},
): Promise<{ view: PaymentView; orderId: string | null }> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      ...PAYMENT_VIEW_FIELDS,
      "payment_collection.order.id",
      "payment_collection.order.status",
      "payment_collection.order.display_id",
      "payment_collection.order.fulfillments.id",
    ],
    filters: { id: paymentId },
  })
  const payment = data[0] as (MedusaPaymentForView & { payment_collection?: { order?: OrderForViews | null } | null }) | undefined
  if (!payment || !isBnplProvider(payment.provider_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment ${paymentId} is not a pay later payment of this store.`)
  }
  const order = payment.payment_collection?.order
  const fulfillmentIds = (order?.fulfillments ?? []).map((fulfillment) => fulfillment?.id).filter((id): id is string => !!id)
  return {
    view: await viewOf(scope, { ...payment, orderDisplayId: order?.display_id ?? null }, fulfillmentIds, refresh, order?.status),
    orderId: order?.id ?? null,
  }
}

async function viewOf(
  scope: MedusaContainer,
  payment: MedusaPaymentForView,
  fulfillmentIds: string[],
  refresh: boolean,
  orderStatus?: string,
): Promise<PaymentView> {
  const runtime = getPluginRuntime(scope)
  // A payment of an account not configured any more shows Medusa's record only.
  const account = accountForPayment(runtime, payment)
  const { cache } = runtime
  const options = account?.options ?? runtime.options
  const serviceOrderId = payment.data?.orderId as string | undefined
  let snapshot = await readSnapshot(cache, payment.id)
  if (account && serviceOrderId && (refresh || isSnapshotStale(snapshot, payment))) {
    snapshot = await takeSnapshot(account.client, cache, payment.id, serviceOrderId, {
      data: payment.data ?? {},
      accountMerchantId: account.options.merchantId,
    })
    await keepReleasedRestTrue(scope, payment, snapshot, orderStatus, accountHash(options), serviceOrderId)
  }
  const capture = account ? (await effectiveSettings(account, account)).capture : options.capture
  const timeline = await readServiceCalls(accountHash(options), { serviceOrderId, token: payment.data?.token as string | undefined })
  return buildPaymentView(payment, { ...options, capture }, snapshot, await readCourierSyncErrors(fulfillmentIds), undefined, timeline)
}

/** After a fresh read of a payment whose rest was voided, makes its order's credit line say what the service released. */
async function keepReleasedRestTrue(
  scope: MedusaContainer,
  payment: MedusaPaymentForView,
  snapshot: Awaited<ReturnType<typeof takeSnapshot>>,
  orderStatus: string | undefined,
  account: string,
  serviceOrderId: string,
): Promise<void> {
  if (!payment.canceled_at || payment.data?.carriedApprovalId || orderStatus === "canceled" || !snapshot || "error" in snapshot) return
  const captured = (payment.captures ?? []).reduce(
    (sum, capture) => sum + (capture ? toMinorUnits(capture.amount, "captures.amount") : 0n),
    0n,
  )
  const authorised = toMinorUnits(payment.amount, "payment.amount")
  if (captured === 0n) return
  const released = minorUnitsToApiAmount(releasedOf(payment.data ?? {}, snapshot, authorised, captured))
  try {
    const recorded = await recordReleasedRest(scope, payment.id, released)
    if (recorded.changed && recorded.before !== "0.00")
      recordCreditLineCorrected(account, serviceOrderId, released, payment.currency_code.toUpperCase())
  } catch (error) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `medusa-payment-bnpl: the credit line of payment ${payment.id}'s voided rest could not be made ${released}: ${(error as Error)?.message ?? String(error)}`,
      )
  }
}
