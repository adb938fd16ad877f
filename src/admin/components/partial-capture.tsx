import { useTranslation } from "react-i18next"
import { checkCaptureAmount } from "../../payments/money-rules"
import { payLaterApi, type PaymentView } from "../lib/api"
import { useAmountAction } from "../lib/amount-action"
import { formatMoney } from "../lib/format"
import { AmountField } from "./amount-field"

/**
 * Captures an amount (major units) up to what is open, through Medusa's capture route so Medusa
 * records it (its own button takes the whole amount). Checked as typed: a refused amount is never sent.
 */
export function PartialCapture({ payment, onCaptured }: { payment: PaymentView; onCaptured: (updated: PaymentView) => void }) {
  const { t } = useTranslation()
  const open = formatMoney(payment.amounts.openToCapture, payment.currency)
  const form = useAmountAction({
    currency: payment.currency,
    check: (typed) => checkCaptureAmount(payment, typed),
    limits: { authorizationExpiresAt: payment.authorizationExpiresAt, open: payment.amounts.openToCapture },
    confirmation: (amount) => ({
      title: t("bnpl.actions.captureTitle"),
      description: t("bnpl.actions.captureDescription", { amount: formatMoney(amount, payment.currency), open }),
      confirmText: t("bnpl.actions.capture"),
    }),
    send: async (value: string) => {
      await payLaterApi.capturePayment(payment.paymentId, value)
      // The service's answer changed: read it again for the box.
      return (await payLaterApi.refreshPayment(payment.paymentId)).payment
    },
    onSent: (updated) => onCaptured(updated),
    sentText: (amount) => t("bnpl.actions.captured", { amount }),
  })
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-partial-capture">
      <AmountField
        id={`bnpl-capture-amount-${payment.paymentId}`}
        label={t("bnpl.actions.captureLabel", { currency: payment.currency, maximum: open })}
        placeholder={t("bnpl.actions.amountPlaceholder")}
        value={form.amount}
        onChange={form.setAmount}
        checked={form.checked}
        action={t("bnpl.actions.capture")}
        pending={form.pending}
        onSubmit={form.submit}
        testId="bnpl-capture-amount"
      />
    </div>
  )
}
