import { cacheKeys } from "../../cache-keys"
import { applicationLock } from "../../runtime/infrastructure/app-lock"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { attachCarriedApprovals, type AttachOutcome } from "./attach-approval"
import { balanceOrderCollections, type BalanceOutcome } from "./balance-collections"

const ORDER_CHANGE_LOCK = { timeout: 60, expire: 120 }

/**
 * After Medusa confirmed an order change, under the order's lock: attaches the carried approvals,
 * then balances the collections. Rerunning changes nothing. @throws when a step fails.
 */
export async function followOrderChange(
  scope: ContainerLike,
  orderId: string,
): Promise<{ attached: AttachOutcome[]; balanced: BalanceOutcome }> {
  const run = async () => {
    const attached = await attachCarriedApprovals(scope, orderId)
    const balanced = await balanceOrderCollections(scope, orderId)
    if (balanced === "approval_released_for_carrying") attached.push(...(await attachCarriedApprovals(scope, orderId)))
    return { attached, balanced }
  }
  const lock = applicationLock()
  return lock ? lock.execute([cacheKeys.orderChangeLock(orderId)], run, ORDER_CHANGE_LOCK) : run()
}
