/**
 * The plugin's record of every money call it sends to the service (capture, refund, void), one
 * per requestId, written before the call goes out and updated after. It is what makes a lost
 * answer, a crash or a restart safe: the next money call on the order first settles every call
 * whose outcome is not known against the service's own record of the payment
 * (MoneyLedger.settle, payments/money-ledger.ts), so nothing is sent twice and nothing applied is forgotten.
 *
 * In a store the records live in the plugin's module, in the store's database
 * (src/modules/bnpl-records, runtime/records/money-records.ts); `MemoryMoneyRecords` keeps them in one
 * process for the core's own tests. Every implementation is scoped to one merchant account.
 */

/** What a money call does at the service (docs/service-api.md "Endpoints beyond the document"; docs/service-api.md "Create Refund"). */
export type MoneyOperationKind = "capture" | "refund" | "void"

/**
 * - `sending`: written, the call may be on its way (a row left so by a process that died);
 * - `applied`: the service applied it (its answer, or its record of the payment);
 * - `refused`: the service refused it, or its record shows it was never applied;
 * - `unknown`: the call ended without an answer; settled before the order's next money call.
 */
export type MoneyOperationState = "sending" | "applied" | "refused" | "unknown"

/** One money call, as recorded. Amounts are API strings (major units, 2 decimals). */
export interface MoneyOperationRecord {
  id: string
  serviceOrderId: string
  kind: MoneyOperationKind
  /** The Medusa record the call serves: capture id, refund id or payment id. */
  medusaRecordId?: string
  requestId: string
  amount: string
  currency: string
  state: MoneyOperationState
  /**
   * False while the service applied the call but Medusa holds no record of it: its answer was
   * lost, the provider failed, and Medusa deleted its capture or refund. Such an amount counts
   * towards the order's next call of the same kind (and is then `absorbedBy` it).
   */
  recorded: boolean
  /** The requestId of the later call whose Medusa record counts this one. */
  absorbedBy?: string
  /** The service's refund id or payment event id. */
  serviceReference?: string
  /** When the record last changed (its state above all); the repair job's clock for a fresh refusal. */
  updatedAt?: Date
}

/** What a new record needs: it starts `sending` and `recorded`. */
export type NewMoneyOperation = Pick<MoneyOperationRecord, "serviceOrderId" | "kind" | "medusaRecordId" | "requestId" | "amount" | "currency">

/** What may change on a record after its call. */
export type MoneyOperationChanges = Partial<Pick<MoneyOperationRecord, "state" | "recorded" | "absorbedBy" | "serviceReference" | "amount">>

/**
 * One merchant account's money records. Every method reaches durable storage before it
 * returns, and throws when it cannot: a record that guards money is never skipped, so a
 * failed `begin` means the call must not go out.
 */
export interface MoneyRecords {
  /** Every record of one service order, oldest first. */
  forOrder(serviceOrderId: string): Promise<MoneyOperationRecord[]>
  /**
   * Records that a call is about to be sent, in state `sending`. A requestId recorded before
   * (a refused call made again, or a resend of a call a dead process left) is reused.
   * @throws when the record cannot be written.
   */
  begin(operation: NewMoneyOperation): Promise<MoneyOperationRecord>
  /** Records the outcome of a call. @throws when the record cannot be written. */
  update(id: string, changes: MoneyOperationChanges): Promise<void>
}

/**
 * Money records in this process's memory: for the payments core's own tests and for a provider
 * built outside a Medusa app. A store uses the database (runtime/records/money-records.ts).
 */
export class MemoryMoneyRecords implements MoneyRecords {
  private readonly records: MoneyOperationRecord[] = []
  private sequence = 0

  async forOrder(serviceOrderId: string): Promise<MoneyOperationRecord[]> {
    return this.records.filter((record) => record.serviceOrderId === serviceOrderId).map((record) => ({ ...record }))
  }

  async begin(operation: NewMoneyOperation): Promise<MoneyOperationRecord> {
    const existing = this.records.find((record) => record.requestId === operation.requestId)
    if (existing) {
      Object.assign(existing, { ...operation, state: "sending", updatedAt: new Date() })
      return { ...existing }
    }
    const record: MoneyOperationRecord = { ...operation, id: `memop_${++this.sequence}`, state: "sending", recorded: true, updatedAt: new Date() }
    this.records.push(record)
    return { ...record }
  }

  async update(id: string, changes: MoneyOperationChanges): Promise<void> {
    const record = this.records.find((candidate) => candidate.id === id)
    if (record) Object.assign(record, changes, { updatedAt: new Date() })
  }
}
