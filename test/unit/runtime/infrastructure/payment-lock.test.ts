import { asValue } from "@medusajs/framework/awilix"
import { container } from "@medusajs/framework"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { withPaymentLock } from "../../../../src/runtime/infrastructure/payment-lock"

/**
 * Medusa 2.21's Redis locking provider (`locking-redis`, RedisLockingProvider.execute): when a
 * renewal of the lease finds the key gone (a Redis FLUSHDB, or renewals too late on a loaded
 * machine), it lets the job finish and then throws CONFLICT "Lost the lock ...". This lock does
 * the same for every job, as that provider does after a flush.
 */
const lockLostWhileRunning = {
  async execute<T>(_keys: string | string[], job: () => Promise<T>): Promise<T> {
    await job()
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      'Lost the lock for key(s) "medusa-payment-bnpl:payment:100000000008" while the job was still running',
    )
  },
}

describe("the payment's lock", () => {
  afterEach(() => container.register(Modules.LOCKING, asValue(undefined)))

  it("answers with what the job did when the lock's lease was lost after the job's money call went out (a capture applied is reported, not deleted)", async () => {
    container.register(Modules.LOCKING, asValue(lockLostWhileRunning))
    const sent: string[] = []
    const captured = await withPaymentLock("100000000008", async () => {
      sent.push("capture 18.15")
      return { status: "APPROVED", captured: "33.76" }
    })
    expect(captured).toEqual({ status: "APPROVED", captured: "33.76" })
    expect(sent).toEqual(["capture 18.15"])
  })

  it("throws the job's own error when the job failed", async () => {
    container.register(Modules.LOCKING, asValue(lockLostWhileRunning))
    await expect(withPaymentLock("100000000008", async () => Promise.reject(new Error("refused by the service")))).rejects.toThrow(
      "refused by the service",
    )
  })

  it("refuses with NOT_ALLOWED, the job never run, when the lock is not had in time", async () => {
    container.register(Modules.LOCKING, asValue({ execute: async () => Promise.reject(new Error("Timed-out acquiring lock.")) }))
    let ran = false
    await expect(withPaymentLock("100000000008", async () => (ran = true))).rejects.toMatchObject({ type: MedusaError.Types.NOT_ALLOWED })
    expect(ran).toBe(false)
  })
  it("fails closed when Redis cannot be reached: the job never runs, and the error says so (503 lock_unavailable)", async () => {
    const redisAway = Object.assign(
      new Error('Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.'),
      {
        name: "MaxRetriesPerRequestError",
      },
    )
    container.register(Modules.LOCKING, asValue({ execute: async () => Promise.reject(redisAway) }))
    let ran = false
    await expect(withPaymentLock("100000000008", async () => (ran = true))).rejects.toMatchObject({
      type: MedusaError.Types.UNEXPECTED_STATE,
      code: "lock_unavailable",
      message: expect.stringMatching(/nothing was sent to the payment service/),
    })
    expect(ran).toBe(false)
  })
})
