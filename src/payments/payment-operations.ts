import { authorize } from "./authorise"
import { capture } from "./capture"
import { keepSession, startCheckout } from "./checkout"
import { continueExpressCheckout, startExpressCheckout } from "./express"
import { assertOwnPayment, createPaymentContext, type PaymentContext, type PaymentCoreDependencies, type PaymentResult } from "./payment-context"
import { narrowApproval } from "./narrow"
import { refresh, status } from "./read"
import { refund } from "./refund"
import type { BnplPaymentData } from "./session-data"
import { cancel, releaseSession } from "./void"

export { projectApproval, REPLAYED_APPROVAL_AGE_MS } from "./authorise"
export type { PaymentCoreDependencies, PaymentCoreOptions, PaymentResult } from "./payment-context"

/**
 * The payment logic of the plugin, with no Medusa in it: every operation a store makes on a
 * pay-later payment, from the checkout to the void, against the Merchant API v2
 * (docs/service-api.md; docs/service-api.md). Amounts are minor units (bigint) in and
 * API strings in the data; `data` is the payment session's or payment's data
 * (session-data.ts). Each operation returns the new data, never changing its input.
 *
 * One file per operation (checkout.ts, authorise.ts, capture.ts, refund.ts, void.ts,
 * read.ts) around the payment facts of payment-state.ts; this class holds their shared
 * context and is the shape the provider (providers/bnpl/service.ts) calls. Every
 * money-moving call carries a requestId from request-ids.ts; capture, refund and void of one
 * service order run under `withLock`.
 * @throws PaymentError (errors.ts) with a machine-readable reason, from every operation.
 */
export class PaymentOperations {
  private readonly context: PaymentContext

  constructor(deps: PaymentCoreDependencies) {
    this.context = createPaymentContext(deps)
  }

  /** See checkout.ts `startCheckout`. */
  startCheckout(input: Parameters<typeof startCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startCheckout(this.context, input)
  }

  /** See express.ts `startExpressCheckout`. */
  startExpressCheckout(input: Parameters<typeof startExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return startExpressCheckout(this.context, input)
  }

  /** See express.ts `continueExpressCheckout`. */
  continueExpressCheckout(input: Parameters<typeof continueExpressCheckout>[1]): Promise<PaymentResult & { token: string }> {
    return continueExpressCheckout(this.context, input)
  }

  /** See checkout.ts `keepSession`. */
  keepSession(input: Parameters<typeof keepSession>[0]): PaymentResult {
    return keepSession(input)
  }

  /** See authorise.ts `authorize`. */
  authorize(input: Parameters<typeof authorize>[1]): Promise<PaymentResult> {
    return authorize(this.context, input)
  }

  /** See capture.ts `capture`. */
  capture(input: Parameters<typeof capture>[1]) {
    return capture(this.context, input)
  }

  /** See refund.ts `refund`. */
  refund(input: Parameters<typeof refund>[1]) {
    return refund(this.context, input)
  }

  /** See void.ts `cancel`. */
  cancel(input: Parameters<typeof cancel>[1]) {
    return cancel(this.context, input)
  }

  /** See narrow.ts `narrowApproval`: keeps `keepMinor` of the approval open and voids the rest. */
  narrowApproval(input: { data: BnplPaymentData; keepMinor: bigint; carriedApprovalId: string }): Promise<BnplPaymentData> {
    assertOwnPayment(this.context, input.data)
    return narrowApproval(this.context, input.data, input.keepMinor, input.carriedApprovalId)
  }

  /** See void.ts `releaseSession`. */
  releaseSession(input: Parameters<typeof releaseSession>[0]) {
    return releaseSession(input)
  }

  /** See read.ts `status`. */
  status(input: Parameters<typeof status>[1]): Promise<PaymentResult> {
    return status(this.context, input)
  }

  /** See read.ts `refresh`. */
  refresh(input: Parameters<typeof refresh>[1]) {
    return refresh(this.context, input)
  }
}
