import { recordsModule, recordsOf, type BnplRecordsModule } from "./records-module"
import type { MoneyOperationChanges, MoneyOperationRecord, MoneyRecords, NewMoneyOperation } from "../../payments/money-records"

/** A row of `bnpl_money_operation`. */
interface MoneyOperationRow {
  id: string
  account: string
  service_order_id: string
  kind: MoneyOperationRecord["kind"]
  medusa_record_id: string | null
  request_id: string
  amount: string
  currency: string
  state: MoneyOperationRecord["state"]
  recorded: boolean
  absorbed_by: string | null
  service_reference: string | null
  updated_at?: Date | string
}

/** The records module's generated methods for money operations, or undefined outside an app. */
export const moneyOperations = () => recordsOf<MoneyOperationRow>("MoneyOperations")

/** The records module's one-statement writes of a money call. */
export interface MoneyOperationWrites {
  begin(row: Omit<MoneyOperationRow, "id" | "state" | "recorded" | "absorbed_by" | "service_reference">): Promise<MoneyOperationRow>
  update(id: string, changes: Partial<Omit<MoneyOperationRow, "id">>): Promise<void>
}

/** The module's one-statement writes, when the loaded module has them. */
export function moneyOperationWrites(module: BnplRecordsModule | undefined = recordsModule()): MoneyOperationWrites | undefined {
  if (!module || typeof module.beginMoneyOperation !== "function" || typeof module.recordMoneyOperationOutcome !== "function")
    return undefined
  return {
    begin: (row) => module.beginMoneyOperation(row),
    update: (id, changes) => module.recordMoneyOperationOutcome(id, changes),
  }
}

/** The records module's one-statement read of an order's money records. */
export type MoneyOperationsOfOrder = (account: string, serviceOrderId: string) => Promise<MoneyOperationRow[]>

/** That read, when the loaded module has it (undefined outside an app, or for a test's generated methods alone). */
export function moneyOperationsOfOrder(module: BnplRecordsModule | undefined = recordsModule()): MoneyOperationsOfOrder | undefined {
  if (!module || typeof module.moneyOperationsOfOrder !== "function") return undefined
  return (account, serviceOrderId) => module.moneyOperationsOfOrder(account, serviceOrderId)
}

/**
 * One account's money records in the store's database; every write is committed before it returns. The module is looked
 * up per call, as a provider is built before the app's container is complete. Throws when the module is not loaded or
 * the database fails, and the payments core then sends nothing (`records_unavailable`).
 */
export class DatabaseMoneyRecords implements MoneyRecords {
  constructor(
    /** The account's `accountHash`. */
    private readonly account: string,
    private readonly methods: typeof moneyOperations = moneyOperations,
    private readonly writes: () => MoneyOperationWrites | undefined = moneyOperationWrites,
    private readonly reads: () => MoneyOperationsOfOrder | undefined = moneyOperationsOfOrder,
  ) {}

  /** One statement through the module's read, oldest first; else the generated list. */
  async forOrder(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    const read = this.reads()
    if (read) return (await read(this.account, serviceOrderId)).map(toRecord)
    const rows = await this.service().list(
      { account: this.account, service_order_id: serviceOrderId },
      { order: { created_at: "ASC" }, take: null },
    )
    return rows.map(toRecord)
  }

  /** The applied records among `requestIds`, or absorbed by one of them, in one query for many Medusa records at once. */
  async appliedFor(requestIds: string[]): Promise<MoneyOperationRecord[]> {
    if (!requestIds.length) return []
    const rows = await this.service().list(
      { account: this.account, state: "applied", $or: [{ request_id: { $in: requestIds } }, { absorbed_by: { $in: requestIds } }] },
      { take: null },
    )
    return rows.map(toRecord)
  }

  /** One statement through the module's writes (an upsert on the requestId); else a read, then a create or an update. */
  async begin(operation: NewMoneyOperation): Promise<MoneyOperationRecord> {
    const service = this.service()
    const row = {
      account: this.account,
      service_order_id: operation.serviceOrderId,
      kind: operation.kind,
      medusa_record_id: operation.medusaRecordId ?? null,
      request_id: operation.requestId,
      amount: operation.amount,
      currency: operation.currency,
    }
    const writes = this.writes()
    if (writes) return toRecord(await writes.begin(row))
    const [existing] = await service.list({ account: this.account, request_id: operation.requestId })
    if (existing) return toRecord(await service.update({ id: existing.id, ...row, state: "sending" }))
    return toRecord(await service.create({ ...row, state: "sending", recorded: true, absorbed_by: null, service_reference: null }))
  }

  async update(id: string, changes: MoneyOperationChanges): Promise<void> {
    const service = this.service()
    const columns = {
      ...(changes.state === undefined ? {} : { state: changes.state }),
      ...(changes.recorded === undefined ? {} : { recorded: changes.recorded }),
      ...(changes.absorbedBy === undefined ? {} : { absorbed_by: changes.absorbedBy }),
      ...(changes.serviceReference === undefined ? {} : { service_reference: changes.serviceReference }),
      ...(changes.amount === undefined ? {} : { amount: changes.amount }),
    }
    const writes = this.writes()
    if (writes) await writes.update(id, columns)
    else await service.update({ id, ...columns })
  }

  private service() {
    const service = this.methods()
    if (!service) {
      throw new Error(
        "the plugin's records module is not loaded: register medusa-payment-bnpl under `plugins` in medusa-config and run `npx medusa db:migrate`",
      )
    }
    return service
  }
}

function toRecord(row: MoneyOperationRow): MoneyOperationRecord {
  return {
    id: row.id,
    serviceOrderId: row.service_order_id,
    kind: row.kind,
    ...(row.medusa_record_id ? { medusaRecordId: row.medusa_record_id } : {}),
    requestId: row.request_id,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    recorded: row.recorded,
    ...(row.absorbed_by ? { absorbedBy: row.absorbed_by } : {}),
    ...(row.service_reference ? { serviceReference: row.service_reference } : {}),
    ...(row.updated_at ? { updatedAt: new Date(row.updated_at) } : {}),
  }
}
