import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePayments } from "../operations/reconcile"

/** Every 30 minutes: approved service payments with no Medusa order are reported (and voided when configured). */
export default async function reconcilePaymentsJob(container: MedusaContainer): Promise<void> {
  await reconcilePayments(container)
}

export const config = {
  name: "medusa-payment-bnpl-reconcile-payments",
  schedule: "*/30 * * * *",
}
