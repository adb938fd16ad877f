import { toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { checkCaptureAmount } from "../../payments/capture-amount"
import { errorMessage, payLaterApi, type PaymentView } from "../lib/api"
import { formatMoney } from "../lib/format"
import { AmountField } from "./amount-field"

/**
 * The Pay later box's partial capture: an amount in major units, up to what is open, captured
 * through Medusa's own `POST /admin/payments/:id/capture { amount }` so Medusa records the
 * capture (Medusa's own Capture button takes the whole amount). The capture-rest route's money
 * checks (expired authorisation, nothing open, more than open, the currency's decimals) run
 * as the admin types, so a refused amount is never sent.
 */
export function PartialCapture({ payment, onCaptured }: { payment: PaymentView; onCaptured: (updated: PaymentView) => void }) {
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const [amount, setAmount] = useState("")
  const checked = amount.trim() === "" ? undefined : checkCaptureAmount(payment, amount)
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
      toast.success(`${formatMoney(value, payment.currency)} captured.`)
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const submit = async () => {
    if (!checked?.ok) return
    const confirmed = await prompt({
      title: "Capture part of the payment?",
      description: `${formatMoney(checked.amount, payment.currency)} of the ${formatMoney(payment.amounts.openToCapture, payment.currency)} still authorised will be captured from the customer's pay later plan.`,
      confirmText: "Capture",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (confirmed) capture.mutate(checked.amount)
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-partial-capture">
      <AmountField
        id={`bnpl-capture-amount-${payment.paymentId}`}
        label={`Capture an amount (${payment.currency}, up to ${formatMoney(payment.amounts.openToCapture, payment.currency)})`}
        value={amount}
        onChange={setAmount}
        checked={checked}
        action="Capture"
        pending={capture.isPending}
        onSubmit={submit}
        testId="bnpl-capture-amount"
      />
    </div>
  )
}
