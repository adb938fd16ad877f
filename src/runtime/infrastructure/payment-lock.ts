import { MedusaError } from "@medusajs/framework/utils"
import { applicationLock } from "./app-lock"
import { LOCK_UNAVAILABLE, dependencyOutage } from "./dependency-outage"
import { cacheKeys } from "../../cache-keys"

/** Seconds an operation waits for another on the same payment: longer than a void or capture with retries at default time-outs. */
export const PAYMENT_LOCK_WAIT_SECONDS = 120

/**
 * Seconds a lock outlives a process that died holding it; a live holder keeps it (Redis renews the lease, in-memory and
 * PostgreSQL hold it for the job). So a crash blocks the payment's money for at most this long.
 */
export const PAYMENT_LOCK_LEASE_SECONDS = 15

/**
 * Runs `job` under the service order's lock, so a payment's captures, refunds and voids run one at a time across instances
 * (docs/security.md "A canceled order leaves no captured money"). Without a Locking Module the job runs unlocked.
 * Throws NOT_ALLOWED when the lock is not free within PAYMENT_LOCK_WAIT_SECONDS, and `lock_unavailable` when the lock's
 * store is unreachable: it fails closed and nothing is sent.
 */
export async function withPaymentLock<T>(serviceOrderId: string, job: () => Promise<T>): Promise<T> {
  const locking = applicationLock()
  if (!locking) return job()
  let started = false
  let finished: { value: T } | undefined
  try {
    return await locking.execute(
      cacheKeys.paymentLock(serviceOrderId),
      async () => {
        started = true
        const value = await job()
        finished = { value }
        return value
      },
      { timeout: PAYMENT_LOCK_WAIT_SECONDS, expire: PAYMENT_LOCK_LEASE_SECONDS },
    )
  } catch (error) {
    // The lease was lost after the job (a failed renewal), but its calls went out: an error would make Medusa
    // delete the capture or refund the service applied. So the job's result stands.
    if (finished) return finished.value
    if (started) throw error
    if (dependencyOutage(error)) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, LOCK_UNAVAILABLE.message, LOCK_UNAVAILABLE.code)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Another operation on this pay later payment (service order ${serviceOrderId}) is still running; try again when it has finished.`,
    )
  }
}
