import { ordersWithCarriedApprovals } from "../../runtime/records/carried-approvals"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { followOrderChange } from "./follow-order-change"

/** Orders the completion job looks at per run. */
const ORDERS_PER_RUN = 20

/** What one run of the repair did. */
export interface OrderChangeRepair {
  /** Orders whose carried approvals are now on a payment of theirs, or released. */
  settled: string[]
  failed: Array<{ orderId: string; message: string }>
}

/**
 * The completion job's repair of order changes: approvals carried from a cancelled payment that
 * no subscriber put on the order's new payment collection (the event lost, a failure, a process
 * stopped half way) are attached now (attach-approval.ts does each step once, under the order's
 * lock, so it may run beside the subscriber). Bounded per run; a failure is logged, and the
 * order is tried again on the next run.
 */
export async function repairOrderChanges(scope: ContainerLike, logger?: { error?(message: string): void }): Promise<OrderChangeRepair> {
  const report: OrderChangeRepair = { settled: [], failed: [] }
  for (const orderId of await ordersWithCarriedApprovals(ORDERS_PER_RUN)) {
    try {
      await followOrderChange(scope, orderId)
      report.settled.push(orderId)
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      logger?.error?.(`medusa-payment-bnpl: the approval carried across a change of order ${orderId} could not be put on its new payment collection (${message}); tried again on the next run.`)
      report.failed.push({ orderId, message })
    }
  }
  return report
}
