import { container as appContainer } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { exactMinorUnits, type MajorUnitAmount } from "../../client/money"

/**
 * The capture Medusa recorded for a provider call, read from the store's database.
 *
 * Medusa 2.21's payment module calls the provider's `capturePayment` with the payment's data
 * and `context.idempotency_key` = the new capture's id, but not its amount (an admin may
 * capture part). It creates the capture in its own transaction (`capturePayment_`, which
 * locks the payment row and checks the amount), commits it, and only then calls the provider
 * outside any transaction (`capturePaymentFromProvider_`); a provider failure deletes the
 * capture again. So the capture is readable here by its id, from every path that captures:
 * the admin's route, `capturePaymentWorkflow` from a script or another plugin, the payment
 * module called directly, the plugin's capture on shipment.
 * @throws MoneyError for an amount of more than 2 decimals.
 * @returns the capture's id and amount in minor units, or undefined when no committed capture
 *   has that id (a caller that wrapped the capture in its own transaction).
 */
export async function readMedusaCapture(captureId: string | undefined): Promise<{ id: string; amountMinor: bigint } | undefined> {
  if (!captureId) return undefined
  const paymentModule = appContainer.resolve(Modules.PAYMENT, { allowUnregistered: true }) as
    | { listCaptures(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<Array<{ id: string; amount: unknown; raw_amount?: unknown }>> }
    | undefined
  if (!paymentModule) return undefined
  const [capture] = await paymentModule.listCaptures({ id: captureId }, { select: ["id", "amount", "raw_amount"] })
  // Exact, from the stored decimal: a capture of more than 2 decimals is refused, never rounded.
  return capture ? { id: capture.id, amountMinor: exactMinorUnits((capture.raw_amount ?? capture.amount) as MajorUnitAmount, "capture amount") } : undefined
}
