import { apiAmountToMinorUnits, minorUnitsToApiAmount, type Money } from "../client/money"
import type { INELIGIBLE_REASONS } from "../vocabulary"

/** Why the method is not offered. */
export { INELIGIBLE_REASONS } from "../vocabulary"
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number]

/** The currency an account serves (docs/service-api.md "What the service does", rule 2: accounts are per region). */
export function accountCurrency(options: { region: "UK" | "EU" }): "GBP" | "EUR" {
  return options.region === "UK" ? "GBP" : "EUR"
}

export interface Eligibility {
  eligible: boolean
  reason?: IneligibleReason
  /** API strings with 2 decimals. */
  minimumAmount: string
  maximumAmount: string
  currency: string
}

/** Whether an amount is inside the account's limits, inclusive, and in its currency (docs/service-api.md "Order amount limits"). */
export function checkEligibility(
  amountMinor: bigint,
  currency: string,
  accountCurrency: string,
  configuration: { minimumAmount: Money; maximumAmount: Money },
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

/** A currency no account serves: no limits, since another account's would read as this one's. */
export interface UnservedCurrency {
  eligible: false
  reason: "unsupported_currency"
  currency: string
}

export function unservedCurrency(currency: string): UnservedCurrency {
  return { eligible: false, reason: "unsupported_currency", currency: currency.toUpperCase() }
}

/** An account the merchant turned off: no limits, since nothing is offered whatever the amount. */
export interface DisabledAccount {
  eligible: false
  reason: "disabled"
  currency: string
}

export function disabledAccount(currency: string): DisabledAccount {
  return { eligible: false, reason: "disabled", currency: currency.toUpperCase() }
}
