import { Select, Textarea, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { checkRefundAmount } from "../../payments/money-rules"
import { errorMessage, payLaterApi, type PaymentView } from "../lib/api"
import { amountProblemText, typedAmount } from "../lib/amount-words"
import { formatMoney } from "../lib/format"
import { AmountField } from "./amount-field"

/**
 * Refunds up to the refundable amount with a Medusa refund reason and note, through Medusa's
 * refund workflow so its payment section lists it. Medusa's own Refund waits for a full capture
 * and is off once the rest is voided; this is not. Checked as typed.
 */
export function PayLaterRefund({ payment, onRefunded }: { payment: PaymentView; onRefunded: (updated: PaymentView) => void }) {
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const { t } = useTranslation()
  const [amount, setAmount] = useState("")
  const [reasonId, setReasonId] = useState<string | undefined>(undefined)
  const [note, setNote] = useState("")
  const reasons = useQuery({ queryKey: ["bnpl", "refund-reasons"], queryFn: () => payLaterApi.refundReasons() })
  const checked = amount.trim() === "" ? undefined : checkRefundAmount(payment, typedAmount(amount))
  const refundable = formatMoney(payment.amounts.refundable, payment.currency)
  const refund = useMutation({
    mutationFn: (value: string) =>
      payLaterApi.refund(payment.paymentId, { amount: value, refund_reason_id: reasonId, note: note.trim() || undefined }),
    onSuccess: ({ payment: updated }, value) => {
      onRefunded(updated)
      setAmount("")
      setNote("")
      setReasonId(undefined)
      // Medusa's own payment section and summary show the refund too.
      queryClient.invalidateQueries({ queryKey: ["orders"] })
      toast.success(t("bnpl.actions.refunded", { amount: formatMoney(value, payment.currency) }))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const submit = async () => {
    if (!checked?.ok) return
    const confirmed = await prompt({
      title: t("bnpl.actions.refundTitle"),
      description: t("bnpl.actions.refundDescription", { amount: formatMoney(checked.amount, payment.currency), refundable }),
      confirmText: t("bnpl.actions.refund"),
      cancelText: t("bnpl.actions.cancel"),
      variant: "confirmation",
    })
    if (confirmed) refund.mutate(checked.amount)
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-refund-form">
      <AmountField
        id={`bnpl-refund-amount-${payment.paymentId}`}
        label={t("bnpl.actions.refundLabel", { currency: payment.currency, maximum: refundable })}
        placeholder={t("bnpl.actions.amountPlaceholder")}
        value={amount}
        onChange={setAmount}
        checked={
          checked &&
          (checked.ok
            ? checked
            : { ok: false, message: amountProblemText(t, checked, { ...payment, refundable: payment.amounts.refundable }) })
        }
        action={t("bnpl.actions.refund")}
        pending={refund.isPending}
        onSubmit={submit}
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
