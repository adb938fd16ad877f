import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { PaymentView } from "../lib/api"
import { formatMoney, formatTime } from "../lib/format"

/** Each refund: amount, Medusa's reason and note, and the two references sent with it. */
export function RefundReferences({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation()
  if (!payment.refunds.length) return null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-3" data-testid="bnpl-refunds">
      <Text size="small" leading="compact" weight="plus">
        {t("bnpl.actions.refunds")}
      </Text>
      {payment.refunds.map((refund) => (
        <div key={refund.refundId} className="flex flex-col" data-testid="bnpl-refund">
          <Text size="small" leading="compact">
            {formatMoney(refund.amount, payment.currency)} · {formatTime(refund.createdAt)}
            {refund.reason ? ` · ${refund.reason}` : ""}
          </Text>
          {refund.note && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              {refund.note}
            </Text>
          )}
          <Text size="xsmall" className="text-ui-fg-muted font-mono" data-testid="bnpl-refund-reference">
            {t("bnpl.actions.settlementReference", { reference: refund.refundMerchantReference })}
          </Text>
          <Text size="xsmall" className="text-ui-fg-muted font-mono">
            {t("bnpl.actions.merchantReference", { reference: refund.merchantReference })}
          </Text>
        </div>
      ))}
    </div>
  )
}

/** Reads of the service: they move no money, and a box's refresh makes one each time. */
const READS = new Set(["Get Payment", "Get Payment By Token", "Get Checkout", "List Payments", "Get Configuration", "Get access token"])

type Entry = PaymentView["timeline"][number]

/** One call; a Void's amount is what it released. */
function CallLine({ entry, currency }: { entry: Entry; currency: string }) {
  const { t } = useTranslation()
  const amount = entry.amount ? formatMoney(entry.amount, entry.currency ?? currency) : ""
  return (
    <li className="flex flex-col" data-testid="bnpl-timeline-entry">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" leading="compact">
          {entry.operation}
          {amount ? ` · ${entry.operation === "Void Payment" ? t("bnpl.actions.released", { amount }) : amount}` : ""}
        </Text>
        <Badge size="2xsmall" color={entry.outcome === "ok" ? "green" : "red"}>
          {entry.httpStatus ?? ""} {entry.outcome === "ok" ? "" : entry.outcome}
        </Badge>
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {[
          formatTime(entry.at, { seconds: true }),
          `${entry.durationMs} ms`,
          entry.attempt > 1 ? t("bnpl.actions.attempt", { attempt: entry.attempt }) : null,
          entry.requestId,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </li>
  )
}

/** Every try of every call about the payment, newest first; the reads behind their own toggle. */
export function PaymentTimeline({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation()
  if (!payment.timeline.length) return null
  const calls = payment.timeline.filter((entry) => !READS.has(entry.operation))
  const reads = payment.timeline.filter((entry) => READS.has(entry.operation))
  return (
    <details className="px-6 py-3" data-testid="bnpl-timeline">
      <summary className="cursor-pointer">
        <Text size="small" leading="compact" weight="plus" className="inline">
          {t(
            reads.length === 0 ? "bnpl.actions.calls" : reads.length === 1 ? "bnpl.actions.callsAndOneRead" : "bnpl.actions.callsAndReads",
            { calls: calls.length, reads: reads.length },
          )}
        </Text>
      </summary>
      <ol className="mt-2 flex flex-col gap-y-2" data-testid="bnpl-timeline-calls">
        {calls.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two calls can share time, operation and attempt; the list is never reordered.
          <CallLine key={`${entry.at}-${entry.operation}-${entry.attempt}-${index}`} entry={entry} currency={payment.currency} />
        ))}
      </ol>
      {reads.length > 0 && (
        <details className="mt-3" data-testid="bnpl-timeline-reads">
          <summary className="cursor-pointer">
            <Text size="xsmall" leading="compact" className="text-ui-fg-subtle inline">
              {t("bnpl.actions.reads", { reads: reads.length })}
            </Text>
          </summary>
          <ol className="mt-2 flex flex-col gap-y-2">
            {reads.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two reads can share time, operation and attempt; the list is never reordered.
              <CallLine key={`${entry.at}-${entry.operation}-${entry.attempt}-${index}`} entry={entry} currency={payment.currency} />
            ))}
          </ol>
        </details>
      )}
    </details>
  )
}
