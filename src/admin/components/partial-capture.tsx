import { toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { checkCaptureAmount } from "../../payments/money-rules"
import { errorMessage, payLaterApi, type PaymentView } from "../lib/api"
import { amountProblemText, typedAmount } from "../lib/amount-words"
import { formatMoney } from "../lib/format"
import { AmountField } from "./amount-field"

/**
 * Captures an amount (major units) up to what is open, through Medusa's capture route so Medusa
 * records it (its own button takes the whole amount). Checked as typed: a refused amount is never sent.
 */
export function PartialCapture({ payment, onCaptured }: { payment: PaymentView; onCaptured: (updated: PaymentView) => void }) {
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const { t } = useTranslation()
  const [amount, setAmount] = useState("")
  const checked = amount.trim() === "" ? undefined : checkCaptureAmount(payment, typedAmount(amount))
  const open = formatMoney(payment.amounts.openToCapture, payment.currency)
  const capture = useMutation({
    mutationFn: async (value: string) => {
      await payLaterApi.capturePayment(payment.paymentId, value)
      // The service's answer changed: read it again for the box.
      return (await payLaterApi.refreshPayment(payment.paymentId)).payment
    },
    onSuccess: (updated, value) => {
      onCaptured(updated)
      setAmount("")
      // Medusa's own payment section shows the new capture too.
      queryClient.invalidateQueries({ queryKey: ["orders"] })
      toast.success(t("bnpl.actions.captured", { amount: formatMoney(value, payment.currency) }))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const submit = async () => {
    if (!checked?.ok) return
    const confirmed = await prompt({
      title: t("bnpl.actions.captureTitle"),
      description: t("bnpl.actions.captureDescription", { amount: formatMoney(checked.amount, payment.currency), open }),
      confirmText: t("bnpl.actions.capture"),
      cancelText: t("bnpl.actions.cancel"),
      variant: "confirmation",
    })
    if (confirmed) capture.mutate(checked.amount)
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-partial-capture">
      <AmountField
        id={`bnpl-capture-amount-${payment.paymentId}`}
        label={t("bnpl.actions.captureLabel", { currency: payment.currency, maximum: open })}
        placeholder={t("bnpl.actions.amountPlaceholder")}
        value={amount}
        onChange={setAmount}
        checked={
          checked &&
          (checked.ok
            ? checked
            : { ok: false, message: amountProblemText(t, checked, { ...payment, open: payment.amounts.openToCapture }) })
        }
        action={t("bnpl.actions.capture")}
        pending={capture.isPending}
        onSubmit={submit}
        testId="bnpl-capture-amount"
      />
    </div>
  )
}
