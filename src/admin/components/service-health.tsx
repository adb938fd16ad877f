import { Alert, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { errorMessage, payLaterApi, type AccountHealth, type HealthWindow } from "../lib/api"
import { adminLocale, formatTime } from "../lib/format"
import type { Translate } from "../lib/settings-words"

/** The card's windows: the key of the answer (also its heading's, `bnpl.settings.<key>`), its test id. */
const WINDOWS = [
  { key: "lastHour", id: "hour" },
  { key: "last24Hours", id: "day" },
] as const

/** The figures rows: test id (the label's key is `bnpl.settings.figure_<id>`), and how a window shows it. */
const FIGURES: Array<{ id: string; show: (window: HealthWindow, t: Translate) => string }> = [
  { id: "approval-rate", show: (w) => percent(w.approvalRate) },
  { id: "approvals", show: (w) => String(w.approvals) },
  { id: "declines", show: (w) => String(w.declines) },
  { id: "cancellations", show: (w) => String(w.cancellations) },
  { id: "tries", show: (w) => String(w.tries) },
  { id: "errors", show: (w) => String(w.errors) },
  { id: "faults", show: (w) => String(w.faults) },
  { id: "last-failure", show: (w, t) => failure(w, t) },
]

/** An account's health card: the last hour and 24 hours of calls. docs/operations.md "The health card". */
export function ServiceHealth({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const { data, error } = useQuery({ queryKey: ["bnpl", "health", accountId], queryFn: () => payLaterApi.health(accountId) })
  const card = data?.accounts[0]
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-health">
      <Text size="small" weight="plus">
        {t("bnpl.settings.health")}
      </Text>
      {error && (
        <Text size="small" className="text-ui-fg-error">
          {errorMessage(error)}
        </Text>
      )}
      {card?.warnings.map((warning) => (
        <Alert key={warning} variant="warning" data-testid="bnpl-health-warning">
          {warning}
        </Alert>
      ))}
      {card && <Figures card={card} t={t} />}
      {card && <Latencies card={card} t={t} />}
      {card && (
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("bnpl.settings.usual", { days: card.usual.days, calls: card.usual.tries, rate: percent(card.usual.errorRate) })}
        </Text>
      )}
    </div>
  )
}

function Figures({ card, t }: { card: AccountHealth; t: Translate }) {
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell />
          {WINDOWS.map((window) => (
            <Table.HeaderCell key={window.key}>{t(`bnpl.settings.${window.key}`)}</Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {FIGURES.map((figure) => (
          <Table.Row key={figure.id}>
            <Table.Cell>{t(`bnpl.settings.figure_${figure.id}`)}</Table.Cell>
            {WINDOWS.map((window) => (
              <Table.Cell key={window.key} data-testid={`bnpl-health-${window.id}-${figure.id}`}>
                {figure.show(card[window.key], t)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

function Latencies({ card, t }: { card: AccountHealth; t: Translate }) {
  const endpoints = card.last24Hours.endpoints
  if (!endpoints.length)
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {t("bnpl.settings.noCalls")}
      </Text>
    )
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("bnpl.settings.endpoint")}</Table.HeaderCell>
          {WINDOWS.map((window) => (
            <Table.HeaderCell key={window.key}>{t("bnpl.settings.latency", { window: t(`bnpl.settings.${window.key}`) })}</Table.HeaderCell>
          ))}
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

/** "76.9%" in English, "76,9 %" in French: one decimal, in the admin's locale. */
function percent(fraction: number | null): string {
  return fraction === null
    ? "—"
    : new Intl.NumberFormat(adminLocale(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction)
}

function ms(value: number | null): string {
  return value === null ? "—" : `${value} ms`
}

function failure(window: HealthWindow, t: Translate): string {
  const last = window.lastFailure
  if (!last) return t("bnpl.settings.none")
  return `${last.operation}: ${last.outcome}${last.httpStatus ? ` (HTTP ${last.httpStatus})` : ""}, ${formatTime(last.at)}`
}
