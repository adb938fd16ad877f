import type { BnplClient } from "../../client/index"
import type { BnplOptions } from "../../options"
import type { CheckoutMade } from "../../payments/payment-context"
import { PaymentOperations } from "../../payments/payment-operations"
import { recordCheckoutMade } from "../records/approved-carts"
import { accountHash } from "../infrastructure/account-hash"
import type { AccountRuntime } from "./plugin-runtime"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"
import { getConfiguration } from "./configuration"
import { effectiveSettings } from "../config/effective-settings"
import { readMedusaRefundNotes } from "../records/medusa-refunds"
import { DatabaseMoneyRecords } from "../records/money-records"
import { DatabasePaymentIdentities } from "../records/payment-identities"
import { withPaymentLock } from "../infrastructure/payment-lock"

/** The payments core for one account, wired to the store; provider and jobs build it alike, so their requestIds match. */
export function paymentOperationsFor(
  account: { options: BnplOptions; client: BnplClient; providerId?: string },
  shared: { cache: () => CacheLike | undefined; logger?: LoggerLike },
): PaymentOperations {
  const { options, client, providerId } = account
  return new PaymentOperations({
    client,
    options,
    // Saved settings need a provider id (none outside an app).
    ...(providerId ? { readSettings: () => effectiveSettings({ providerId, options }, { logger: shared.logger }) } : {}),
    readLimits: () => getConfiguration(client, options, { cache: shared.cache(), logger: shared.logger }),
    records: new DatabaseMoneyRecords(accountHash(options)),
    identities: new DatabasePaymentIdentities(accountHash(options)),
    refundNotes: readMedusaRefundNotes,
    withLock: withPaymentLock,
    // Outside an app (no provider id) nothing completes a cart, so nothing reads the record.
    ...(providerId ? { recordCheckout: (checkout: CheckoutMade) => recordCheckoutMade(providerId, checkout) } : {}),
    logger: shared.logger,
  })
}

const ofAccount = new WeakMap<AccountRuntime, PaymentOperations>()

/** An account's PaymentOperations, built once, so work started elsewhere (the early checkout, an order change) is the provider's. */
export function paymentOperationsForAccount(account: AccountRuntime): PaymentOperations {
  let operations = ofAccount.get(account)
  if (!operations) {
    operations = paymentOperationsFor(account, { cache: () => account.cache, logger: account.logger })
    ofAccount.set(account, operations)
  }
  return operations
}
