import { randomUUID } from "node:crypto"
import type { PaymentResult } from "../../payments/payment-operations"

/**
 * Checkouts started by the payment-session middleware (api/store/payment-session-snapshot.ts)
 * for the provider to take a moment later, in the same request (docs/performance.md "A quiet
 * shop"). Once the middleware has read the cart, everything Create Checkout needs is known, but
 * Medusa's createPaymentSessionsWorkflow still has its own reads and writes to do before it
 * calls `initiatePayment`: starting the call there lets the one round trip to the service run
 * during them instead of after.
 *
 * The hand-over is in this process's memory, never in a cache or the database: a checkout is
 * not money, and when the provider does not find one (another process, a restart, a mismatch)
 * it makes its own as before, leaving the early one to expire unused at the service.
 */
export interface EarlyCheckout {
  /** The payment provider the checkout is for (`pp_bnpl_<id>`). */
  providerId: string
  cartId: string
  /** The payment collection's amount when it was read, in minor units. */
  amountMinor: bigint
  /** ISO 4217, upper case. */
  currency: string
  /** PaymentOperations.startCheckout's result, made with empty input data. */
  result: Promise<PaymentResult & { token: string }>
}

/** How long a started checkout waits for its provider; Medusa's workflow takes milliseconds. */
export const EARLY_CHECKOUT_HOLD_MS = 60_000

const waiting = new Map<string, EarlyCheckout & { timer: NodeJS.Timeout }>()

/**
 * Keeps a started checkout for its provider and returns the key to hand over in the session's
 * data (session-data.ts `EARLY_CHECKOUT_KEY`). A failure is kept for the provider to throw; if
 * nobody takes it, it is dropped after EARLY_CHECKOUT_HOLD_MS without an unhandled rejection.
 */
export function holdEarlyCheckout(checkout: EarlyCheckout): string {
  const key = randomUUID()
  checkout.result.catch(() => undefined)
  const timer = setTimeout(() => waiting.delete(key), EARLY_CHECKOUT_HOLD_MS)
  timer.unref()
  waiting.set(key, { ...checkout, timer })
  return key
}

/**
 * The started checkout under `key`, when it was made for exactly this provider, cart, amount
 * and currency; undefined otherwise (unknown key, taken already, or the collection changed in
 * between), and the provider then makes its own. A key is taken once.
 */
export function takeEarlyCheckout(
  key: unknown,
  expected: { providerId: string; cartId: string; amountMinor: bigint; currency: string }
): EarlyCheckout["result"] | undefined {
  if (typeof key !== "string") return undefined
  const checkout = waiting.get(key)
  if (!checkout) return undefined
  waiting.delete(key)
  clearTimeout(checkout.timer)
  const same =
    checkout.providerId === expected.providerId &&
    checkout.cartId === expected.cartId &&
    checkout.amountMinor === expected.amountMinor &&
    checkout.currency === expected.currency.toUpperCase()
  return same ? checkout.result : undefined
}

/** How many started checkouts wait for their provider (tests). */
export function earlyCheckoutsWaiting(): number {
  return waiting.size
}
