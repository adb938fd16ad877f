import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { runApplicationStart } from "./application-start"
import { moneyOperationsOfOrder, paymentIdentityOfOrder } from "./money-call-reads"
import { insertServiceCalls, type ServiceCallValues } from "./service-call-writes"
import { beginMoneyOperation, recordMoneyOperationOutcome, type MoneyOperationOutcome, type MoneyOperationStart, type RawRunner } from "./money-operation-writes"
import { AccountSetting } from "./models/account-settings"
import { ApprovedCart } from "./models/approved-cart"
import { CarriedApproval } from "./models/carried-approval"
import { CourierSyncError } from "./models/courier-sync-error"
import { CourierUpdate } from "./models/courier-update"
import { HeldOrder } from "./models/held-order"
import { JobRun } from "./models/job-run"
import { MoneyOperation } from "./models/money-operation"
import { PaymentIdentity } from "./models/payment-identity"
import { ReconciliationReport } from "./models/reconciliation-report"
import { SettingsChange } from "./models/settings-change"
import { ServiceCall } from "./models/service-call"

/**
 * The plugin's own records in the store's database (module `bnplRecords`): what must survive a
 * restart, a crash or a cache flush. Medusa generates the CRUD methods
 * (`createMoneyOperations`, `listJobRuns`, `updateReconciliationReports`, ...); each call
 * commits on its own, so a row is in the database before the service call it guards goes out.
 * Read through runtime/records/money-records.ts, reconciliation-findings.ts, job-runs.ts,
 * courier-sync-errors.ts, courier-updates.ts, account-settings.ts, held-orders.ts, call-timeline.ts, approved-carts.ts, carried-approvals.ts and payment-identities.ts.
 */
export default class BnplRecordsService extends MedusaService({
  MoneyOperation,
  ReconciliationReport,
  JobRun,
  CourierSyncError,
  CourierUpdate,
  AccountSetting,
  SettingsChange,
  HeldOrder,
  ServiceCall,
  ApprovedCart,
  CarriedApproval,
  PaymentIdentity,
}) {
  /** Medusa awaits this before the server takes traffic (application-start.ts): the plugin's start-up work. */
  __hooks = { onApplicationStart: () => runApplicationStart() }

  /**
   * The record of a money call about to go out (state `sending`), in one statement; the row of
   * the same account and requestId is reused (money-operation-writes.ts).
   * @returns the row as written (snake_case columns).
   */
  @InjectManager()
  async beginMoneyOperation(start: MoneyOperationStart, @MedusaContext() sharedContext: Context = {}): Promise<Record<string, unknown>> {
    return beginMoneyOperation(runnerOf(sharedContext), start)
  }

  /**
   * A money call's outcome on its row, in one statement (money-operation-writes.ts).
   * @throws Error when no live row has that id.
   */
  @InjectManager()
  async recordMoneyOperationOutcome(id: string, outcome: MoneyOperationOutcome, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await recordMoneyOperationOutcome(runnerOf(sharedContext), id, outcome)
  }

  /**
   * The live money records of one service order of an account, oldest first, in one statement
   * (money-call-reads.ts). @returns rows (snake_case columns).
   */
  @InjectManager()
  async moneyOperationsOfOrder(account: string, serviceOrderId: string, @MedusaContext() sharedContext: Context = {}): Promise<Array<Record<string, unknown>>> {
    return moneyOperationsOfOrder(runnerOf(sharedContext), account, serviceOrderId)
  }

  /**
   * Tries of calls to the service, the payment timeline's rows, in one statement
   * (service-call-writes.ts; call-timeline.ts queues them).
   */
  @InjectManager()
  async insertServiceCalls(rows: ServiceCallValues[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await insertServiceCalls(runnerOf(sharedContext), rows)
  }

  /**
   * The identity record of one service order of an account, or undefined, in one statement
   * (money-call-reads.ts). @returns the row (snake_case columns).
   */
  @InjectManager()
  async paymentIdentityOfOrder(account: string, serviceOrderId: string, @MedusaContext() sharedContext: Context = {}): Promise<Record<string, unknown> | undefined> {
    return paymentIdentityOfOrder(runnerOf(sharedContext), account, serviceOrderId)
  }
}

/** The module's query runner: the transaction's when the caller passed one, else its own connection. */
function runnerOf(sharedContext: Context): RawRunner {
  const manager = (sharedContext.transactionManager ?? sharedContext.manager) as { getKnex(): RawRunner }
  return manager.getKnex()
}
