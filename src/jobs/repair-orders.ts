import type { MedusaContainer } from "@medusajs/framework/types"
import { repairCanceledOrders } from "../operations/canceled-order-repair"
import { repairOrderChanges } from "../operations/order-changes/repair"
import { repairUnpaidOrders } from "../operations/repair-unpaid-orders"
import { repairUntoldShipments } from "../operations/shipment-repair"
import { sendUnsentMoneyCalls } from "../operations/unsent-money-calls"
import { anyEntries, runJob } from "../runtime/infrastructure/job-run"
import { recordJobRun } from "../runtime/records/job-runs"
import { jobSchedule } from "../runtime/config/job-schedule"
import { getPluginRuntime } from "../runtime/accounts/plugin-runtime"
import { JOBS } from "../vocabulary"

const JOB = JOBS.repairOrders

/**
 * Every minute, repairs what a stopped process, a failure or a lost event left undone. Each repair is bounded and takes the
 * locks of what it repairs, so it may run beside the completion job.
 */
export default async function repairOrdersJob(container: MedusaContainer): Promise<void> {
  await runJob(
    container,
    JOB.medusaName,
    () =>
      recordJobRun(
        JOB.runName,
        getPluginRuntime(container),
        async () => ({
          repairs: await repairUnpaidOrders(container),
          unsent: await sendUnsentMoneyCalls(container),
          canceled: await repairCanceledOrders(container),
          shipments: await repairUntoldShipments(container),
          orderChanges: await repairOrderChanges(container, getPluginRuntime(container).logger),
        }),
        (report) =>
          `${report.repairs.repaired.length} unpaid orders repaired, ${report.repairs.busy.length + report.repairs.waiting.length} waiting, ${report.repairs.givenUp.length} given up; ` +
          `${report.unsent.sent.length} unsent captures or refunds sent, ${report.unsent.failed.length} failed, ${report.unsent.deferred.length} refused moments ago and left to Medusa; ` +
          `${report.canceled.settled.length} canceled orders' payments settled, ${report.canceled.failed.length} failed; ` +
          `${report.shipments.sent.length} untold shipments sent, ${report.shipments.failed.length} failed; ` +
          `${report.orderChanges.settled.length} order changes' approvals carried, ${report.orderChanges.failed.length} failed`,
      ),
    (report) =>
      anyEntries(
        report.repairs.repaired,
        report.repairs.givenUp,
        report.unsent.sent,
        report.unsent.failed,
        report.unsent.deferred,
        report.canceled.settled,
        report.canceled.failed,
        report.shipments.sent,
        report.shipments.failed,
        report.orderChanges.settled,
        report.orderChanges.failed,
      ),
  )
}

export const config = {
  name: JOB.medusaName,
  schedule: jobSchedule("repairOrders"),
}
