import { MedusaError } from "@medusajs/framework/utils"
import { applicationLock } from "./app-lock"
import { LOCK_UNAVAILABLE, dependencyOutage } from "./dependency-outage"
import { cacheKeys } from "../../cache-keys"

/**
 * Seconds an operation waits for another one on the same payment. Longer than a void or
 * capture may take with its retries at the default time-outs (the one table of endpoints, src/client/endpoints.ts).
 */
export const PAYMENT_LOCK_WAIT_SECONDS = 120

/**
 * Seconds a lock outlives a process that died holding it. A live holder keeps it as long as its
 * job runs: the Redis locking provider renews the lease every third of this while the job runs,
 * the in-memory provider holds it for the job and dies with the process, the PostgreSQL provider
 * holds it with the job's transaction. So a crash blocks the payment's money for at most this long.
 */
export const PAYMENT_LOCK_LEASE_SECONDS = 15

/**
 * Runs `job` while holding the lock of one service order, so that the money operations of a
 * payment (capture, refund, void) run one at a time across every server instance: a capture
 * pressed while a void is in flight waits for it and then meets the voided payment, instead
 * of charging a consumer whose order is being cancelled (docs/security.md).
 *
 * Uses Medusa's Locking Module from the application container (in-process by default,
 * Redis with `@medusajs/medusa/locking-redis`); without it (a provider used outside an app)
 * the job runs unlocked.
 * A job that finished is answered with its result even when the provider then reports the lock
 * lost (its lease lapsed while the job ran): what the job did at the service has happened.
 * @throws MedusaError NOT_ALLOWED when the lock is not free within
 *   PAYMENT_LOCK_WAIT_SECONDS; MedusaError UNEXPECTED_STATE with code `lock_unavailable` when
 *   the Locking Module's store (Redis) cannot be reached: the lock fails closed, the job never
 *   ran, nothing was sent (the store answers 503, api/outage-error-handler.ts). The job's own
 *   error as it threw it.
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
      { timeout: PAYMENT_LOCK_WAIT_SECONDS, expire: PAYMENT_LOCK_LEASE_SECONDS }
    )
  } catch (error) {
    // The job finished, but the provider reports the lease lost while it ran (Medusa's Redis
    // provider throws CONFLICT after the job when a renewal failed: Redis flushed, or too slow).
    // The job's calls went out and their outcome is recorded; answering Medusa with an error
    // would make it delete the capture or refund the service applied (the chaos soak found one:
    // 18.15 captured at the service, none in Medusa). So the job's result stands.
    if (finished) return finished.value
    if (started) throw error
    if (dependencyOutage(error)) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, LOCK_UNAVAILABLE.message, LOCK_UNAVAILABLE.code)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Another operation on this pay later payment (service order ${serviceOrderId}) is still running; try again when it has finished.`
    )
  }
}
