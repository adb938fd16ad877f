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

// One read per request: both middlewares of the route ask (expired-capture-guard.ts, then
// medusa-capture-of-partly-captured.ts), and each read of the payment with its captures is a
// query through Medusa's module (15 to 35 ms of every admin capture on the shared VM, any provider).
const readsOfRequest = new WeakMap<MedusaRequest, Promise<CaptureRoutePayment | undefined>>()

/**
 * The pay later payment named by `POST /admin/payments/:id/capture` (or `.../refund`), or undefined for an id
 * that is not a plausible payment id, an unknown payment or another provider's (which the
 * middlewares then pass to Medusa's route untouched). Read once per request.
 */
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
