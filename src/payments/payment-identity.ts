import type { Payment } from "../client/schemas"
import { PaymentError } from "./errors"
import type { BnplPaymentData } from "./session-data"

/**
 * Whether a payment the service answered is the one a Medusa payment (or session) describes,
 * before the plugin shows it or acts on it. Two things must hold:
 * - the payment's data was made with this account (its `merchantId`, recorded since several
 *   accounts; docs/service-api.md "What the service does", rule 2): another account's credentials would reach another
 *   merchant's order of the same id;
 * - the service's payment was made from the session's checkout: its `token`
 *   (docs/service-api.md "Payment (order)") is the data's `token`. A service whose
 *   data was reset (a sandbox started empty beside a kept database) gives its order ids out
 *   again, so an id alone may name another shopper's payment.
 * A payment without a `token` in the answer, or data without one (a session never started),
 * cannot be compared on it and passes that part.
 * @param account the merchant id of the account that reads the payment (never its secret).
 * @returns undefined when the payment is the data's, else PaymentError `payment_mismatch`
 *   whose message names the service order, both checkouts or both accounts, and says nothing was done.
 */
export function checkSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {}
): PaymentError | undefined {
  if (account.merchantId && data.merchantId && data.merchantId !== account.merchantId) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: this payment was made with merchant account ${data.merchantId}, not with ${account.merchantId}, the account of this payment provider; nothing was done. Keep that account's provider entry in medusa-config (docs/configuration.md, "Several accounts").`
    )
  }
  if (payment && payment.token && data.token && payment.token !== data.token) {
    return new PaymentError(
      "payment_mismatch",
      `medusa-payment-bnpl: service order ${payment.id} is not this payment's: the service made it from checkout ${payment.token}, and this payment's checkout is ${data.token}. Nothing was done with it. The service's data was probably reset (a sandbox started empty beside a kept database) and gave the order id out again; see docs/troubleshooting.md.`
    )
  }
  return undefined
}

/**
 * As `checkSessionPayment`, throwing its error.
 * @throws PaymentError `payment_mismatch`.
 */
export function assertSessionPayment(
  data: Pick<BnplPaymentData, "merchantId" | "token" | "orderId">,
  payment: Pick<Payment, "id" | "token"> | undefined,
  account: { merchantId?: string } = {}
): void {
  const mismatch = checkSessionPayment(data, payment, account)
  if (mismatch) throw mismatch
}
