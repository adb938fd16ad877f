import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Badge, Button, Container, Heading, StatusBadge, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { errorMessage, payLaterApi, type AccountStatus, type FindingsView } from "../../../lib/api"
import { formatMoney, formatTime } from "../../../lib/format"
import { captureModeLabel } from "../../../lib/settings-words"
import { AccountSettingsForm } from "../../../components/account-settings-form"
import { TestConnection } from "../../../components/test-connection"
import { MoneyRecordsExport } from "../../../components/money-records-export"
import { ServiceHealth } from "../../../components/service-health"

/**
 * Settings → Pay later: each account with its health, settings and tools, the jobs and the
 * reconciliation. Approvals on hold come first: they wait for a decision.
 */
const PayLaterSettingsPage = () => {
  const { t } = useTranslation()
  const accounts = useQuery({ queryKey: ["bnpl", "accounts"], queryFn: payLaterApi.accounts })
  const jobs = useQuery({ queryKey: ["bnpl", "jobs"], queryFn: payLaterApi.jobs })
  return (
    <div className="flex flex-col gap-y-3" data-bnpl-root="" data-testid="bnpl-settings-page">
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h1">{t("bnpl.settings.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.settings.intro")}
          </Text>
        </div>
      </Container>
      <Findings held />
      {accounts.error && <Text className="text-ui-fg-error">{errorMessage(accounts.error)}</Text>}
      {accounts.data?.accounts.map((account) => (
        <AccountCard key={account.id} account={account} />
      ))}
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">{t("bnpl.settings.jobs")}</Heading>
        </div>
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("bnpl.settings.job")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.lastRun")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.outcome")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(jobs.data?.jobs ?? []).map(({ job, lastRun }) => (
              <Table.Row key={job} data-testid={`bnpl-job-${job}`}>
                <Table.Cell>{t(`bnpl.settings.job_${job}`, { defaultValue: job })}</Table.Cell>
                <Table.Cell>{lastRun ? formatTime(lastRun.finishedAt) : t("bnpl.settings.notRunYet")}</Table.Cell>
                <Table.Cell>
                  {lastRun ? (
                    <div className="flex items-center gap-x-2">
                      <StatusBadge className="shrink-0" color={lastRun.outcome === "succeeded" ? "green" : "red"}>
                        {t(`bnpl.settings.outcome_${lastRun.outcome}`, { defaultValue: lastRun.outcome })}
                      </StatusBadge>
                      <Text size="small" className="text-ui-fg-subtle">
                        {lastRun.summary ?? lastRun.error}
                      </Text>
                    </div>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Container>
      <Findings held={false} />
    </div>
  )
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[200px_1fr] items-center gap-x-4 px-6 py-2">
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div data-testid={testId}>{typeof children === "string" ? <Text size="small">{children}</Text> : children}</div>
    </div>
  )
}

function AccountCard({ account }: { account: AccountStatus }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const refresh = useMutation({
    mutationFn: () => payLaterApi.refreshLimits(account.id),
    onSuccess: ({ account: updated }) => {
      queryClient.setQueryData(["bnpl", "accounts"], (old: { accounts: AccountStatus[] } | undefined) => ({
        accounts: (old?.accounts ?? [updated]).map((entry) => (entry.id === updated.id ? updated : entry)),
      }))
      queryClient.invalidateQueries({ queryKey: ["bnpl", "jobs"] })
      if ("error" in updated.limits) toast.error(t("bnpl.settings.limitsUnreadable", { detail: updated.limits.error }))
      else toast.success(t("bnpl.settings.limitsReadToast"))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const limits = account.limits
  return (
    <Container className="divide-y p-0" data-testid="bnpl-account">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("bnpl.settings.account", { region: account.region, currency: account.currency })}</Heading>
          {account.sandbox ? (
            <Badge color="orange" title={account.sandboxReason} data-testid="bnpl-sandbox-badge">
              {t("bnpl.settings.sandbox")}
            </Badge>
          ) : (
            <Badge color="green">{t("bnpl.settings.live")}</Badge>
          )}
        </div>
        <Button
          size="small"
          variant="secondary"
          isLoading={refresh.isPending}
          onClick={() => refresh.mutate()}
          data-testid="bnpl-refresh-limits"
        >
          {t("bnpl.settings.refreshLimits")}
        </Button>
      </div>
      <div className="py-2">
        <Field label={t("bnpl.settings.paymentProvider")}>
          <Text size="small" className="font-mono">
            {account.providerId}
          </Text>
        </Field>
        <Field label={t("bnpl.settings.region")}>{account.region}</Field>
        <Field label={t("bnpl.settings.currency")}>{account.currency}</Field>
        <Field label={t("bnpl.settings.authentication")}>
          {t(account.authScheme === "oauth" ? "bnpl.settings.oauth" : "bnpl.settings.basic")}
        </Field>
        <Field label={t("bnpl.settings.baseUrl")}>
          <Text size="small" className="font-mono">
            {account.baseUrl}
          </Text>
        </Field>
        <Field label={t("bnpl.settings.capture")} testId="bnpl-capture">
          {captureModeLabel(t, account.capture)}
        </Field>
        <Field label={t("bnpl.settings.newCheckouts")} testId="bnpl-enabled">
          {t(account.enabled ? "bnpl.settings.offered" : "bnpl.settings.turnedOff")}
        </Field>
        <Field label={t("bnpl.settings.service")} testId="bnpl-reachable">
          <StatusBadge color={account.reachable ? "green" : "red"}>
            {t(account.reachable ? "bnpl.settings.answers" : "bnpl.settings.doesNotAnswer")}
          </StatusBadge>
        </Field>
        <Field label={t("bnpl.settings.orderLimits")} testId="bnpl-limits">
          {"error" in limits ? (
            <Text size="small" className="text-ui-fg-error">
              {limits.error}
            </Text>
          ) : (
            t("bnpl.settings.limitsRange", {
              minimum: formatMoney(limits.minimumAmount.amount, limits.minimumAmount.currency),
              maximum: formatMoney(limits.maximumAmount.amount, limits.maximumAmount.currency),
            })
          )}
        </Field>
        <Field label={t("bnpl.settings.limitsRead")} testId="bnpl-limits-read">
          {"error" in limits ? (
            "—"
          ) : (
            // The minute shown; the exact moment on hover (and for a refresh within the same minute).
            <Text size="small">
              <time dateTime={limits.fetchedAt} title={limits.fetchedAt}>
                {formatTime(limits.fetchedAt)}
              </time>
            </Text>
          )}
        </Field>
      </div>
      <ServiceHealth accountId={account.id} />
      <AccountSettingsForm accountId={account.id} />
      <TestConnection accountId={account.id} />
      <MoneyRecordsExport providerId={account.providerId} />
    </Container>
  )
}

/** The findings: with `held`, the approvals on hold only (nothing when there are none); without, the reconciliation's. */
function Findings({ held: heldOnly }: { held: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const { data } = useQuery({ queryKey: ["bnpl", "reconciliation"], queryFn: payLaterApi.reconciliation })
  const act = useMutation({
    mutationFn: ({ kind, id, providerId }: { kind: "void" | "complete"; id: string; providerId: string }) =>
      kind === "void" ? payLaterApi.voidFinding(id, providerId) : payLaterApi.completeFinding(id),
    onSuccess: (result: FindingsView & { order_id?: string }) => {
      queryClient.setQueryData(["bnpl", "reconciliation"], result)
      const placed = result.findings.find((finding) => finding.completedOrderId && finding.completedOrderId === result.order_id)
      toast.success(
        result.order_id
          ? t("bnpl.settings.orderPlaced", {
              order: placed?.completedOrderDisplayId ? `#${placed.completedOrderDisplayId}` : result.order_id,
            })
          : t("bnpl.settings.voidedAtService"),
      )
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const confirm = async (kind: "void" | "complete", id: string, amount: string, providerId: string, held = false) => {
    const confirmed = await prompt({
      title: t(kind === "void" ? "bnpl.settings.voidTitle" : held ? "bnpl.settings.placeTitle" : "bnpl.settings.completeTitle"),
      description: t(kind === "void" ? "bnpl.settings.voidDescription" : "bnpl.settings.completeDescription", { amount }),
      confirmText: t(kind === "void" ? "bnpl.settings.void" : held ? "bnpl.settings.placeOrder" : "bnpl.settings.complete"),
      cancelText: t("bnpl.settings.cancel"),
      variant: kind === "void" ? "danger" : "confirmation",
    })
    if (confirmed) act.mutate({ kind, id, providerId })
  }
  const all = data?.findings ?? []
  const findings = all.filter((finding) => (finding.kind === "order_on_hold") === heldOnly)
  // Held approvals are not the reconciliation's: they are counted on their own, open ones only.
  const waiting = all.filter((finding) => finding.kind === "order_on_hold" && !finding.held?.outcome).length
  const withoutOrder = all.filter((finding) => finding.kind !== "order_on_hold").length
  if (heldOnly && !findings.length) return null
  return (
    <Container className="divide-y p-0" data-testid={heldOnly ? "bnpl-held" : "bnpl-findings"}>
      <div className="px-6 py-4">
        <Heading level="h2">{t(heldOnly ? "bnpl.settings.held" : "bnpl.settings.reconciliation")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {heldOnly
            ? waiting > 0
              ? t(waiting === 1 ? "bnpl.settings.heldOne" : "bnpl.settings.heldMany", { count: waiting })
              : t("bnpl.settings.heldDecided")
            : data?.checkedAt
              ? t("bnpl.settings.lastChecked", { time: formatTime(data.checkedAt), checked: data.checked, withoutOrder })
              : t("bnpl.settings.notChecked")}
        </Text>
      </div>
      {findings.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("bnpl.settings.paymentProvider")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.serviceOrder")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.finding")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("bnpl.settings.created")}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {findings.map((finding) => {
              const amount = finding.amount ? formatMoney(finding.amount.amount, finding.amount.currency) : "—"
              return (
                <Table.Row key={`${finding.providerId}:${finding.serviceOrderId}`}>
                  <Table.Cell className="font-mono">{finding.providerId}</Table.Cell>
                  <Table.Cell className="font-mono">{finding.serviceOrderId}</Table.Cell>
                  <Table.Cell>
                    {finding.voided ? (
                      t("bnpl.settings.voided")
                    ) : finding.completedOrderId ? (
                      <span data-testid="bnpl-finding-order">
                        {t("bnpl.settings.orderPlacedAt")}{" "}
                        <Link to={`/orders/${finding.completedOrderId}`} className="text-ui-fg-interactive">
                          {finding.completedOrderDisplayId ? `#${finding.completedOrderDisplayId}` : finding.completedOrderId}
                        </Link>
                      </span>
                    ) : finding.kind === "order_on_hold" && finding.held ? (
                      t("bnpl.settings.findingOnHold", { time: formatTime(finding.held.expiresAt), failure: finding.held.failure })
                    ) : finding.kind === "order_without_payment" ? (
                      t("bnpl.settings.findingWithoutPayment", { order: finding.medusaOrderId })
                    ) : finding.kind === "checkout_not_completed" ? (
                      t("bnpl.settings.findingNotCompleted", { cart: finding.cartId })
                    ) : (
                      t("bnpl.settings.findingNoOrder")
                    )}
                  </Table.Cell>
                  <Table.Cell>{amount}</Table.Cell>
                  <Table.Cell>{formatTime(finding.created)}</Table.Cell>
                  <Table.Cell>
                    <div className="flex justify-end gap-x-2">
                      {finding.actions.complete && (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => confirm("complete", finding.cartId!, amount, finding.providerId, finding.kind === "order_on_hold")}
                        >
                          {t(finding.kind === "order_on_hold" ? "bnpl.settings.placeOrder" : "bnpl.settings.complete")}
                        </Button>
                      )}
                      {finding.actions.void && (
                        <Button
                          size="small"
                          variant="danger"
                          onClick={() => confirm("void", finding.serviceOrderId, amount, finding.providerId)}
                        >
                          {t("bnpl.settings.void")}
                        </Button>
                      )}
                    </div>
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

// The label is a translation key, so the sidebar entry is in the dashboard's language too.
export const config = defineRouteConfig({ label: "bnpl.settings.title", translationNs: "translation", icon: CreditCard })

export default PayLaterSettingsPage
