import { currencyDecimals } from "../../payments/money-rules"
import { formatDate, formatMoney } from "./format"
import type { Translate } from "./settings-words"

/** "12,50" -> "12.50", as European admins type it; anything else as typed (the checks refuse it). */
export function typedAmount(text: string): string {
  return text.trim().replace(/^(\d+),(\d+)$/, "$1.$2")
}

/** Why the amount was refused, in the dashboard's language, else the check's English message. */
export function amountProblemText(
  t: Translate,
  check: { problem: string; message: string },
  payment: { currency: string; authorizationExpiresAt?: string | null; open?: string; refundable?: string },
): string {
  const currency = payment.currency.toUpperCase()
  return t(`bnpl.problems.${check.problem}`, {
    defaultValue: check.message,
    currency,
    decimals: currencyDecimals(currency),
    example: formatMoney("12.50", currency)
      .replace(/[^\d.,\s]/g, "")
      .trim(),
    open: payment.open === undefined ? "" : formatMoney(payment.open, currency),
    refundable: payment.refundable === undefined ? "" : formatMoney(payment.refundable, currency),
    date: formatDate(payment.authorizationExpiresAt),
  })
}
