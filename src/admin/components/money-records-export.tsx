import { Button, Input, Label, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"

/**
 * A UTC day's captures, refunds and voids as CSV, for matching the service's settlement file.
 * A plain link: the browser sends the dashboard's session cookie.
 */
export function MoneyRecordsExport({ providerId }: { providerId: string }) {
  const { t } = useTranslation()
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10))
  const href = `/admin/bnpl/money-records.csv?${new URLSearchParams({ day, account_id: providerId })}`
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day)
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="bnpl-money-records">
      <Text size="small" weight="plus">
        {t("bnpl.settings.moneyRecords")}
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {t("bnpl.settings.moneyRecordsHelp")}
      </Text>
      <div className="flex items-end gap-x-2">
        <div className="flex flex-col gap-y-1">
          <Label size="small" htmlFor={`bnpl-money-records-day-${providerId}`}>
            {t("bnpl.settings.moneyRecordsDay")}
          </Label>
          <Input
            id={`bnpl-money-records-day-${providerId}`}
            type="date"
            size="small"
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </div>
        <Button size="small" variant="secondary" asChild disabled={!valid}>
          <a href={valid ? href : undefined} download data-testid="bnpl-money-records-download">
            {t("bnpl.settings.moneyRecordsDownload")}
          </a>
        </Button>
      </div>
    </div>
  )
}
