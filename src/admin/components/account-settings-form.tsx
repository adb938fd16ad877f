import { Button, Heading, Label, Select, Switch, Table, Text, Textarea, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { errorMessage, payLaterApi, type AccountSettings, type AccountSettingsView, type StoredSettings } from "../lib/api"
import { formatTime } from "../lib/format"
import { PICKED_LISTS, useCatalogueNames } from "../lib/catalogue-names"
import {
  CAPTURE_MODES,
  captureModeLabel,
  describeSetting,
  exclusionLabel,
  FAILURE_POLICIES,
  failureLabel,
  fieldLabel,
  sameValue,
  type Translate,
} from "../lib/settings-words"
import { ExclusionPicker } from "./exclusion-picker"
import { MessageTextsFields, messageDraftOf, messageOf, type MessageDraft } from "./message-texts-fields"

/** The form's state: SKUs as text (one a line or comma-separated), the other lists as picked, numbers as text. */
interface Draft {
  enabled: boolean
  capture: AccountSettings["capture"]
  onOrderFailure: AccountSettings["onOrderFailure"]
  exclusions: Omit<AccountSettings["exclusions"], "variantSkus"> & { variantSkus: string }
  message: MessageDraft
}

function draftOf(settings: AccountSettings): Draft {
  return {
    enabled: settings.enabled,
    capture: settings.capture,
    onOrderFailure: settings.onOrderFailure,
    exclusions: { ...settings.exclusions, variantSkus: settings.exclusions.variantSkus.join("\n") },
    message: messageDraftOf(settings.message),
  }
}

// Text as the route takes it: empty message fields left out; the route checks the rest and names a bad field.
function settingsOf(draft: Draft): AccountSettings {
  const skus = draft.exclusions.variantSkus
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  return {
    enabled: draft.enabled,
    capture: draft.capture,
    onOrderFailure: draft.onOrderFailure,
    exclusions: { ...draft.exclusions, variantSkus: skus },
    message: messageOf(draft.message),
  }
}

// Only the fields the admin changed are sent, compared as values: the others keep following medusa-config.
function changesOf(before: AccountSettings, after: AccountSettings): StoredSettings {
  const changed = (Object.keys(after) as Array<keyof AccountSettings>).filter((name) => !sameValue(before[name], after[name]))
  return Object.fromEntries(changed.map((name) => [name, after[name]]))
}

/** One account's editable settings and their change log; credentials and hosts stay in medusa-config. */
export function AccountSettingsForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const queryKey = ["bnpl", "settings", accountId]
  const { data, error } = useQuery({ queryKey, queryFn: () => payLaterApi.accountSettings(accountId) })
  const [draft, setDraft] = useState<Draft | undefined>()
  const view = data?.settings
  // Names for what is picked now, what applies and what the change log lists.
  const picked = draft ? { ...draft.exclusions, variantSkus: [] } : undefined
  const logged = (view?.changes ?? []).flatMap((save) =>
    save.changes
      .filter((change) => change.field === "exclusions")
      .flatMap((change) => [change.from, change.to] as Array<Partial<AccountSettings["exclusions"]> | null>),
  )
  const nameOf = useCatalogueNames([picked, view?.settings.exclusions, ...logged])
  useEffect(() => {
    if (view) setDraft(draftOf(view.settings))
  }, [view])
  const save = useMutation({
    mutationFn: (changes: StoredSettings) => payLaterApi.saveAccountSettings(accountId, changes),
    onSuccess: (answer: { settings: AccountSettingsView }) => {
      queryClient.setQueryData(queryKey, answer)
      queryClient.invalidateQueries({ queryKey: ["bnpl", "accounts"] })
      toast.success(t("bnpl.settings.saved"))
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  })
  if (error)
    return (
      <Text size="small" className="text-ui-fg-error px-6 py-4">
        {errorMessage(error)}
      </Text>
    )
  if (!view || !draft) return null
  const changes = changesOf(view.settings, settingsOf(draft))
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })
  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="bnpl-settings-form">
      <Heading level="h3">{t("bnpl.settings.settings")}</Heading>
      <div className="flex items-center gap-x-2">
        <Switch
          id={`${accountId}-enabled`}
          checked={draft.enabled}
          onCheckedChange={(enabled) => set({ enabled })}
          data-testid="bnpl-settings-enabled"
        />
        <Label htmlFor={`${accountId}-enabled`}>{fieldLabel(t, "enabled")}</Label>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-y-1">
          <Label>{fieldLabel(t, "capture")}</Label>
          <Select value={draft.capture} onValueChange={(capture) => set({ capture: capture as Draft["capture"] })}>
            <Select.Trigger aria-label={fieldLabel(t, "capture")} data-testid="bnpl-settings-capture">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {CAPTURE_MODES.map((value) => (
                <Select.Item key={value} value={value}>
                  {captureModeLabel(t, value)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label>{fieldLabel(t, "onOrderFailure")}</Label>
          <Select value={draft.onOrderFailure} onValueChange={(value) => set({ onOrderFailure: value as Draft["onOrderFailure"] })}>
            <Select.Trigger aria-label={fieldLabel(t, "onOrderFailure")} data-testid="bnpl-settings-on-order-failure">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {FAILURE_POLICIES.map((value) => (
                <Select.Item key={value} value={value}>
                  {failureLabel(t, value)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      </div>
      <Text size="small" weight="plus">
        {fieldLabel(t, "exclusions")}
      </Text>
      <div className="grid grid-cols-3 gap-4">
        {PICKED_LISTS.map((key) => (
          <ExclusionPicker
            key={key}
            id={`${accountId}-${key}`}
            listKey={key}
            label={exclusionLabel(t, key)}
            selected={draft.exclusions[key]}
            nameOf={nameOf}
            onChange={(selected) => set({ exclusions: { ...draft.exclusions, [key]: selected } })}
          />
        ))}
        <div className="flex flex-col gap-y-1">
          <Label htmlFor={`${accountId}-variantSkus`}>{exclusionLabel(t, "variantSkus")}</Label>
          <Textarea
            id={`${accountId}-variantSkus`}
            rows={2}
            placeholder={t("bnpl.settings.oneSkuALine")}
            value={draft.exclusions.variantSkus}
            data-testid="bnpl-settings-exclusions-variantSkus"
            onChange={(event) => set({ exclusions: { ...draft.exclusions, variantSkus: event.target.value } })}
          />
        </div>
      </div>
      <MessageTextsFields accountId={accountId} draft={draft.message} onChange={(message) => set({ message })} />
      <div className="flex justify-end">
        <Button
          size="small"
          disabled={!Object.keys(changes).length}
          isLoading={save.isPending}
          onClick={() => save.mutate(changes)}
          data-testid="bnpl-settings-save"
        >
          {t("bnpl.settings.save")}
        </Button>
      </div>
      <ChangeLog view={view} nameOf={nameOf} t={t} />
    </div>
  )
}

/** The latest saves, newest first: each field in the form's words, exclusions by name. */
function ChangeLog({ view, nameOf, t }: { view: AccountSettingsView; nameOf: (stored: string) => string; t: Translate }) {
  if (!view.changes.length)
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {t("bnpl.settings.noChanges")}
      </Text>
    )
  return (
    <Table data-testid="bnpl-settings-changes">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("bnpl.settings.when")}</Table.HeaderCell>
          <Table.HeaderCell>{t("bnpl.settings.who")}</Table.HeaderCell>
          <Table.HeaderCell>{t("bnpl.settings.whatChanged")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {view.changes.map((change) => (
          <Table.Row key={`${change.changedAt}-${change.userId}`}>
            <Table.Cell>{formatTime(change.changedAt)}</Table.Cell>
            <Table.Cell>{change.userEmail ?? change.userId}</Table.Cell>
            <Table.Cell>
              {change.changes.map(({ field, from, to }) => (
                <Text key={field} size="small" data-testid="bnpl-settings-change">
                  {fieldLabel(t, field)}: {describeSetting(t, field, from, nameOf)} → {describeSetting(t, field, to, nameOf)}
                </Text>
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
