import type { MoneyOperationRecord } from "./money-records"

/**
 * How the repair job (operations/unsent-money-calls.ts) asks the core to send a capture or a
 * refund that Medusa recorded and the service never applied.
 *
 * Medusa 2.21 deletes its capture or refund right after its provider throws (payment module
 * `capturePayment` / `refundPayment`), after the payment's lock is released. A repair that takes
 * the lock in that moment finds Medusa's record still there and the call `refused`; sent then,
 * the service captures what Medusa has just deleted (the chaos soak's seed 28 under load: the
 * service captured 161.90, Medusa none). So under the lock, a refusal younger than `refusedAfter`
 * is taken as that moment and nothing is sent; one older (the process died between the throw
 * and the delete, or the repair's own send was refused) is sent again as before.
 */
export interface RepairSend {
  /** A refusal of the call's requestId recorded after this moment belongs to a live call. */
  refusedAfter: Date
}

/** Thrown under the lock when the repair's call was refused moments ago: nothing was sent. */
export class RefusedMomentsAgo extends Error {
  constructor(readonly requestId: string) {
    super(`medusa-payment-bnpl: ${requestId} was refused moments ago by the call that made it; Medusa deletes its record now, so the repair sends nothing.`)
    this.name = "RefusedMomentsAgo"
  }
}

/**
 * @throws RefusedMomentsAgo when `repair` is given and `requestId`'s record was refused after
 *   `repair.refusedAfter` (a record without a time counts as fresh: nothing is sent on a guess).
 */
export function assertNotRefusedMomentsAgo(records: MoneyOperationRecord[], requestId: string, repair: RepairSend | undefined): void {
  if (!repair) return
  const own = records.find((record) => record.requestId === requestId)
  if (own?.state !== "refused") return
  if (!own.updatedAt || own.updatedAt.getTime() > repair.refusedAfter.getTime()) throw new RefusedMomentsAgo(requestId)
}
