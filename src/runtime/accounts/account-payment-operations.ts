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

/**
 * The payments core for one merchant account, wired to the store: the account's limits (cached
 * Get Configuration), its money records, its service orders' identities and the checkouts it made (approved-carts.ts) in the plugin's module, the reason and note of
 * Medusa's refunds (sent as the refund's references), the payment's lock across instances, and
 * the settings a merchant saved in the admin (effective-settings.ts). The provider and the jobs
 * that move money build it the same way, so a job's capture or refund is the provider's,
 * requestIds and records included.
 */
export function paymentOperationsFor(
  account: { options: BnplOptions; client: BnplClient; providerId?: string },
  shared: { cache: () => CacheLike | undefined; logger?: LoggerLike }
): PaymentOperations {
  const { options, client, providerId } = account
  return new PaymentOperations({
    client,
    options,
    // The capture mode and on/off a merchant may change in the admin; none without a provider id (outside an app).
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

/**
 * The PaymentOperations of an account of the plugin's runtime, built once per account with
 * `paymentOperationsFor`: the same records, lock, cache and settings as the account's payment
 * provider builds its own with, so work started elsewhere in the process (the session
 * middleware's early checkout, an order change's approval) is the provider's.
 */
export function paymentOperationsForAccount(account: AccountRuntime): PaymentOperations {
  let operations = ofAccount.get(account)
  if (!operations) {
    operations = paymentOperationsFor(account, { cache: () => account.cache, logger: account.logger })
    ofAccount.set(account, operations)
  }
  return operations
}
