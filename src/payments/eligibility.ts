import { apiAmountToMinorUnits, minorUnitsToApiAmount, type Money } from "../client/money"
import type { INELIGIBLE_REASONS } from "../vocabulary"

/** Why the method is not offered (vocabulary.ts); goods the merchant excluded: payments/exclusions.ts. */
export { INELIGIBLE_REASONS } from "../vocabulary"
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number]

/** The currency an account serves (docs/service-api.md "What the service does", rule 2: accounts are per region). */
export function accountCurrency(options: { region: "UK" | "EU" }): "GBP" | "EUR" {
  return options.region === "UK" ? "GBP" : "EUR"
}

export interface Eligibility {
  eligible: boolean
  reason?: IneligibleReason
  /** API strings, major units. */
  minimumAmount: string
  maximumAmount: string
  currency: string
}

/**
 * Whether an amount may be paid with the service: inside `minimumAmount`..`maximumAmount`
 * inclusive and in the account's currency (docs/service-api.md "Order amount limits", and
 * rule 2: accounts are per region).
 */
export function checkEligibility(
  amountMinor: bigint,
  currency: string,
  accountCurrency: string,
  configuration: { minimumAmount: Money; maximumAmount: Money }
): Eligibility {
  const minimum = apiAmountToMinorUnits(configuration.minimumAmount.amount, "minimumAmount")
  const maximum = apiAmountToMinorUnits(configuration.maximumAmount.amount, "maximumAmount")
  const base = {
    minimumAmount: minorUnitsToApiAmount(minimum),
    maximumAmount: minorUnitsToApiAmount(maximum),
    currency: accountCurrency,
  }
  if (currency.toUpperCase() !== accountCurrency.toUpperCase()) {
    return { eligible: false, reason: "unsupported_currency", ...base }
  }
  if (amountMinor < minimum) return { eligible: false, reason: "below_minimum", ...base }
  if (amountMinor > maximum) return { eligible: false, reason: "above_maximum", ...base }
  return { eligible: true, ...base }
}

/**
 * The answer for a currency no account serves (rule 2: one currency per account): not
 * eligible, and no limits, since no account's limits apply to it. `currency` is the one asked
 * about, upper-cased (another account's currency and limits would read as this one's).
 */
export interface UnservedCurrency {
  eligible: false
  reason: "unsupported_currency"
  currency: string
}

export function unservedCurrency(currency: string): UnservedCurrency {
  return { eligible: false, reason: "unsupported_currency", currency: currency.toUpperCase() }
}

/**
 * The answer for an account the merchant turned off in Settings -> Pay later: not eligible,
 * without limits (nothing is offered whatever the amount). `currency`: the account's.
 */
export interface DisabledAccount {
  eligible: false
  reason: "disabled"
  currency: string
}

export function disabledAccount(currency: string): DisabledAccount {
  return { eligible: false, reason: "disabled", currency: currency.toUpperCase() }
}
