import checkoutTests from "./default-store/checkout"
import completionTests from "./default-store/completion"
import completionRacesTests from "./default-store/completion-races"
import expressTests from "./default-store/express"
import payLaterAgainTests from "./default-store/pay-later-again"
import authAmountMismatchTests from "./default-store/auth-amount-mismatch"
import badInputTests from "./default-store/bad-input"
import hostileRequestsTests from "./default-store/hostile-requests"
import securityTests from "./default-store/security"
import { describeStore } from "../support/store-suite"

// The longest time-out any of these files had on its own (completion-races and money-races).
jest.setTimeout(600_000)

/**
 * The shopper's side: checkout, the return and completion (with its races), express checkout,
 * bad input, and the attacks on the store routes.
 * One store (the default options) boots once for all of these files: Medusa's runner
 * restores its database before each test, and each test gets a reset sandbox and a new seed
 * (test/support/store-suite.ts). Run one file's tests with `-t "<file name>"`.
 */
describeStore({}, (suite) => {
  describe("checkout", () => checkoutTests(suite))
  describe("completion", () => completionTests(suite))
  describe("completion-races", () => completionRacesTests(suite))
  describe("express", () => expressTests(suite))
  describe("pay-later-again", () => payLaterAgainTests(suite))
  describe("auth-amount-mismatch", () => authAmountMismatchTests(suite))
  describe("bad-input", () => badInputTests(suite))
  describe("hostile-requests", () => hostileRequestsTests(suite))
  describe("security", () => securityTests(suite))
})
