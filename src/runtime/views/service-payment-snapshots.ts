import type { BnplClient } from "../../client/index"
import { minorUnitsToApiAmount } from "../../client/money"
import type { Payment } from "../../client/schemas"
import { checkSessionPayment } from "../../payments/payment-identity"
import { authorizationExpiry, capturedAtService } from "../../payments/payment-state"
import type { BnplPaymentData } from "../../payments/session-data"
import type { CacheLike } from "../infrastructure/shared-types"
import { cacheKeys } from "../../cache-keys"

/** Get Payment as last read (docs/service-api.md "Endpoints beyond the document"); `refunds[]` is not summed, it lists voids too. */
export type ServicePaymentSnapshot = (
  | {
      readAt: string
      paymentState?: string
      originalAmount?: string
      openToCaptureAmount?: string
      /** The sum of the payment's CAPTURED events. */
      capturedAmount: string
      /** The AUTH_APPROVED event's `expires` (docs/service-api.md "Events"). */
      authorizationExpiresAt?: string
    }
  /** A failed read, or a payment that is not this one's (`payment_mismatch`): nothing of it is shown. */
  | { readAt: string; error: string; reason?: "payment_mismatch" }
) & {
  /** The checkout token of the Medusa payment the snapshot was taken for; another token's payment reads again. */
  forToken?: string
}

/** Kept a day; the order page reads again whenever Medusa recorded something newer. */
const SNAPSHOT_TTL_SECONDS = 24 * 3600

const localSnapshots = new Map<string, ServicePaymentSnapshot>()
const cacheKey = cacheKeys.servicePayment

/** The last snapshot of a Medusa payment's service payment, or undefined. */
export async function readSnapshot(cache: CacheLike | undefined, paymentId: string): Promise<ServicePaymentSnapshot | undefined> {
  try {
    const shared = (await cache?.get<ServicePaymentSnapshot>(cacheKey(paymentId))) as ServicePaymentSnapshot | null | undefined
    return shared ?? localSnapshots.get(paymentId)
  } catch {
    return localSnapshots.get(paymentId)
  }
}

/** Reads the payment with Get Payment and keeps the snapshot for every instance; another payment's answer is `payment_mismatch`. */
export async function takeSnapshot(
  client: BnplClient,
  cache: CacheLike | undefined,
  paymentId: string,
  serviceOrderId: string,
  owner: { data: Pick<BnplPaymentData, "token" | "merchantId" | "orderId">; accountMerchantId?: string } = { data: {} },
): Promise<ServicePaymentSnapshot> {
  let snapshot: ServicePaymentSnapshot
  const readAt = new Date()
  try {
    const payment = await client.getPayment(serviceOrderId)
    const mismatch = checkSessionPayment(owner.data, payment, { merchantId: owner.accountMerchantId })
    snapshot = mismatch
      ? { readAt: readAt.toISOString(), error: mismatch.message, reason: "payment_mismatch" }
      : snapshotOf(payment, readAt)
  } catch (error) {
    snapshot = { readAt: readAt.toISOString(), error: (error as Error).message }
  }
  if (owner.data.token) snapshot.forToken = owner.data.token
  localSnapshots.set(paymentId, snapshot)
  await cache?.set(cacheKey(paymentId), snapshot, SNAPSHOT_TTL_SECONDS).catch(() => undefined)
  return snapshot
}

/** The snapshot of a Payment object as Get Payment returns it. */
export function snapshotOf(payment: Payment, readAt: Date = new Date()): ServicePaymentSnapshot {
  return {
    readAt: readAt.toISOString(),
    paymentState: payment.paymentState,
    originalAmount: payment.originalAmount?.amount as string | undefined,
    openToCaptureAmount: payment.openToCaptureAmount?.amount as string | undefined,
    capturedAmount: minorUnitsToApiAmount(capturedAtService(payment)),
    authorizationExpiresAt: authorizationExpiry(payment),
  }
}
