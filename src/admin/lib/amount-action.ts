import { toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { AmountCheck, AmountProblem } from "../../payments/money-rules"
import { errorMessage } from "./api"
import { amountProblemText, typedAmount } from "./amount-words"
import { formatMoney } from "./format"

/** What a money form of the box says and does around its typed amount (major units as typed). */
export interface AmountAction<Result> {
  currency: string
  /** The money rule for the typed amount (`money-rules.ts`). */
  check: (typed: string) => AmountCheck<AmountProblem>
  /** What the refusal's words may name: the open or refundable amount, the expiry. */
  limits: { authorizationExpiresAt?: string | null; open?: string; refundable?: string }
  /** The confirmation's title, text and button for the checked API amount string. */
  confirmation: (amount: string) => { title: string; description: string; confirmText: string }
  send: (amount: string) => Promise<Result>
  /** After the money moved: the box's new figures; `amount` is the API string sent. */
  onSent: (result: Result, amount: string) => void
  /** The toast's words for the amount as the admin reads it. */
  sentText: (formatted: string) => string
}

/**
 * The typed amount of a capture or refund form: checked as typed by the money rule (a refused
 * amount is never sent), confirmed in Medusa's prompt, sent, then Medusa's order sections read again.
 */
export function useAmountAction<Result>(action: AmountAction<Result>) {
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const { t } = useTranslation()
  const [amount, setAmount] = useState("")
  const rule = amount.trim() === "" ? undefined : action.check(typedAmount(amount))
  const checked =
    rule && (rule.ok ? rule : { ok: false as const, message: amountProblemText(t, rule, { currency: action.currency, ...action.limits }) })
  const mutation = useMutation({
    mutationFn: action.send,
    onSuccess: (result, value) => {
      action.onSent(result, value)
      setAmount("")
      // Medusa's own payment section and summary show the change too.
      queryClient.invalidateQueries({ queryKey: ["orders"] })
      toast.success(action.sentText(formatMoney(value, action.currency)))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const submit = async () => {
    if (!rule?.ok) return
    const confirmed = await prompt({ ...action.confirmation(rule.amount), cancelText: t("bnpl.actions.cancel"), variant: "confirmation" })
    if (confirmed) mutation.mutate(rule.amount)
  }
  return { amount, setAmount, checked, pending: mutation.isPending, submit }
}
