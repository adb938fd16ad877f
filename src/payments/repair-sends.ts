import type { MoneyOperationRecord } from "./money-records"

/**
 * A repair's send of a capture or refund the service never applied. Medusa deletes its record just after its provider throws,
 * outside the lock, so a refusal younger than `refusedAfter` is taken as that moment and nothing is sent.
 */
export interface RepairSend {
  refusedAfter: Date
}

/** Thrown under the lock when the repair's call was refused moments ago: nothing was sent. */
export class RefusedMomentsAgo extends Error {
  constructor(readonly requestId: string) {
    super(
      `medusa-payment-bnpl: ${requestId} was refused moments ago by the call that made it; Medusa deletes its record now, so the repair sends nothing.`,
    )
    this.name = "RefusedMomentsAgo"
  }
}

/** @throws RefusedMomentsAgo when `requestId` was refused after `repair.refusedAfter`; a record without a time counts as fresh. */
export function assertNotRefusedMomentsAgo(records: MoneyOperationRecord[], requestId: string, repair: RepairSend | undefined): void {
  if (!repair) return
  const own = records.find((record) => record.requestId === requestId)
  if (own?.state !== "refused") return
  if (!own.updatedAt || own.updatedAt.getTime() > repair.refusedAfter.getTime()) throw new RefusedMomentsAgo(requestId)
}
