import { formatAmount, toMinorUnits } from "medusa-payment-bnpl-storefront"

/** A Medusa major-unit amount as the shopper reads it, through the kit's exact formatting. */
export const money = (amount: number, currency: string) => formatAmount(toMinorUnits(amount), currency, "en-GB")
