import { Badge, Button, Input, Label, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useCatalogueSearch, type PICKED_LISTS } from "../lib/catalogue-names"

type ListKey = (typeof PICKED_LISTS)[number]

/** One exclusion list picked by name from Medusa's catalogue; the setting keeps ids, never typed. */
export function ExclusionPicker(props: {
  id: string
  listKey: ListKey
  label: string
  selected: string[]
  nameOf: (stored: string) => string
  onChange: (selected: string[]) => void
}) {
  const { id, listKey, selected, nameOf, onChange } = props
  const { t } = useTranslation()
  const [text, setText] = useState("")
  const search = useCatalogueSearch(listKey, text)
  const offered = (search.data ?? []).filter((entry) => !selected.includes(entry.stored)).slice(0, 8)
  return (
    <div className="flex flex-col gap-y-1" data-testid={`bnpl-exclusions-${listKey}`}>
      <Label htmlFor={id}>{props.label}</Label>
      <div className="flex flex-wrap gap-1">
        {selected.map((stored) => (
          <Badge key={stored} size="2xsmall" data-testid="bnpl-exclusion-picked">
            {nameOf(stored)}
            <button
              type="button"
              className="ml-1"
              aria-label={t("bnpl.settings.takeOut", { name: nameOf(stored) })}
              onClick={() => onChange(selected.filter((entry) => entry !== stored))}
            >
              ×
            </button>
          </Badge>
        ))}
        {!selected.length && (
          <Text size="xsmall" className="text-ui-fg-muted">
            {t("bnpl.settings.none")}
          </Text>
        )}
      </div>
      <Input
        id={id}
        size="small"
        placeholder={t("bnpl.settings.search", { noun: t(`bnpl.settings.noun_${listKey}`) })}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {offered.length > 0 && (
        <div className="flex flex-wrap gap-1" data-testid="bnpl-exclusion-offers">
          {offered.map((entry) => (
            <Button
              key={entry.stored}
              size="small"
              variant="transparent"
              onClick={() => {
                onChange([...selected, entry.stored])
                setText("")
              }}
            >
              + {entry.name}
            </Button>
          ))}
        </div>
      )}
      {text.trim() && search.isSuccess && !offered.length && (
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("bnpl.settings.nothingMatches", { text: text.trim() })}
        </Text>
      )}
    </div>
  )
}
