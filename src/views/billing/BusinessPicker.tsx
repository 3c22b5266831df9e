/** The business a super admin's form works on (limits, billing): a select of the billing accounts, a spinner while loading. */
import { FormGroup, HTMLSelect, Spinner } from "@blueprintjs/core"
import type { Business } from "../../machines/common/business-picker"

export const BusinessPicker = (props: {
  /** Element id and test id of the select. */
  readonly id: string
  readonly label: string
  readonly businesses: readonly Business[]
  readonly clientId: number | null
  readonly loading: boolean
  readonly disabled: boolean
  readonly onPick: (clientId: number) => void
}) => (
  <FormGroup label={props.label} labelFor={props.id} inline>
    <HTMLSelect
      id={props.id}
      value={props.clientId === null ? "" : String(props.clientId)}
      disabled={props.disabled}
      onChange={(e) => props.onPick(Number(e.currentTarget.value))}
      data-testid={props.id}
    >
      {props.businesses.map((b) => (
        <option key={b.id} value={String(b.id)}>
          {b.name}
        </option>
      ))}
    </HTMLSelect>
    {props.loading ? <Spinner size={16} /> : null}
  </FormGroup>
)
