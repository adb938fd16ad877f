import { PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  authorizationExpiry,
  CHECKOUT_GONE,
  CHECKOUT_NOT_CONFIRMED,
  CHECKOUT_OPEN,
  isExpired,
  toSessionStatus,
} from "../../../src/payments/payment-state"

const NOW = new Date("2026-11-21T10:00:00.000Z")
const LATER = "2026-12-04T10:00:00.000Z" // 13 days on
const EARLIER = "2026-11-21T09:59:59.999Z"

describe("toSessionStatus: the service's paymentState -> Medusa's payment session status", () => {
  it.each([
    // docs/service-api.md "States and transitions"
    ["AUTH_APPROVED", LATER, PaymentSessionStatus.AUTHORIZED],
    ["AUTH_DECLINED", undefined, PaymentSessionStatus.ERROR],
    // docs/service-api.md "Payment (order)"
    ["PARTIALLY_CAPTURED", LATER, PaymentSessionStatus.AUTHORIZED],
    ["CAPTURED", LATER, PaymentSessionStatus.CAPTURED],
    ["CAPTURE_DECLINED", LATER, PaymentSessionStatus.ERROR],
    ["VOIDED", LATER, PaymentSessionStatus.CANCELED],
    ["EXPIRED", undefined, PaymentSessionStatus.CANCELED],
  ])("%s (authorisation expires %s) -> %s", (paymentState, expiresAt, expected) => {
    expect(toSessionStatus(paymentState, expiresAt, NOW)).toBe(expected)
  })

  it.each([
    [CHECKOUT_OPEN, PaymentSessionStatus.PENDING],
    [CHECKOUT_NOT_CONFIRMED, PaymentSessionStatus.REQUIRES_MORE],
    [CHECKOUT_GONE, PaymentSessionStatus.CANCELED],
  ])("before there is a payment, the checkout's state %s -> %s", (checkoutState, expected) => {
    expect(toSessionStatus(checkoutState, undefined, NOW)).toBe(expected)
  })

  it("a partly captured payment past its 13 days counts as captured: the rest was voided", () => {
    expect(toSessionStatus("PARTIALLY_CAPTURED", EARLIER, NOW)).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("an approved authorisation without a known expiry stays authorized", () => {
    expect(toSessionStatus("AUTH_APPROVED", undefined, NOW)).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it("an approved authorisation past its 13 days is canceled even before the service says EXPIRED", () => {
    expect(toSessionStatus("AUTH_APPROVED", EARLIER, NOW)).toBe(PaymentSessionStatus.CANCELED)
  })

  it("expires at exactly its expiry time, not a millisecond before", () => {
    const expiresAt = NOW.toISOString()
    expect(toSessionStatus("AUTH_APPROVED", expiresAt, new Date(NOW.getTime() - 1))).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(toSessionStatus("AUTH_APPROVED", expiresAt, NOW)).toBe(PaymentSessionStatus.CANCELED)
  })

  it("reads an expiry with a time-zone offset as the same instant", () => {
    // 11:00 at +01:00 is 10:00Z: expired at NOW; 11:00:01 at +01:00 is not.
    expect(toSessionStatus("AUTH_APPROVED", "2026-11-21T11:00:00+01:00", NOW)).toBe(PaymentSessionStatus.CANCELED)
    expect(toSessionStatus("AUTH_APPROVED", "2026-11-21T11:00:01+01:00", NOW)).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it("the expiry does not change any other state", () => {
    expect(toSessionStatus("CAPTURED", EARLIER, NOW)).toBe(PaymentSessionStatus.CAPTURED)
    expect(toSessionStatus("AUTH_DECLINED", EARLIER, NOW)).toBe(PaymentSessionStatus.ERROR)
    expect(toSessionStatus("VOIDED", LATER, NOW)).toBe(PaymentSessionStatus.CANCELED)
  })

  it.each([undefined, "", "SOMETHING_NEW", "auth_approved"])("an unknown or missing state (%p) is pending, never authorized", (state) => {
    expect(toSessionStatus(state, LATER, NOW)).toBe(PaymentSessionStatus.PENDING)
  })

  it("uses the current time when none is given", () => {
    expect(toSessionStatus("AUTH_APPROVED", "2000-01-01T00:00:00Z")).toBe(PaymentSessionStatus.CANCELED)
    expect(toSessionStatus("AUTH_APPROVED", "2999-01-01T00:00:00Z")).toBe(PaymentSessionStatus.AUTHORIZED)
  })
})

describe("isExpired", () => {
  it("is true only when the expiry is known and has passed", () => {
    expect(isExpired(EARLIER, NOW)).toBe(true)
    expect(isExpired(NOW.toISOString(), NOW)).toBe(true)
    expect(isExpired(LATER, NOW)).toBe(false)
    expect(isExpired(undefined, NOW)).toBe(false)
    expect(isExpired("", NOW)).toBe(false)
  })

  it("does not call an unreadable date expired", () => {
    expect(isExpired("not a date", NOW)).toBe(false)
  })
})

describe("authorizationExpiry: the AUTH_APPROVED event's expires (docs/service-api.md, Events)", () => {
  it("takes the expiry of the AUTH_APPROVED event, whatever its position", () => {
    expect(
      authorizationExpiry({
        events: [
          { type: "CAPTURED", expires: "2026-01-01T00:00:00Z" },
          { type: "AUTH_APPROVED", expires: LATER, created: NOW.toISOString() },
        ],
      }),
    ).toBe(LATER)
  })

  it("is unknown without events or without an AUTH_APPROVED event", () => {
    expect(authorizationExpiry({})).toBeUndefined()
    expect(authorizationExpiry({ events: [] })).toBeUndefined()
    expect(authorizationExpiry({ events: [{ type: "AUTH_DECLINED" }] })).toBeUndefined()
  })
})
