import { Button, Heading, Input, Label, Select, Switch, Table, Text, Textarea, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { errorMessage, payLaterApi, type AccountSettings, type AccountSettingsView, type StoredSettings } from "../lib/api"
import { CAPTURE_MODE_LABELS, formatTime } from "../lib/format"

/** The exclusion lists, as the form names them (options.ts `exclusionsSchema`). */
const EXCLUSION_FIELDS: Array<{ key: keyof AccountSettings["exclusions"]; label: string; hint: string }> = [
  { key: "productIds", label: "Products", hint: "product ids (prod_…)" },
  { key: "variantSkus", label: "Variant SKUs", hint: "SKUs" },
  { key: "categoryIds", label: "Categories", hint: "category ids (pcat_…); their sub-categories too" },
  { key: "collectionIds", label: "Collections", hint: "collection ids (pcol_…)" },
  { key: "typeIds", label: "Product types", hint: "type ids (ptyp_…)" },
  { key: "tags", label: "Tags", hint: "tag values (gift-card)" },
]

const FAILURE_LABELS: Record<AccountSettings["onOrderFailure"], string> = {
  void: "Void the approval at once",
  hold: "Hold it for a person to place or void",
}

const FIELD_LABELS: Record<keyof AccountSettings, string> = {
  enabled: "Enabled",
  capture: "Capture",
  exclusions: "Exclusions",
  message: "Message",
  onOrderFailure: "When an order fails",
}

/** The form's state: lists as text (one entry a line or comma-separated), numbers as text. */
interface Draft {
  enabled: boolean
  capture: AccountSettings["capture"]
  onOrderFailure: AccountSettings["onOrderFailure"]
  exclusions: Record<keyof AccountSettings["exclusions"], string>
  message: { available: string; instalments: string; instalmentText: string; outside: string }
}

function draftOf(settings: AccountSettings): Draft {
  const { available = "", instalments, instalmentText = "", outside = "" } = settings.message
  return {
    enabled: settings.enabled,
    capture: settings.capture,
    onOrderFailure: settings.onOrderFailure,
    exclusions: Object.fromEntries(EXCLUSION_FIELDS.map(({ key }) => [key, settings.exclusions[key].join("\n")])) as Draft["exclusions"],
    message: { available, instalments: instalments === undefined ? "" : String(instalments), instalmentText, outside },
  }
}

// Text as the route takes it: empty message fields left out; the route checks the rest and names a bad field.
function settingsOf(draft: Draft): AccountSettings {
  const list = (text: string) => text.split(/[\n,]/).map((entry) => entry.trim()).filter(Boolean)
  const text = Object.entries(draft.message).filter(([name, value]) => name !== "instalments" && value.trim())
  const instalments = draft.message.instalments.trim()
  return {
    enabled: draft.enabled,
    capture: draft.capture,
    onOrderFailure: draft.onOrderFailure,
    exclusions: Object.fromEntries(EXCLUSION_FIELDS.map(({ key }) => [key, list(draft.exclusions[key])])) as AccountSettings["exclusions"],
    message: { ...Object.fromEntries(text.map(([name, value]) => [name, value.trim()])), ...(instalments ? { instalments: Number(instalments) } : {}) },
  }
}

// Only the fields the admin changed are sent: the others keep following medusa-config.
function changesOf(before: AccountSettings, after: AccountSettings): StoredSettings {
  const changed = (Object.keys(after) as Array<keyof AccountSettings>).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
  return Object.fromEntries(changed.map((name) => [name, after[name]]))
}

function describeValue(value: unknown): string {
  if (typeof value === "boolean") return value ? "on" : "off"
  if (typeof value === "string") return CAPTURE_MODE_LABELS[value] ?? value
  if (value && typeof value === "object") {
    const parts = Object.entries(value).filter(([, entry]) => !(Array.isArray(entry) && entry.length === 0))
    return parts.length ? parts.map(([name, entry]) => `${name}: ${Array.isArray(entry) ? entry.join(", ") : String(entry)}`).join("; ") : "none"
  }
  return String(value)
}

/**
 * The settings a merchant edits for one account (Settings -> Pay later): enabled, capture mode,
 * exclusions, the storefront message's defaults and the failure policy, saved with the admin's
 * session; the saves below, newest first, with the admin's e-mail. Credentials and hosts are
 * not here: they stay in medusa-config.
 */
export function AccountSettingsForm({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient()
  const queryKey = ["bnpl", "settings", accountId]
  const { data, error } = useQuery({ queryKey, queryFn: () => payLaterApi.accountSettings(accountId) })
  const [draft, setDraft] = useState<Draft | undefined>()
  const view = data?.settings
  useEffect(() => {
    if (view) setDraft(draftOf(view.settings))
  }, [view])
  const save = useMutation({
    mutationFn: (changes: StoredSettings) => payLaterApi.saveAccountSettings(accountId, changes),
    onSuccess: (answer: { settings: AccountSettingsView }) => {
      queryClient.setQueryData(queryKey, answer)
      queryClient.invalidateQueries({ queryKey: ["bnpl", "accounts"] })
      toast.success("Settings saved. Every server applies them within a minute.")
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  })
  if (error) return <Text size="small" className="text-ui-fg-error px-6 py-4">{errorMessage(error)}</Text>
  if (!view || !draft) return null
  const changes = changesOf(view.settings, settingsOf(draft))
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })
  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="bnpl-settings-form">
      <Heading level="h3">Settings</Heading>
      <div className="flex items-center gap-x-2">
        <Switch id={`${accountId}-enabled`} checked={draft.enabled} onCheckedChange={(enabled) => set({ enabled })} data-testid="bnpl-settings-enabled" />
        <Label htmlFor={`${accountId}-enabled`}>Offer pay later with this account</Label>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-y-1">
          <Label>Capture</Label>
          <Select value={draft.capture} onValueChange={(capture) => set({ capture: capture as Draft["capture"] })}>
            <Select.Trigger data-testid="bnpl-settings-capture"><Select.Value /></Select.Trigger>
            <Select.Content>
              {Object.entries(CAPTURE_MODE_LABELS).map(([value, label]) => <Select.Item key={value} value={value}>{label}</Select.Item>)}
            </Select.Content>
          </Select>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label>When an approved order cannot be placed</Label>
          <Select value={draft.onOrderFailure} onValueChange={(value) => set({ onOrderFailure: value as Draft["onOrderFailure"] })}>
            <Select.Trigger data-testid="bnpl-settings-on-order-failure"><Select.Value /></Select.Trigger>
            <Select.Content>
              {Object.entries(FAILURE_LABELS).map(([value, label]) => <Select.Item key={value} value={value}>{label}</Select.Item>)}
            </Select.Content>
          </Select>
        </div>
      </div>
      <Text size="small" weight="plus">Not offered for (one entry a line)</Text>
      <div className="grid grid-cols-3 gap-4">
        {EXCLUSION_FIELDS.map(({ key, label, hint }) => (
          <div key={key} className="flex flex-col gap-y-1">
            <Label htmlFor={`${accountId}-${key}`}>{label}</Label>
            <Textarea id={`${accountId}-${key}`} rows={2} placeholder={hint} value={draft.exclusions[key]} data-testid={`bnpl-settings-exclusions-${key}`}
              onChange={(event) => set({ exclusions: { ...draft.exclusions, [key]: event.target.value } })} />
          </div>
        ))}
      </div>
      <Text size="small" weight="plus">Storefront message defaults (empty: the kit's own)</Text>
      <div className="grid grid-cols-2 gap-4">
        {(["available", "instalments", "instalmentText", "outside"] as const).map((name) => (
          <div key={name} className="flex flex-col gap-y-1">
            <Label htmlFor={`${accountId}-message-${name}`}>{name}</Label>
            <Input id={`${accountId}-message-${name}`} size="small" value={draft.message[name]} type={name === "instalments" ? "number" : "text"}
              onChange={(event) => set({ message: { ...draft.message, [name]: event.target.value } })} />
          </div>
        ))}
      </div>
      <div className="flex justify-end">
        <Button size="small" disabled={!Object.keys(changes).length} isLoading={save.isPending} onClick={() => save.mutate(changes)} data-testid="bnpl-settings-save">
          Save
        </Button>
      </div>
      <ChangeLog view={view} />
    </div>
  )
}

function ChangeLog({ view }: { view: AccountSettingsView }) {
  if (!view.changes.length) return <Text size="small" className="text-ui-fg-subtle">No change made in the admin yet: medusa-config's options apply.</Text>
  return (
    <Table data-testid="bnpl-settings-changes">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>When</Table.HeaderCell>
          <Table.HeaderCell>Who</Table.HeaderCell>
          <Table.HeaderCell>What changed</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {view.changes.map((change) => (
          <Table.Row key={`${change.changedAt}-${change.userId}`}>
            <Table.Cell>{formatTime(change.changedAt)}</Table.Cell>
            <Table.Cell>{change.userEmail ?? change.userId}</Table.Cell>
            <Table.Cell>
              {change.changes.map(({ field, from, to }) => (
                <Text key={field} size="small">{FIELD_LABELS[field]}: {describeValue(from)} → {describeValue(to)}</Text>
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
