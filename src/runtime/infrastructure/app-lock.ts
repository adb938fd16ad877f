import { container } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import type { ContainerLike } from "./shared-types"

/** Medusa's Locking Module: across processes with `locking-redis` or `locking-postgres`, within one with the default. */
export interface LockLike {
  /** Runs `job` under `keys`, waiting at most `timeout` s; the lock lapses after `expire` s if the process dies. */
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number; expire?: number }): Promise<T>
}

/** The Locking Module of a Medusa container, or undefined where there is none. */
export function lockFromContainer(from: ContainerLike): LockLike | undefined {
  try {
    const locking = from.resolve<LockLike | undefined>(Modules.LOCKING, { allowUnregistered: true })
    return locking && typeof locking.execute === "function" ? locking : undefined
  } catch {
    return undefined
  }
}

/** The Locking Module from Medusa's application container, or undefined before the app has loaded. */
export function applicationLock(): LockLike | undefined {
  return lockFromContainer(container as unknown as ContainerLike)
}

/** How long a caller waits for another process's call to the service, and how long a lock lives. */
export const SERVICE_CALL_LOCK = { timeout: 15, expire: 30 }

/**
 * Runs `job` under `key` across processes, or unlocked when the lock cannot be had: the lock saves calls to the service,
 * it does not guard money, so a second call is better than none. The job's own failure is thrown as is.
 */
export async function withServiceCallLock<T>(lock: LockLike | undefined, key: string, job: () => Promise<T>): Promise<T> {
  if (!lock) return job()
  let ran = false
  try {
    return await lock.execute(
      [key],
      async () => {
        ran = true
        return job()
      },
      SERVICE_CALL_LOCK,
    )
  } catch (error) {
    if (ran) throw error
    return job()
  }
}
