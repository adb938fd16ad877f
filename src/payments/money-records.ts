/**
 * The record of every money call, one per requestId, written before it goes out and after. The next call settles unknown
 * outcomes against the service first, so a lost answer or a crash neither sends twice nor forgets. Scoped to one account.
 */

/** What a money call does at the service. */
export type MoneyOperationKind = "capture" | "refund" | "void"

/** `sending`: may be on its way; `applied`; `refused` (or never applied); `unknown`: no answer, settled before the next call. */
export type MoneyOperationState = "sending" | "applied" | "refused" | "unknown"

/** One money call, as recorded. Amounts are API strings (major units, 2 decimals). */
export interface MoneyOperationRecord {
  id: string
  serviceOrderId: string
  kind: MoneyOperationKind
  medusaRecordId?: string
  requestId: string
  amount: string
  currency: string
  state: MoneyOperationState
  /** False while applied at the service but deleted in Medusa (a lost answer): counts towards the next call of its kind. */
  recorded: boolean
  absorbedBy?: string
  serviceReference?: string
  /** The repair job's clock for a fresh refusal. */
  updatedAt?: Date
}

/** What a new record needs: it starts `sending` and `recorded`. */
export type NewMoneyOperation = Pick<
  MoneyOperationRecord,
  "serviceOrderId" | "kind" | "medusaRecordId" | "requestId" | "amount" | "currency"
>

/** What may change on a record after its call. */
export type MoneyOperationChanges = Partial<Pick<MoneyOperationRecord, "state" | "recorded" | "absorbedBy" | "serviceReference" | "amount">>

/** One account's money records; each method reaches durable storage or throws: a failed `begin` means the call must not go out. */
export interface MoneyRecords {
  forOrder(serviceOrderId: string): Promise<MoneyOperationRecord[]>
  /** Records a call about to be sent (`sending`); a requestId recorded before is reused. @throws when it cannot be written. */
  begin(operation: NewMoneyOperation): Promise<MoneyOperationRecord>
  /** Records the outcome of a call. @throws when the record cannot be written. */
  update(id: string, changes: MoneyOperationChanges): Promise<void>
}

/** Money records in this process's memory: the core's tests, a provider built outside a Medusa app. */
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
    const record: MoneyOperationRecord = {
      ...operation,
      id: `memop_${++this.sequence}`,
      state: "sending",
      recorded: true,
      updatedAt: new Date(),
    }
    this.records.push(record)
    return { ...record }
  }

  async update(id: string, changes: MoneyOperationChanges): Promise<void> {
    const record = this.records.find((candidate) => candidate.id === id)
    if (record) Object.assign(record, changes, { updatedAt: new Date() })
  }
}
