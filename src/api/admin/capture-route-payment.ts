import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MajorUnitAmount } from "../../client/money"
import { isBnplProvider } from "../../payments/session-data"

/** What the plugin's middlewares on Medusa's capture route read of the payment. */
export interface CaptureRoutePayment {
  provider_id?: string
  amount?: MajorUnitAmount
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
  data?: Record<string, unknown> | null
  captures?: Array<{ amount: MajorUnitAmount } | null> | null
}

const FIELDS = ["id", "provider_id", "amount", "captured_at", "canceled_at", "data", "captures.amount"]

// One read per request: both middlewares of the route ask, and each read is a query through Medusa's module.
const readsOfRequest = new WeakMap<MedusaRequest, Promise<CaptureRoutePayment | undefined>>()

/** The pay later payment `POST /admin/payments/:id/capture` (or `/refund`) names, else undefined; read once per request. */
export function payLaterPaymentOfCaptureRoute(req: MedusaRequest): Promise<CaptureRoutePayment | undefined> {
  let read = readsOfRequest.get(req)
  if (!read) {
    read = readPayLaterPayment(req)
    readsOfRequest.set(req, read)
  }
  return read
}

async function readPayLaterPayment(req: MedusaRequest): Promise<CaptureRoutePayment | undefined> {
  const id = req.params.id
  if (typeof id !== "string" || !/^[\w-]{1,100}$/.test(id)) return undefined
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: FIELDS, filters: { id } })
  const payment = data[0] as CaptureRoutePayment | undefined
  return payment && isBnplProvider(payment.provider_id) ? payment : undefined
}
