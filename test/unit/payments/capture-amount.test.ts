/**
 * The money checks of the order page's partial capture and of Capture the rest: what the
 * admin sees before anything is sent.
 */
import { checkCaptureAmount, currencyDecimals, type CapturablePayment } from "../../../src/payments/capture-amount"

const now = new Date("2026-11-26T12:00:00Z")
const payment = (overrides: Partial<CapturablePayment> = {}): CapturablePayment => ({
  state: "partly_captured",
  currency: "GBP",
  amounts: { openToCapture: "30.49" },
  authorizationExpiresAt: "2026-12-05T12:00:00Z",
  ...overrides,
})

it("accepts an amount up to what is open and writes it as the API does", () => {
  expect(checkCaptureAmount(payment(), "12.3", now)).toEqual({ ok: true, amount: "12.30" })
  expect(checkCaptureAmount(payment(), " 30.49 ", now)).toEqual({ ok: true, amount: "30.49" })
})

it("refuses more than is open, naming both amounts", () => {
  expect(checkCaptureAmount(payment(), "30.50", now)).toEqual({
    ok: false,
    problem: "more_than_open",
    message: "amount 30.50 GBP is more than the 30.49 GBP open to capture",
  })
})

it("refuses more decimals than the currency has, and what is not a positive number", () => {
  expect(checkCaptureAmount(payment(), "10.005", now)).toMatchObject({
    ok: false,
    problem: "too_many_decimals",
    message: "amount must have at most 2 decimal places in GBP",
  })
  expect(checkCaptureAmount(payment(), "1e3", now)).toMatchObject({ ok: false, problem: "not_a_number" })
  expect(checkCaptureAmount(payment(), "-5", now)).toMatchObject({ ok: false, problem: "not_a_number" })
  expect(checkCaptureAmount(payment(), "0.00", now)).toMatchObject({ ok: false, problem: "not_positive" })
  expect(currencyDecimals("JPY")).toBe(0)
  expect(checkCaptureAmount(payment({ currency: "JPY" }), "10.5", now)).toMatchObject({ problem: "too_many_decimals" })
})

it("refuses an expired authorisation before anything else about the payment", () => {
  expect(checkCaptureAmount(payment({ authorizationExpiresAt: "2026-11-26T11:59:59Z" }), "5", now)).toMatchObject({
    ok: false,
    problem: "authorization_expired",
  })
  expect(checkCaptureAmount(payment({ state: "expired", authorizationExpiresAt: null }), "5", now)).toMatchObject({
    problem: "authorization_expired",
  })
})

it("refuses a payment with nothing open", () => {
  expect(checkCaptureAmount(payment({ state: "captured", amounts: { openToCapture: "0.00" } }), "1", now)).toMatchObject({
    ok: false,
    problem: "nothing_open",
  })
})
