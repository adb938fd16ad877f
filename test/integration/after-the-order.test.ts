import afterOrderTests from "./default-store/after-order"
import partialCaptureTests from "./default-store/partial-capture"
import moneyRacesTests from "./default-store/money-races"
import refundLostAnswersTests from "./default-store/refund-lost-answers"
import canceledOrderRepairTests from "./default-store/canceled-order-repair"
import paymentIdentityTests from "./default-store/payment-identity"
import paymentTimelineTests from "./default-store/payment-timeline"
import adminRoutesTests from "./default-store/admin-routes"
import accountSettingsTests from "./default-store/account-settings"
import orderChangesTests from "./default-store/order-changes"
import voidRestRacesTests from "./default-store/void-rest-races"
import moneyInputEdgesTests from "./default-store/money-input-edges"
import { describeStore } from "../support/store-suite"

// The longest time-out any of these files had on its own (completion-races and money-races).
jest.setTimeout(600_000)

/**
 * After the order: captures (partial and racing), refunds with lost answers, cancels and their
 * repair, the payment's identity and timeline, and the admin's routes and settings.
 * One store (the default options) boots once for all of these files: Medusa's runner
 * restores its database before each test, and each test gets a reset sandbox and a new seed
 * (test/support/store-suite.ts). Run one file's tests with `-t "<file name>"`.
 */
describeStore({}, (suite) => {
  describe("after-order", () => afterOrderTests(suite))
  describe("partial-capture", () => partialCaptureTests(suite))
  describe("money-races", () => moneyRacesTests(suite))
  describe("refund-lost-answers", () => refundLostAnswersTests(suite))
  describe("canceled-order-repair", () => canceledOrderRepairTests(suite))
  describe("payment-identity", () => paymentIdentityTests(suite))
  describe("payment-timeline", () => paymentTimelineTests(suite))
  describe("admin-routes", () => adminRoutesTests(suite))
  describe("account-settings", () => accountSettingsTests(suite))
  describe("order-changes", () => orderChangesTests(suite))
  describe("void-rest-races", () => voidRestRacesTests(suite))
  describe("money-input-edges", () => moneyInputEdgesTests(suite))
})
