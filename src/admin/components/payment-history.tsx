import { Badge, Text } from "@medusajs/ui"
import type { PaymentView } from "../lib/api"
import { formatMoney, formatTime } from "../lib/format"

/**
 * The Pay later box's record of a payment (docs/admin.md "Refund references" and "Timeline"):
 * each Medusa refund with the references the service got for it, and every try of every call
 * the plugin made about the payment, newest first.
 */

/** Each refund: amount, Medusa's reason and note, and the two references sent with it. */
export function RefundReferences({ payment }: { payment: PaymentView }) {
  if (!payment.refunds.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-3" data-testid="bnpl-refunds">
      <Text size="small" leading="compact" weight="plus">Refunds</Text>
      {payment.refunds.map((refund) => (
        <div key={refund.refundId} className="flex flex-col" data-testid="bnpl-refund">
          <Text size="small" leading="compact">
            {formatMoney(refund.amount, payment.currency)} · {formatTime(refund.createdAt)}
            {refund.reason ? ` · ${refund.reason}` : ""}
          </Text>
          {refund.note && <Text size="xsmall" className="text-ui-fg-subtle">{refund.note}</Text>}
          <Text size="xsmall" className="text-ui-fg-muted font-mono" data-testid="bnpl-refund-reference">
            Settlement reference: {refund.refundMerchantReference}
          </Text>
          <Text size="xsmall" className="text-ui-fg-muted font-mono">Merchant reference: {refund.merchantReference}</Text>
        </div>
      ))}
    </div>
  )
}

/** The calls to the service about the payment, newest first: time, operation, requestId, amount, outcome, duration, try. */
export function PaymentTimeline({ payment }: { payment: PaymentView }) {
  if (!payment.timeline.length) return null
  return (
    <details className="px-6 py-3" data-testid="bnpl-timeline">
      <summary className="cursor-pointer">
        <Text size="small" leading="compact" weight="plus" className="inline">
          Calls to the service ({payment.timeline.length})
        </Text>
      </summary>
      <ol className="mt-2 flex flex-col gap-y-2">
        {payment.timeline.map((entry, index) => (
          <li key={`${entry.at}-${entry.operation}-${entry.attempt}-${index}`} className="flex flex-col" data-testid="bnpl-timeline-entry">
            <div className="flex items-center justify-between gap-x-2">
              <Text size="small" leading="compact">
                {entry.operation}
                {entry.amount ? ` · ${formatMoney(entry.amount, entry.currency ?? payment.currency)}` : ""}
              </Text>
              <Badge size="2xsmall" color={entry.outcome === "ok" ? "green" : "red"}>
                {entry.httpStatus ?? ""} {entry.outcome === "ok" ? "" : entry.outcome}
              </Badge>
            </div>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {[formatTime(entry.at), `${entry.durationMs} ms`, entry.attempt > 1 ? `try ${entry.attempt}` : null, entry.requestId]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </li>
        ))}
      </ol>
    </details>
  )
}
