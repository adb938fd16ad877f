import { currencyDecimals } from "../../payments/capture-amount"
import { formatDate, formatMoney } from "./format"
import type { Translate } from "./settings-words"

/**
 * The Pay later box's typed amounts in the admin's language: a decimal comma read as the
 * point the checks take ("12,50" as "12.50": French, German, Spanish, Italian and Dutch admins
 * type it so), and a refused amount's reason in the dashboard's language (i18n/box-actions.ts,
 * keys under `bnpl.problems`), the checks' own English message where the language has none.
 */

/** "12,50" -> "12.50"; anything else as typed (the checks refuse what is not a number). */
export function typedAmount(text: string): string {
  return text.trim().replace(/^(\d+),(\d+)$/, "$1.$2")
}

/** Why `problem` refused the amount, in words, with the payment's currency, open or refundable amount and expiry filled in. */
export function amountProblemText(
  t: Translate,
  check: { problem: string; message: string },
  payment: { currency: string; authorizationExpiresAt?: string | null; open?: string; refundable?: string }
): string {
  const currency = payment.currency.toUpperCase()
  return t(`bnpl.problems.${check.problem}`, {
    defaultValue: check.message,
    currency,
    decimals: currencyDecimals(currency),
    example: formatMoney("12.50", currency).replace(/[^\d.,\s]/g, "").trim(),
    open: payment.open === undefined ? "" : formatMoney(payment.open, currency),
    refundable: payment.refundable === undefined ? "" : formatMoney(payment.refundable, currency),
    date: formatDate(payment.authorizationExpiresAt),
  })
}
