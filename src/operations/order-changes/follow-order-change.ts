import { cacheKeys } from "../../cache-keys"
import { applicationLock } from "../../runtime/infrastructure/app-lock"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { attachCarriedApprovals, type AttachOutcome } from "./attach-approval"
import { balanceOrderCollections, type BalanceOutcome } from "./balance-collections"

/** How long an order's follow-up waits for another instance's, and how long its lock lives. */
const ORDER_CHANGE_LOCK = { timeout: 60, expire: 120 }

/**
 * Everything the plugin does after Medusa confirmed a change of an order (an edit, exchange,
 * claim or return), under the order's lock across instances: the approvals Medusa's workflow
 * cancelled are put on the order's open collection (attach-approval.ts), then the open
 * collections are set to what the order owes beyond its payments (balance-collections.ts),
 * which may release one more approval to carry, attached at once. Repeating it changes nothing.
 * @throws when a step fails; what was done stays done and the next call goes on from there.
 */
export async function followOrderChange(scope: ContainerLike, orderId: string): Promise<{ attached: AttachOutcome[]; balanced: BalanceOutcome }> {
  const run = async () => {
    const attached = await attachCarriedApprovals(scope, orderId)
    const balanced = await balanceOrderCollections(scope, orderId)
    if (balanced === "approval_released_for_carrying") attached.push(...(await attachCarriedApprovals(scope, orderId)))
    return { attached, balanced }
  }
  const lock = applicationLock()
  return lock ? lock.execute([cacheKeys.orderChangeLock(orderId)], run, ORDER_CHANGE_LOCK) : run()
}
