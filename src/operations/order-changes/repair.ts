import { ordersWithCarriedApprovals } from "../../runtime/records/carried-approvals"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { followOrderChange } from "./follow-order-change"

const ORDERS_PER_RUN = 20

export interface OrderChangeRepair {
  settled: string[]
  failed: Array<{ orderId: string; message: string }>
}

/**
 * Attaches approvals no subscriber put on the order's new collection (the event lost, a crash);
 * each step is done once under the order's lock, so it may run beside the subscriber.
 */
export async function repairOrderChanges(scope: ContainerLike, logger?: { error?(message: string): void }): Promise<OrderChangeRepair> {
  const report: OrderChangeRepair = { settled: [], failed: [] }
  for (const orderId of await ordersWithCarriedApprovals(ORDERS_PER_RUN)) {
    try {
      await followOrderChange(scope, orderId)
      report.settled.push(orderId)
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      logger?.error?.(
        `medusa-payment-bnpl: the approval carried across a change of order ${orderId} could not be put on its new payment collection (${message}); tried again on the next run.`,
      )
      report.failed.push({ orderId, message })
    }
  }
  return report
}
