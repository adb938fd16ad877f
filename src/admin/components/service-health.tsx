import { Alert, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { errorMessage, payLaterApi, type AccountHealth, type HealthWindow } from "../lib/api"
import { formatTime } from "../lib/format"

/** The card's windows: the key of the answer, its column heading, its test id. */
const WINDOWS = [
  { key: "lastHour", heading: "Last hour", id: "hour" },
  { key: "last24Hours", heading: "Last 24 hours", id: "day" },
] as const

/** The figures rows: label, test id, and how a window shows it. */
const FIGURES: Array<{ label: string; id: string; show: (window: HealthWindow) => string }> = [
  { label: "Approval rate", id: "approval-rate", show: (w) => percent(w.approvalRate) },
  { label: "Approvals", id: "approvals", show: (w) => String(w.approvals) },
  { label: "Declines", id: "declines", show: (w) => String(w.declines) },
  { label: "Cancellations", id: "cancellations", show: (w) => String(w.cancellations) },
  { label: "Calls (tries)", id: "tries", show: (w) => String(w.tries) },
  { label: "Errors", id: "errors", show: (w) => String(w.errors) },
  { label: "Faults", id: "faults", show: (w) => String(w.faults) },
  { label: "Last failing call", id: "last-failure", show: (w) => failure(w) },
]

/**
 * An account's health card on Settings → Pay later (GET /admin/bnpl/health): the last hour
 * and the last 24 hours from the plugin's own timeline of calls, each endpoint's p50 / p95,
 * and a warning when the last hour is well above the account's usual (docs/operations.md
 * "Observability").
 */
export function ServiceHealth({ accountId }: { accountId: string }) {
  const { data, error } = useQuery({ queryKey: ["bnpl", "health", accountId], queryFn: () => payLaterApi.health(accountId) })
  const card = data?.accounts[0]
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-health">
      <Text size="small" weight="plus">Service health</Text>
      {error && <Text size="small" className="text-ui-fg-error">{errorMessage(error)}</Text>}
      {card?.warnings.map((warning) => (
        <Alert key={warning} variant="warning" data-testid="bnpl-health-warning">{warning}</Alert>
      ))}
      {card && <Figures card={card} />}
      {card && <Latencies card={card} />}
      {card && (
        <Text size="xsmall" className="text-ui-fg-muted">
          From this store's own record of its calls. Usual: the {card.usual.days} days before the last hour ({card.usual.tries} calls, {percent(card.usual.errorRate)} errors and faults).
        </Text>
      )}
    </div>
  )
}

function Figures({ card }: { card: AccountHealth }) {
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell />
          {WINDOWS.map((window) => <Table.HeaderCell key={window.key}>{window.heading}</Table.HeaderCell>)}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {FIGURES.map((figure) => (
          <Table.Row key={figure.id}>
            <Table.Cell>{figure.label}</Table.Cell>
            {WINDOWS.map((window) => (
              <Table.Cell key={window.key} data-testid={`bnpl-health-${window.id}-${figure.id}`}>{figure.show(card[window.key])}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

function Latencies({ card }: { card: AccountHealth }) {
  const endpoints = card.last24Hours.endpoints
  if (!endpoints.length) return <Text size="small" className="text-ui-fg-subtle">No calls in the last 24 hours.</Text>
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>Endpoint</Table.HeaderCell>
          {WINDOWS.map((window) => <Table.HeaderCell key={window.key}>{window.heading}: calls, p50 / p95</Table.HeaderCell>)}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {endpoints.map(({ endpoint }) => (
          <Table.Row key={endpoint} data-testid={`bnpl-health-latency-${endpoint}`}>
            <Table.Cell>{endpoint}</Table.Cell>
            {WINDOWS.map((window) => {
              const row = card[window.key].endpoints.find((candidate) => candidate.endpoint === endpoint)
              return <Table.Cell key={window.key}>{row ? `${row.tries}, ${ms(row.p50Ms)} / ${ms(row.p95Ms)}` : "—"}</Table.Cell>
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

function percent(fraction: number | null): string {
  return fraction === null ? "—" : `${(fraction * 100).toFixed(1)}%`
}

function ms(value: number | null): string {
  return value === null ? "—" : `${value} ms`
}

function failure(window: HealthWindow): string {
  const last = window.lastFailure
  if (!last) return "None"
  return `${last.operation}: ${last.outcome}${last.httpStatus ? ` (HTTP ${last.httpStatus})` : ""}, ${formatTime(last.at)}`
}
