import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { runApplicationStart } from "./application-start"
import { moneyOperationsOfOrder, paymentIdentityOfOrder } from "./money-call-reads"
import { insertServiceCalls, type ServiceCallValues } from "./service-call-writes"
import {
  beginMoneyOperation,
  recordMoneyOperationOutcome,
  type MoneyOperationOutcome,
  type MoneyOperationStart,
  type RawRunner,
} from "./money-operation-writes"
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

/** The plugin's records (module `bnplRecords`); each call commits alone, so a row exists before the call it guards. */
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
  /** Medusa awaits this before the server takes traffic. */
  __hooks = { onApplicationStart: () => runApplicationStart() }

  /** A money call about to go out (`sending`); the row of the same account and requestId is reused. @returns the row. */
  @InjectManager()
  async beginMoneyOperation(start: MoneyOperationStart, @MedusaContext() sharedContext: Context = {}): Promise<Record<string, unknown>> {
    return beginMoneyOperation(runnerOf(sharedContext), start)
  }

  /** A money call's outcome on its row, in one statement. @throws Error when no live row has that id. */
  @InjectManager()
  async recordMoneyOperationOutcome(
    id: string,
    outcome: MoneyOperationOutcome,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    await recordMoneyOperationOutcome(runnerOf(sharedContext), id, outcome)
  }

  /** Live money records of one service order of an account, oldest first. @returns rows (snake_case columns). */
  @InjectManager()
  async moneyOperationsOfOrder(
    account: string,
    serviceOrderId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<Array<Record<string, unknown>>> {
    return moneyOperationsOfOrder(runnerOf(sharedContext), account, serviceOrderId)
  }

  /** Tries of calls to the service (the payment timeline's rows), in one statement. */
  @InjectManager()
  async insertServiceCalls(rows: ServiceCallValues[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await insertServiceCalls(runnerOf(sharedContext), rows)
  }

  /** The identity record of one service order of an account, or undefined. @returns the row (snake_case columns). */
  @InjectManager()
  async paymentIdentityOfOrder(
    account: string,
    serviceOrderId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<Record<string, unknown> | undefined> {
    return paymentIdentityOfOrder(runnerOf(sharedContext), account, serviceOrderId)
  }
}

function runnerOf(sharedContext: Context): RawRunner {
  const manager = (sharedContext.transactionManager ?? sharedContext.manager) as { getKnex(): RawRunner }
  return manager.getKnex()
}
