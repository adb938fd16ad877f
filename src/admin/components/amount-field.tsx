import { Button, Input, Label, Text } from "@medusajs/ui"

/** The box's amount entry: empty until typed ("0.00" is a hint, never a value); the button waits for the checks. */
export function AmountField(props: {
  id: string
  label: string
  /** The hint in the empty field, "0.00" as the admin's language writes it. */
  placeholder: string
  value: string
  onChange: (value: string) => void
  /** The checks' verdict on the typed amount; undefined while nothing is typed. */
  checked: { ok: true } | { ok: false; message: string } | undefined
  action: string
  pending: boolean
  onSubmit: () => void
  testId: string
}) {
  const { id, checked, testId } = props
  return (
    <>
      <Label htmlFor={id} size="small" weight="plus">
        {props.label}
      </Label>
      <div className="flex items-center gap-x-2">
        <Input
          id={id}
          size="small"
          inputMode="decimal"
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={checked ? !checked.ok : undefined}
          data-testid={testId}
        />
        <Button
          size="small"
          variant="secondary"
          disabled={!checked?.ok}
          isLoading={props.pending}
          onClick={props.onSubmit}
          data-testid={`${testId}-button`}
        >
          {props.action}
        </Button>
      </div>
      {checked && !checked.ok && (
        <Text size="small" className="text-ui-fg-error" data-testid={`${testId}-error`}>
          {checked.message}
        </Text>
      )}
    </>
  )
}
