import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Copy, Heading, StatusBadge, Text, toast, usePrompt } from "@medusajs/ui"
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { PaymentTimeline, RefundReferences } from "../components/payment-history"
import { errorMessage, payLaterApi, type PaymentView } from "../lib/api"
import { PartialCapture } from "../components/partial-capture"
import { PayLaterRefund } from "../components/pay-later-refund"
import { formatMoney, formatTime, STATE_COLORS, STATE_LABELS, timeLeft } from "../lib/format"
import { captureModeLabel } from "../lib/settings-words"
import { medusaPaymentMarks, type OrderPaymentsShape } from "../lib/medusa-payment-marks"

/**
 * The order page's "Pay later" box: each pay later payment's state, amounts and actions.
 * Put under the order's header, where a merchant looks first. Orders paid otherwise show nothing.
 */
const PayLaterOrderWidget = ({ data: order }: { data: OrderPaymentsShape }) => {
  // Keyed on Medusa's marks: after its own capture, refund or cancel Medusa refetches the order,
  // so the box reads again. The interval catches changes elsewhere (another admin, a job).
  const queryKey = ["bnpl", "order-payments", order.id, medusaPaymentMarks(order)]
  const { data, isLoading, error } = useQuery({
    queryKey,
    queryFn: () => payLaterApi.orderPayments(order.id),
    placeholderData: keepPreviousData,
    refetchInterval: REFETCH_INTERVAL_MS,
    refetchOnWindowFocus: true,
  })
  const { t } = useTranslation()
  if (isLoading) return null
  if (error) {
    return (
      <Container className="px-6 py-4" data-testid="bnpl-widget-error">
        <Heading level="h2">{t("bnpl.box.title")}</Heading>
        <Text size="small" className="text-ui-fg-error mt-2">
          {errorMessage(error)}
        </Text>
      </Container>
    )
  }
  if (!data?.payments.length) return null
  return (
    <>
      {data.payments.map((payment) => (
        <PaymentBox key={payment.paymentId} queryKey={queryKey} payment={payment} />
      ))}
    </>
  )
}

function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/** One of the box's amounts, label over value, in a row of them. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-y-0.5">
      <Text size="xsmall" leading="compact" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" leading="compact" weight="plus" data-testid={testId}>
        {value}
      </Text>
    </div>
  )
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-2 items-start gap-x-4 px-6 py-2">
      <Text size="small" leading="compact" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="text-right" data-testid={testId}>
        {typeof children === "string" ? (
          <Text size="small" leading="compact">
            {children}
          </Text>
        ) : (
          children
        )}
      </div>
    </div>
  )
}

/** How often an open order page reads its pay later payments again. */
const REFETCH_INTERVAL_MS = 5_000

function PaymentBox({ queryKey, payment }: { queryKey: readonly unknown[]; payment: PaymentView }) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const prompt = usePrompt()
  const now = useNow()
  const show = (updated: PaymentView) =>
    queryClient.setQueryData(queryKey, (old: { payments: PaymentView[] } | undefined) => ({
      payments: (old?.payments ?? [updated]).map((entry) => (entry.paymentId === updated.paymentId ? updated : entry)),
    }))
  const refresh = useMutation({
    mutationFn: () => payLaterApi.refreshPayment(payment.paymentId),
    onSuccess: ({ payment: updated }) => {
      show(updated)
      if (updated.mismatch) toast.error(updated.mismatch)
      else if (updated.service && "error" in updated.service)
        toast.error(t("bnpl.actions.serviceDidNotAnswer", { detail: updated.service.error }))
      else toast.success(t("bnpl.actions.readFromService"))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const action = useMutation({
    mutationFn: (kind: "capture" | "void") =>
      kind === "capture" ? payLaterApi.captureRest(payment.paymentId) : payLaterApi.voidRest(payment.paymentId),
    onSuccess: ({ payment: updated }, kind) => {
      show(updated)
      // Medusa's own payment section shows the new capture or cancel too.
      queryClient.invalidateQueries({ queryKey: ["orders"] })
      toast.success(kind === "capture" ? t("bnpl.actions.restCaptured") : t("bnpl.actions.restVoided", { amount: rest }))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const rest = formatMoney(payment.amounts.openToCapture, payment.currency)
  const confirm = async (kind: "capture" | "void") => {
    const confirmed = await prompt({
      title: t(kind === "capture" ? "bnpl.actions.captureRestTitle" : "bnpl.actions.voidRestTitle"),
      description: t(kind === "capture" ? "bnpl.actions.captureRestDescription" : "bnpl.actions.voidRestDescription", { amount: rest }),
      confirmText: t(kind === "capture" ? "bnpl.actions.capture" : "bnpl.actions.void"),
      cancelText: t("bnpl.actions.cancel"),
      variant: kind === "void" ? "danger" : "confirmation",
    })
    if (confirmed) action.mutate(kind)
  }
  const expires = payment.authorizationExpiresAt
  // A countdown only while something can still be captured: not once captured in full,
  // voided or expired, whatever the state's label.
  const open = (payment.state === "authorised" || payment.state === "partly_captured") && /[1-9]/.test(payment.amounts.openToCapture)
  // A payment of another checkout is not a failure to read: it is said as such, and nothing of it is shown.
  const serviceError = !payment.mismatch && payment.service && "error" in payment.service ? payment.service.error : null

  return (
    <Container className="divide-y p-0" data-testid="bnpl-widget" data-bnpl-root="">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("bnpl.box.title")}</Heading>
          {payment.express && (
            <Badge size="2xsmall" color="blue" data-testid="bnpl-express">
              {t("bnpl.box.express")}
            </Badge>
          )}
        </div>
        <StatusBadge color={STATE_COLORS[payment.state]} data-testid="bnpl-state">
          {t(`bnpl.box.state_${payment.state}`, { defaultValue: STATE_LABELS[payment.state] ?? payment.state })}
        </StatusBadge>
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-2 px-6 py-3" data-testid="bnpl-amounts">
        <Figure
          label={t("bnpl.box.authorised")}
          value={formatMoney(payment.amounts.authorised, payment.currency)}
          testId="bnpl-amount-authorised"
        />
        <Figure
          label={t("bnpl.box.captured")}
          value={formatMoney(payment.amounts.captured, payment.currency)}
          testId="bnpl-amount-captured"
        />
        <Figure
          label={t("bnpl.box.refunded")}
          value={formatMoney(payment.amounts.refunded, payment.currency)}
          testId="bnpl-amount-refunded"
        />
        <Figure label={t("bnpl.box.openToCapture")} value={rest} testId="bnpl-amount-open" />
        <Figure
          label={t("bnpl.box.released")}
          value={formatMoney(payment.amounts.released, payment.currency)}
          testId="bnpl-amount-released"
        />
      </div>
      {((open && !payment.mismatch) || payment.actions.refund) && (
        <div className="grid grid-cols-2 divide-x" data-testid="bnpl-money-actions">
          <div>{open && !payment.mismatch && <PartialCapture payment={payment} onCaptured={show} />}</div>
          <div>{payment.actions.refund && <PayLaterRefund payment={payment} onRefunded={show} />}</div>
        </div>
      )}
      {payment.medusaNotes.length > 0 && (
        <div className="flex flex-col gap-y-1 px-6 py-3" data-testid="bnpl-medusa-notes">
          <Text size="small" leading="compact" weight="plus">
            {t("bnpl.box.medusaSections")}
          </Text>
          {payment.medusaNotes.map((line) => (
            <Text key={line} size="small" className="text-ui-fg-subtle" data-testid="bnpl-medusa-note">
              {line}
            </Text>
          ))}
        </div>
      )}
      <div className="py-2">
        <Row label={t("bnpl.box.serviceOrderId")} testId="bnpl-service-order-id">
          {payment.serviceOrderId ? (
            <div className="flex items-center justify-end gap-x-1">
              <Text size="small" leading="compact" className="font-mono">
                {payment.serviceOrderId}
              </Text>
              <Copy content={payment.serviceOrderId} />
            </div>
          ) : (
            "—"
          )}
        </Row>
        <Row label={t("bnpl.box.expires")} testId="bnpl-expiry">
          {expires ? (
            <div className="flex flex-col items-end">
              <Text size="small" leading="compact">
                {formatTime(expires)}
              </Text>
              {open && (
                <Badge size="2xsmall" color={payment.expiryWarning ? "red" : "grey"} data-testid="bnpl-expiry-countdown">
                  {t(payment.expiryWarning ? "bnpl.box.captureSoon" : "bnpl.box.timeLeft", { time: timeLeft(expires, now) })}
                </Badge>
              )}
            </div>
          ) : (
            "—"
          )}
        </Row>
        <Row label={t("bnpl.box.captureMode")}>{captureModeLabel(t, payment.captureMode)}</Row>
        <Row label={t("bnpl.box.courier")} testId="bnpl-courier">
          {payment.courier ? (
            <div className="flex flex-col items-end">
              <Text size="small" leading="compact">
                {payment.courier.name ?? "—"}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {[payment.courier.tracking, payment.courier.priority, formatTime(payment.courier.shippedAt)].filter(Boolean).join(" · ")}
              </Text>
            </div>
          ) : (
            t("bnpl.box.notShipped")
          )}
        </Row>
        {payment.courierErrors.map((entry) => (
          <Row key={entry.fulfillmentId} label={t("bnpl.box.courierFailed")} testId="bnpl-courier-error">
            <Text size="small" className="text-ui-fg-error">
              {entry.message}
            </Text>
          </Row>
        ))}
      </div>
      <RefundReferences payment={payment} />
      <PaymentTimeline payment={payment} />
      {(payment.differences.length > 0 || serviceError || payment.mismatch) && (
        <div className="px-6 py-3" data-testid="bnpl-differences">
          {payment.mismatch && (
            <Text size="small" className="text-ui-fg-error" data-testid="bnpl-mismatch">
              {t("bnpl.box.mismatch", { detail: payment.mismatch })}
            </Text>
          )}
          {serviceError && (
            <Text size="small" className="text-ui-fg-error">
              {t("bnpl.box.unreadable", { detail: serviceError })}
            </Text>
          )}
          {payment.differences.map((line) => (
            <Text key={line} size="small" className="text-ui-fg-error">
              {line}
            </Text>
          ))}
        </div>
      )}
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <Text size="xsmall" className="text-ui-fg-muted">
          {payment.service ? t("bnpl.box.readAt", { time: formatTime(payment.service.readAt) }) : t("bnpl.box.notRead")}
          {payment.stateSource === "medusa" ? t("bnpl.box.medusaState") : ""}
        </Text>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            size="small"
            variant="secondary"
            isLoading={refresh.isPending}
            onClick={() => refresh.mutate()}
            data-testid="bnpl-refresh"
          >
            {t("bnpl.box.refresh")}
          </Button>
          {payment.actions.captureRest && (
            <Button
              size="small"
              variant="secondary"
              isLoading={action.isPending && action.variables === "capture"}
              onClick={() => confirm("capture")}
            >
              {t("bnpl.box.captureRest")}
            </Button>
          )}
          {payment.actions.voidRest && (
            <Button
              size="small"
              variant="danger"
              isLoading={action.isPending && action.variables === "void"}
              onClick={() => confirm("void")}
            >
              {t("bnpl.box.voidRest")}
            </Button>
          )}
        </div>
      </div>
    </Container>
  )
}

/** The box's stable id in Medusa's `order.details` layout. docs/admin.md "Where the box sits". */
export const config = defineWidgetConfig({ zone: "order.details.before", id: "medusa-payment-bnpl:pay-later-box" })

export default PayLaterOrderWidget
