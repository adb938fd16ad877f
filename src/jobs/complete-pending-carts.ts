import type { MedusaContainer } from "@medusajs/framework/types"
import { completePendingCarts } from "../operations/pending-completions"

/**
 * Every minute: carts whose consumer confirmed but never came back are completed
 * (operations/pending-completions.ts). With Medusa's Redis workflow engine a schedule runs
 * on one instance per tick; the cart's lock keeps two runs from completing one cart twice.
 */
export default async function completePendingCartsJob(container: MedusaContainer): Promise<void> {
  await completePendingCarts(container)
}

export const config = {
  name: "medusa-payment-bnpl-complete-pending-carts",
  // BNPL_COMPLETION_SCHEDULE overrides the schedule (any cron Medusa accepts; six fields with seconds).
  schedule: process.env.BNPL_COMPLETION_SCHEDULE || "* * * * *",
}
