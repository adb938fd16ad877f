import type { MedusaContainer } from "@medusajs/framework/types"
import { repairCanceledOrders } from "../operations/canceled-order-repair"
import { repairOrderChanges } from "../operations/order-changes/repair"
import { completePendingCarts } from "../operations/pending-completions"
import { completePendingOrderCollections } from "../operations/pending-order-collections"
import { repairUnpaidOrders } from "../operations/repair-unpaid-orders"
import { repairUntoldShipments } from "../operations/shipment-repair"
import { sendUnsentMoneyCalls } from "../operations/unsent-money-calls"
import { runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.completePendingCarts

/**
 * Every minute: carts whose consumer confirmed but never came back are completed
 * (operations/pending-completions.ts), and so are order payment collections paid later
 * (operations/pending-order-collections.ts). With Medusa's Redis workflow engine a schedule runs
 * on one instance per tick; the cart's lock keeps two runs from completing one cart twice.
 * Then orders placed without their payment (a process stopped while Auth was in flight) are
 * given it (operations/repair-unpaid-orders.ts), and captures and refunds Medusa committed
 * but a stopped process never sent are sent (operations/unsent-money-calls.ts). Then what the
 * `order.canceled` and `shipment.created` subscribers left undone (a failure, or an event lost
 * to a Redis flush or a killed worker) is done: canceled orders' open rests voided and captures
 * refunded (operations/canceled-order-repair.ts), shipments told to the service
 * (operations/shipment-repair.ts), approvals carried across an order change put on the order's
 * new payment collection (operations/order-changes/repair.ts). Each repair is bounded per run.
 * The run is recorded for the admin's "Pay later" settings page.
 */
export default async function completePendingCartsJob(container: MedusaContainer): Promise<void> {
  await runJob(container, JOB.medusaName, () =>
    recordJobRun(
      JOB.runName,
      getPluginRuntime(container),
      async () => {
        const report = await completePendingCarts(container)
        // And order payment collections paid later whose consumer closed the tab.
        const collections = await completePendingOrderCollections(container)
        // Each tick also gives their payment to orders placed without it (a crash mid-Auth).
        const repairs = await repairUnpaidOrders(container)
        // And sends the captures and refunds Medusa committed but a stopped process never sent.
        const unsent = await sendUnsentMoneyCalls(container)
        // And settles canceled orders and tells the service of shipments the subscribers missed.
        const canceled = await repairCanceledOrders(container)
        const shipments = await repairUntoldShipments(container)
        // And puts approvals carried across an order change on the order's new payment collection.
        const orderChanges = await repairOrderChanges(container, getPluginRuntime(container).logger)
        return { ...report, collections, repairs, unsent, canceled, shipments, orderChanges }
      },
      (report) =>
        `${report.completed.length} completed, ${report.waiting.length} waiting, ${report.givenUp.length} given up; ` +
        `${report.collections.completed.length} order payment collections paid, ${report.collections.waiting.length} waiting; ` +
        `${report.repairs.repaired.length} unpaid orders repaired, ${report.repairs.busy.length + report.repairs.waiting.length} waiting, ${report.repairs.givenUp.length} given up; ` +
        `${report.unsent.sent.length} unsent captures or refunds sent, ${report.unsent.failed.length} failed; ` +
        `${report.canceled.settled.length} canceled orders' payments settled, ${report.canceled.failed.length} failed; ` +
        `${report.shipments.sent.length} untold shipments sent, ${report.shipments.failed.length} failed; ` +
        `${report.orderChanges.settled.length} order changes' approvals carried, ${report.orderChanges.failed.length} failed`
    )
  )
}

export const config = {
  name: JOB.medusaName,
  // Default "* * * * *"; the `schedules.completePendingCarts` option (or BNPL_COMPLETION_SCHEDULE) changes it.
  schedule: jobSchedule("completePendingCarts"),
}
