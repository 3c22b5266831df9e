/** The pieces the Blueprint-drawn logged-out pages share (forgot password, reset password, lock screen). */
import { Callout, FormGroup, type IconName, InputGroup } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { Failure } from "../../machines/common/failure"
import { useFailureText } from "../common/failure-text"

interface AuthFieldProps {
  readonly id: string
  readonly label: string
  readonly icon: IconName
  readonly value: string
  readonly onValueChange: (value: string) => void
  readonly type?: "email" | "password"
  readonly autoComplete: string
  readonly autoFocus?: boolean
}

/** A large labelled input. */
export const AuthField = ({ id, label, icon, value, onValueChange, type, autoComplete, autoFocus }: AuthFieldProps) => (
  <FormGroup label={label} labelFor={id}>
    <InputGroup
      id={id}
      type={type}
      size="large"
      leftIcon={icon}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      value={value}
      onValueChange={onValueChange}
    />
  </FormGroup>
)

/** The account actor's problem (`account.<problem>`), with the server's failure under it. */
export const AccountProblem = ({
  problem,
  failure,
  values,
}: {
  problem: string | null
  failure: Failure | null
  values?: Record<string, unknown>
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  if (!problem) return null
  return (
    <Callout intent="danger" className="mc-callout" role="alert" data-testid="account-problem">
      {t(`account.${problem}`, values)}
      {failure ? <div className="mc-muted">{failureText(failure)}</div> : null}
    </Callout>
  )
}
