import {
  EARLY_CHECKOUT_HOLD_MS,
  earlyCheckoutsWaiting,
  holdEarlyCheckout,
  takeEarlyCheckout,
} from "../../../../src/runtime/checkout/early-checkouts"
import { PaymentError } from "../../../../src/payments/errors"

const checkoutFor = { providerId: "pp_bnpl_bnpl", cartId: "cart_1", amountMinor: 12345n, currency: "GBP" }
const made = (token: string) => Promise.resolve({ token, status: "pending" as const, data: { token, amount: "123.45", currency: "GBP" } })

describe("checkouts started by the session middleware (runtime/checkout/early-checkouts.ts)", () => {
  afterEach(() => jest.useRealTimers())

  it("the provider takes the checkout made for its cart, amount and currency, once", async () => {
    const key = holdEarlyCheckout({ ...checkoutFor, result: made("tok_1") })
    const taken = takeEarlyCheckout(key, { ...checkoutFor, currency: "gbp" })
    expect((await taken!).token).toBe("tok_1")
    expect(takeEarlyCheckout(key, checkoutFor)).toBeUndefined()
    expect(earlyCheckoutsWaiting()).toBe(0)
  })

  it.each([
    ["another amount (the collection changed in between)", { amountMinor: 12346n }],
    ["another currency", { currency: "EUR" }],
    ["another cart", { cartId: "cart_2" }],
    ["another account's provider", { providerId: "pp_bnpl_bnpl-eu" }],
  ])("a checkout made for %s is not taken: the provider makes its own", (_name, change) => {
    const key = holdEarlyCheckout({ ...checkoutFor, result: made("tok_2") })
    expect(takeEarlyCheckout(key, { ...checkoutFor, ...change })).toBeUndefined()
    expect(earlyCheckoutsWaiting()).toBe(0)
  })

  it("a key the middleware did not hand out (a client's, another process's) gives nothing", () => {
    expect(takeEarlyCheckout("bnpl-anything", checkoutFor)).toBeUndefined()
    expect(takeEarlyCheckout({ token: "x" }, checkoutFor)).toBeUndefined()
    expect(takeEarlyCheckout(undefined, checkoutFor)).toBeUndefined()
  })

  it("a failed checkout reaches the provider as the service's error, and none is unhandled when nobody takes it", async () => {
    const unhandled = jest.fn()
    process.on("unhandledRejection", unhandled)
    try {
      const failure = new PaymentError("unavailable", "The pay later service did not answer.")
      const key = holdEarlyCheckout({ ...checkoutFor, result: Promise.reject(failure) })
      holdEarlyCheckout({ ...checkoutFor, result: Promise.reject(failure) })
      await expect(takeEarlyCheckout(key, checkoutFor)).rejects.toBe(failure)
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off("unhandledRejection", unhandled)
    }
  })

  it("a checkout nobody takes is dropped after the hold time", () => {
    jest.useFakeTimers()
    const before = earlyCheckoutsWaiting()
    const key = holdEarlyCheckout({ ...checkoutFor, result: made("tok_3") })
    expect(earlyCheckoutsWaiting()).toBe(before + 1)
    jest.advanceTimersByTime(EARLY_CHECKOUT_HOLD_MS + 1)
    expect(earlyCheckoutsWaiting()).toBe(before)
    expect(takeEarlyCheckout(key, checkoutFor)).toBeUndefined()
  })
})
