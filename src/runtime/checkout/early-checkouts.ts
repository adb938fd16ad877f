import { randomUUID } from "node:crypto"
import type { PaymentResult } from "../../payments/payment-operations"

/**
 * A checkout the payment-session middleware started for the provider to take in the same request, so the round trip runs
 * during Medusa's own work (docs/performance.md "A quiet shop"). Held in memory only: a checkout is not money, and a
 * provider that finds none makes its own, leaving the early one to expire unused.
 */
export interface EarlyCheckout {
  providerId: string
  cartId: string
  /** Minor units. */
  amountMinor: bigint
  currency: string
  /** PaymentOperations.startCheckout's result, made with empty input data. */
  result: Promise<PaymentResult & { token: string }>
}

/** How long a started checkout waits for its provider; Medusa's workflow takes milliseconds. */
export const EARLY_CHECKOUT_HOLD_MS = 60_000

const waiting = new Map<string, EarlyCheckout & { timer: NodeJS.Timeout }>()

/** Holds a started checkout and returns its key; an untaken one is dropped after EARLY_CHECKOUT_HOLD_MS without an unhandled rejection. */
export function holdEarlyCheckout(checkout: EarlyCheckout): string {
  const key = randomUUID()
  checkout.result.catch(() => undefined)
  const timer = setTimeout(() => waiting.delete(key), EARLY_CHECKOUT_HOLD_MS)
  timer.unref()
  waiting.set(key, { ...checkout, timer })
  return key
}

/** The checkout under `key` if made for exactly this provider, cart, amount and currency, else undefined; a key is taken once. */
export function takeEarlyCheckout(
  key: unknown,
  expected: { providerId: string; cartId: string; amountMinor: bigint; currency: string },
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
