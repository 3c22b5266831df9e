/** The caps per channel kind of a role or of one user: a labelled number field a kind, empty meaning "not set here". */
import { FormGroup, InputGroup } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { CAPACITY_KINDS, type CapacityDraft } from "../../machines/admin/capacity-draft"

export const CapacityFields = ({
  value,
  onChange,
  label,
  help,
  empty,
  testId,
}: {
  readonly value: CapacityDraft
  readonly onChange: (capacity: CapacityDraft) => void
  readonly label: string
  readonly help: string
  /** What an empty field means (the tenant's cap, the role's). */
  readonly empty: string
  readonly testId: string
}) => {
  const { t } = useTranslation()
  return (
    <FormGroup label={label} helperText={help}>
      <div className="mc-role-capacity">
        {CAPACITY_KINDS.map((kind) => (
          <label key={kind} className="mc-role-capacity-kind">
            {t(`admin.roles.capacityKinds.${kind}`)}
            <InputGroup
              inputMode="numeric"
              placeholder={empty}
              value={value[kind]}
              onValueChange={(typed) => onChange({ ...value, [kind]: typed })}
              data-testid={`${testId}-${kind}`}
            />
          </label>
        ))}
      </div>
    </FormGroup>
  )
}
