import { container as appContainer } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { exactMinorUnits, type MajorUnitAmount } from "../../client/money"

/**
 * The capture Medusa recorded for a provider call. Medusa passes the capture's id as `context.idempotency_key` but not its
 * amount, and commits the capture before calling the provider, so it is readable here by id on every capture path.
 * Undefined when not committed (a caller's own transaction); throws MoneyError for more than 2 decimals.
 */
export async function readMedusaCapture(captureId: string | undefined): Promise<{ id: string; amountMinor: bigint } | undefined> {
  if (!captureId) return undefined
  const paymentModule = appContainer.resolve(Modules.PAYMENT, { allowUnregistered: true }) as
    | {
        listCaptures(
          filters: Record<string, unknown>,
          config?: Record<string, unknown>,
        ): Promise<Array<{ id: string; amount: unknown; raw_amount?: unknown }>>
      }
    | undefined
  if (!paymentModule) return undefined
  const [capture] = await paymentModule.listCaptures({ id: captureId }, { select: ["id", "amount", "raw_amount"] })
  // Exact, from the stored decimal: a capture of more than 2 decimals is refused, never rounded.
  return capture
    ? { id: capture.id, amountMinor: exactMinorUnits((capture.raw_amount ?? capture.amount) as MajorUnitAmount, "capture amount") }
    : undefined
}
