import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Badge, Button, Container, Heading, StatusBadge, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { errorMessage, payLaterApi, type AccountStatus, type FindingsView } from "../../../lib/api"
import { CAPTURE_MODE_LABELS, formatMoney, formatTime } from "../../../lib/format"
import { AccountSettingsForm } from "../../../components/account-settings-form"
import { TestConnection } from "../../../components/test-connection"
import { ServiceHealth } from "../../../components/service-health"

const JOB_LABELS: Record<string, string> = {
  "refresh-configuration": "Refresh limits (daily)",
  "reconcile-payments": "Reconciliation (every 30 minutes)",
  "authorization-expiry": "Authorisation expiry (hourly)",
  "complete-pending-carts": "Completion without the browser (every minute)",
  "repair-orders": "Repairs of orders and payments (every minute)",
}

/**
 * Settings → Pay later: each merchant account (region, currency, auth scheme, base URL,
 * capture mode, whether the service answers, limits with "Refresh limits", a sandbox badge),
 * its health card (components/service-health.tsx), with the settings a merchant edits and their change log (components/account-settings-form.tsx),
 * the last run of each job, and the reconciliation's findings with Void / Complete. Approvals
 * on hold, when there are any, come first: they wait for a decision.
 */
const PayLaterSettingsPage = () => {
  const accounts = useQuery({ queryKey: ["bnpl", "accounts"], queryFn: payLaterApi.accounts })
  const jobs = useQuery({ queryKey: ["bnpl", "jobs"], queryFn: payLaterApi.jobs })
  return (
    <div className="flex flex-col gap-y-3" data-bnpl-root="" data-testid="bnpl-settings-page">
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h1">Pay later</Heading>
          <Text size="small" className="text-ui-fg-subtle">The buy now, pay later service's accounts, jobs and reconciliation.</Text>
        </div>
      </Container>
      <Findings held />
      {accounts.error && <Text className="text-ui-fg-error">{errorMessage(accounts.error)}</Text>}
      {accounts.data?.accounts.map((account) => <AccountCard key={account.id} account={account} />)}
      <Container className="divide-y p-0">
        <div className="px-6 py-4"><Heading level="h2">Jobs</Heading></div>
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Job</Table.HeaderCell>
              <Table.HeaderCell>Last run</Table.HeaderCell>
              <Table.HeaderCell>Outcome</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(jobs.data?.jobs ?? []).map(({ job, lastRun }) => (
              <Table.Row key={job} data-testid={`bnpl-job-${job}`}>
                <Table.Cell>{JOB_LABELS[job] ?? job}</Table.Cell>
                <Table.Cell>{lastRun ? formatTime(lastRun.finishedAt) : "Not run yet"}</Table.Cell>
                <Table.Cell>
                  {lastRun ? (
                    <div className="flex items-center gap-x-2">
                      <StatusBadge color={lastRun.outcome === "succeeded" ? "green" : "red"}>{lastRun.outcome}</StatusBadge>
                      <Text size="small" className="text-ui-fg-subtle">{lastRun.summary ?? lastRun.error}</Text>
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
      <Text size="small" weight="plus" className="text-ui-fg-subtle">{label}</Text>
      <div data-testid={testId}>{typeof children === "string" ? <Text size="small">{children}</Text> : children}</div>
    </div>
  )
}

function AccountCard({ account }: { account: AccountStatus }) {
  const queryClient = useQueryClient()
  const refresh = useMutation({
    mutationFn: () => payLaterApi.refreshLimits(account.id),
    onSuccess: ({ account: updated }) => {
      queryClient.setQueryData(["bnpl", "accounts"], (old: { accounts: AccountStatus[] } | undefined) => ({
        accounts: (old?.accounts ?? [updated]).map((entry) => (entry.id === updated.id ? updated : entry)),
      }))
      queryClient.invalidateQueries({ queryKey: ["bnpl", "jobs"] })
      if ("error" in updated.limits) toast.error(`The limits could not be read: ${updated.limits.error}`)
      else toast.success("Limits read from the service.")
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const limits = account.limits
  return (
    <Container className="divide-y p-0" data-testid="bnpl-account">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{account.region} account · {account.currency}</Heading>
          {account.sandbox ? (
            <Badge color="orange" title={account.sandboxReason} data-testid="bnpl-sandbox-badge">Sandbox</Badge>
          ) : (
            <Badge color="green">Live</Badge>
          )}
        </div>
        <Button size="small" variant="secondary" isLoading={refresh.isPending} onClick={() => refresh.mutate()} data-testid="bnpl-refresh-limits">
          Refresh limits
        </Button>
      </div>
      <div className="py-2">
        <Field label="Payment provider"><Text size="small" className="font-mono">{account.providerId}</Text></Field>
        <Field label="Region">{account.region}</Field>
        <Field label="Currency">{account.currency}</Field>
        <Field label="Authentication">{account.authScheme === "oauth" ? "OAuth 2.0 (client credentials)" : "HTTP Basic"}</Field>
        <Field label="Base URL"><Text size="small" className="font-mono">{account.baseUrl}</Text></Field>
        <Field label="Capture" testId="bnpl-capture">{CAPTURE_MODE_LABELS[account.capture] ?? account.capture}</Field>
        <Field label="New checkouts" testId="bnpl-enabled">{account.enabled ? "Offered" : "Turned off in the settings below"}</Field>
        <Field label="Service" testId="bnpl-reachable">
          <StatusBadge color={account.reachable ? "green" : "red"}>{account.reachable ? "Answers" : "Does not answer"}</StatusBadge>
        </Field>
        <Field label="Order limits" testId="bnpl-limits">
          {"error" in limits
            ? <Text size="small" className="text-ui-fg-error">{limits.error}</Text>
            : `${formatMoney(limits.minimumAmount.amount, limits.minimumAmount.currency)} to ${formatMoney(limits.maximumAmount.amount, limits.maximumAmount.currency)}`}
        </Field>
        <Field label="Limits read" testId="bnpl-limits-read">
          {"error" in limits ? "—" : (
            // The minute shown; the exact moment on hover (and for a refresh within the same minute).
            <Text size="small"><time dateTime={limits.fetchedAt} title={limits.fetchedAt}>{formatTime(limits.fetchedAt)}</time></Text>
          )}
        </Field>
      </div>
      <ServiceHealth accountId={account.id} />
      <AccountSettingsForm accountId={account.id} />
      <TestConnection accountId={account.id} />
    </Container>
  )
}

/** The findings: with `held`, the approvals on hold only (nothing when there are none); without, the reconciliation's. */
function Findings({ held: heldOnly }: { held: boolean }) {
  const queryClient = useQueryClient()
  const prompt = usePrompt()
  const { data } = useQuery({ queryKey: ["bnpl", "reconciliation"], queryFn: payLaterApi.reconciliation })
  const act = useMutation({
    mutationFn: ({ kind, id, providerId }: { kind: "void" | "complete"; id: string; providerId: string }) =>
      kind === "void" ? payLaterApi.voidFinding(id, providerId) : payLaterApi.completeFinding(id),
    onSuccess: (result: FindingsView & { order_id?: string }) => {
      queryClient.setQueryData(["bnpl", "reconciliation"], result)
      const placed = result.findings.find((finding) => finding.completedOrderId && finding.completedOrderId === result.order_id)
      toast.success(result.order_id ? `Order ${placed?.completedOrderDisplayId ? `#${placed.completedOrderDisplayId}` : result.order_id} placed.` : "Voided at the service.")
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const confirm = async (kind: "void" | "complete", id: string, amount: string, providerId: string, held = false) => {
    const confirmed = await prompt({
      title: kind === "void" ? "Void this payment?" : held ? "Place the order?" : "Complete this checkout?",
      description:
        kind === "void"
          ? `${amount} approved at the service with no order will be given back to the customer. This cannot be undone.`
          : `An order will be placed from the customer's cart for ${amount}, which the service already approved.`,
      confirmText: kind === "void" ? "Void" : held ? "Place the order" : "Complete",
      cancelText: "Cancel",
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
        <Heading level="h2">{heldOnly ? "Approvals on hold" : "Reconciliation"}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {heldOnly
            ? waiting > 0
              ? `${waiting === 1 ? "1 approval is" : `${waiting} approvals are`} on hold: the customer approved and the order could not be placed. Fix the cause, then place the order, or void it.`
              : "Decided in the last 7 days."
            : data?.checkedAt
              ? `Last checked ${formatTime(data.checkedAt)}: ${data.checked} approved payments, ${withoutOrder} without a Medusa order.`
              : "The reconciliation job has not run yet."}
        </Text>
      </div>
      {findings.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Account</Table.HeaderCell>
              <Table.HeaderCell>Service order</Table.HeaderCell>
              <Table.HeaderCell>Finding</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Created</Table.HeaderCell>
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
                    {finding.voided
                      ? "Voided"
                      : finding.completedOrderId
                        ? (
                          <span data-testid="bnpl-finding-order">
                            Order placed:{" "}
                            <Link to={`/orders/${finding.completedOrderId}`} className="text-ui-fg-interactive">
                              {finding.completedOrderDisplayId ? `#${finding.completedOrderDisplayId}` : finding.completedOrderId}
                            </Link>
                          </span>
                        )
                        : finding.kind === "order_on_hold" && finding.held
                          ? `On hold until ${formatTime(finding.held.expiresAt)}: the order could not be placed (${finding.held.failure})`
                        : finding.kind === "order_without_payment"
                          ? `Order ${finding.medusaOrderId} without its payment (being repaired, never voided)`
                          : finding.kind === "checkout_not_completed"
                            ? `Confirmed checkout not completed (cart ${finding.cartId})`
                            : "Approved payment with no order"}
                  </Table.Cell>
                  <Table.Cell>{amount}</Table.Cell>
                  <Table.Cell>{formatTime(finding.created)}</Table.Cell>
                  <Table.Cell>
                    <div className="flex justify-end gap-x-2">
                      {finding.actions.complete && (
                        <Button size="small" variant="secondary" onClick={() => confirm("complete", finding.cartId!, amount, finding.providerId, finding.kind === "order_on_hold")}>
                          {finding.kind === "order_on_hold" ? "Place the order" : "Complete"}
                        </Button>
                      )}
                      {finding.actions.void && (
                        <Button size="small" variant="danger" onClick={() => confirm("void", finding.serviceOrderId, amount, finding.providerId)}>Void</Button>
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

export const config = defineRouteConfig({ label: "Pay later", icon: CreditCard })

export default PayLaterSettingsPage
