/**
 * The money rules: the order page's partial capture, Capture the rest and the refund form check
 * a typed amount with them before anything is sent, and the core's movements apply the same rules.
 */
import {
  captureProblem,
  checkCaptureAmount,
  checkRefundAmount,
  currencyDecimals,
  refundableAmount,
  refundProblem,
  type CapturablePayment,
} from "../../../src/payments/money-rules"

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

const partly = { currency: "GBP", amounts: { captured: "50.00", refunded: "15.00" } }

describe("the Pay later box's refund checks (Medusa's dialog's and refund workflow's)", () => {
  it("takes up to what was captured and not refunded, written as the API writes amounts", () => {
    expect(refundableAmount(partly)).toBe("35.00")
    expect(checkRefundAmount(partly, " 10 ")).toEqual({ ok: true, amount: "10.00" })
    expect(checkRefundAmount(partly, "35")).toEqual({ ok: true, amount: "35.00" })
  })

  it("refuses, naming the field and the rule: not a number, too many decimals, 0, more than refundable, nothing left", () => {
    const problem = (payment: typeof partly, amount: string) => {
      const checked = checkRefundAmount(payment, amount)
      return checked.ok ? "ok" : `${checked.problem}: ${checked.message}`
    }
    expect(problem(partly, "ten")).toBe("not_a_number: amount must be a number in GBP such as 12.50")
    expect(problem(partly, "1.005")).toBe("too_many_decimals: amount must have at most 2 decimal places in GBP")
    expect(problem(partly, "0.00")).toBe("not_positive: amount must be more than 0")
    expect(problem(partly, "35.01")).toBe("more_than_refundable: amount 35.01 GBP is more than the 35.00 GBP captured and not yet refunded")
    const spent = { currency: "GBP", amounts: { captured: "20.00", refunded: "20.00" } }
    expect(problem(spent, "1")).toBe("nothing_refundable: Nothing captured is left to refund on this payment.")
  })
})

describe("the rules in minor units, as the core's money movements apply them", () => {
  it("a capture: more than 0, and at most what is open when that is known", () => {
    expect(captureProblem(0n)).toBe("not_positive")
    expect(captureProblem(1n)).toBeUndefined()
    expect(captureProblem(1n, 0n)).toBe("nothing_open")
    expect(captureProblem(3050n, 3049n)).toBe("more_than_open")
    expect(captureProblem(3049n, 3049n)).toBeUndefined()
  })

  it("a refund: more than 0, and at most captured less refunded", () => {
    expect(refundProblem(-1n, 5000n, 0n)).toBe("not_positive")
    expect(refundProblem(1n, 5000n, 5000n)).toBe("nothing_refundable")
    expect(refundProblem(3501n, 5000n, 1500n)).toBe("more_than_refundable")
    expect(refundProblem(3500n, 5000n, 1500n)).toBeUndefined()
  })
})
