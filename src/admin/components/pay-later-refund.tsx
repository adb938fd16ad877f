import { Select, Textarea } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { checkRefundAmount } from "../../payments/money-rules"
import { payLaterApi, type PaymentView } from "../lib/api"
import { useAmountAction } from "../lib/amount-action"
import { formatMoney } from "../lib/format"
import { AmountField } from "./amount-field"

/**
 * Refunds up to the refundable amount with a Medusa refund reason and note, through Medusa's
 * refund workflow so its payment section lists it. Medusa's own Refund waits for a full capture
 * and is off once the rest is voided; this is not. Checked as typed.
 */
export function PayLaterRefund({ payment, onRefunded }: { payment: PaymentView; onRefunded: (updated: PaymentView) => void }) {
  const { t } = useTranslation()
  const [reasonId, setReasonId] = useState<string | undefined>(undefined)
  const [note, setNote] = useState("")
  const reasons = useQuery({ queryKey: ["bnpl", "refund-reasons"], queryFn: () => payLaterApi.refundReasons() })
  const refundable = formatMoney(payment.amounts.refundable, payment.currency)
  const form = useAmountAction({
    currency: payment.currency,
    check: (typed) => checkRefundAmount(payment, typed),
    limits: { refundable: payment.amounts.refundable },
    confirmation: (amount) => ({
      title: t("bnpl.actions.refundTitle"),
      description: t("bnpl.actions.refundDescription", { amount: formatMoney(amount, payment.currency), refundable }),
      confirmText: t("bnpl.actions.refund"),
    }),
    send: (value: string) =>
      payLaterApi.refund(payment.paymentId, { amount: value, refund_reason_id: reasonId, note: note.trim() || undefined }),
    onSent: ({ payment: updated }) => {
      onRefunded(updated)
      setNote("")
      setReasonId(undefined)
    },
    sentText: (amount) => t("bnpl.actions.refunded", { amount }),
  })
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-refund-form">
      <AmountField
        id={`bnpl-refund-amount-${payment.paymentId}`}
        label={t("bnpl.actions.refundLabel", { currency: payment.currency, maximum: refundable })}
        placeholder={t("bnpl.actions.amountPlaceholder")}
        value={form.amount}
        onChange={form.setAmount}
        checked={form.checked}
        action={t("bnpl.actions.refund")}
        pending={form.pending}
        onSubmit={form.submit}
        testId="bnpl-refund-amount"
      />
      <Select size="small" value={reasonId} onValueChange={setReasonId}>
        <Select.Trigger aria-label={t("bnpl.actions.refundReason")} data-testid="bnpl-refund-reason">
          <Select.Value placeholder={t("bnpl.actions.refundReasonOptional")} />
        </Select.Trigger>
        <Select.Content>
          {(reasons.data?.refund_reasons ?? []).map((reason) => (
            <Select.Item key={reason.id} value={reason.id}>
              {reason.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
      <Textarea
        aria-label={t("bnpl.actions.note")}
        placeholder={t("bnpl.actions.noteOptional")}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={2}
        data-testid="bnpl-refund-note"
      />
    </div>
  )
}
