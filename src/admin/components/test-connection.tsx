import { Button, StatusBadge, Text, toast } from "@medusajs/ui"
import { useMutation } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { errorMessage, payLaterApi, type ConnectionTestResult } from "../lib/api"
import { formatTime } from "../lib/format"

const OUTCOME_COLORS = { passed: "green", failed: "red", skipped: "grey" } as const

/** An account's "Test connection": each step's outcome, and the first failure's likely cause. */
export function TestConnection({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const test = useMutation({
    mutationFn: () => payLaterApi.testConnection(accountId),
    onSuccess: ({ connection }) =>
      connection.ok
        ? toast.success(t("bnpl.settings.connectionWorks"))
        : toast.error(t("bnpl.settings.stepFailed", { step: connection.failure?.label })),
    onError: (error) => toast.error(errorMessage(error)),
  })
  const result = test.data?.connection
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-test-connection">
      <div className="flex items-center justify-between">
        <Text size="small" weight="plus">
          {t("bnpl.settings.connection")}
        </Text>
        <Button
          size="small"
          variant="secondary"
          isLoading={test.isPending}
          onClick={() => test.mutate()}
          data-testid="bnpl-test-connection-button"
        >
          {t("bnpl.settings.testConnection")}
        </Button>
      </div>
      {result && <ConnectionResult result={result} />}
    </div>
  )
}

function ConnectionResult({ result }: { result: ConnectionTestResult }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-1" data-testid="bnpl-connection-result">
      {result.steps.map((step) => (
        <div
          key={step.step}
          className="grid grid-cols-[200px_90px_1fr] items-center gap-x-4"
          data-testid={`bnpl-connection-step-${step.step}`}
        >
          <Text size="small">{step.label}</Text>
          <StatusBadge color={OUTCOME_COLORS[step.outcome]}>{t(`bnpl.settings.step_${step.outcome}`)}</StatusBadge>
          <Text size="small" className="text-ui-fg-subtle">
            {step.detail}
            {step.durationMs !== undefined ? ` (${step.durationMs} ms)` : ""}
          </Text>
        </div>
      ))}
      {result.failure && (
        <div className="mt-2 flex flex-col gap-y-1" data-testid="bnpl-connection-failure">
          <Text size="small" className="text-ui-fg-error">
            {t("bnpl.settings.stepFailedBecause", { step: result.failure.label, cause: result.failure.likelyCause })}
          </Text>
          <Text size="small">{t("bnpl.settings.whatToChange", { fix: result.failure.fix })}</Text>
          {result.failure.errorId && (
            <Text size="xsmall" className="text-ui-fg-muted">
              {t("bnpl.settings.serviceErrorId", { id: result.failure.errorId })}
            </Text>
          )}
        </div>
      )}
      <Text size="xsmall" className="text-ui-fg-muted">
        {t("bnpl.settings.tested", { time: formatTime(result.testedAt) })}
      </Text>
    </div>
  )
}
