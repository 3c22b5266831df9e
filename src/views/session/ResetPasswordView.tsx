import { Button, Callout, FormGroup, InputGroup } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router-dom"
import { MIN_PASSWORD } from "../../machines/session/account-machine"
import { useAccountActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { AuthFrame } from "./AuthFrame"

/** `/pages/auth/reset-password?token=...`: the link of the reset mail. */
export const ResetPasswordView = () => {
  const { t } = useTranslation()
  const account = useAccountActor()
  const [params] = useSearchParams()
  const resetting = useSelector(account, (s) => s.hasTag("busy"))
  const done = useSelector(account, (s) => s.hasTag("passwordChanged"))
  const problem = useSelector(account, (s) => s.context.problem)
  const failure = useSelector(account, (s) => s.context.failure)
  const failureText = useFailureText()
  const [password, setPassword] = useState("")
  const [confirm, setConfirm] = useState("")

  const submit = (event: FormEvent) => {
    event.preventDefault()
    account.send({ type: "RESET", token: params.get("token"), password, confirm })
  }

  if (done) {
    return (
      <AuthFrame title={t("account.resetTitle")}>
        <Callout intent="success" className="mc-callout" data-testid="reset-done">
          {t("account.resetDone")}
        </Callout>
        <Link to="/login" onClick={() => account.send({ type: "ACCOUNT.CLEAR" })}>
          <Button intent="primary" fill text={t("account.backToLogin")} />
        </Link>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title={t("account.resetTitle")}>
      {problem ? (
        <Callout intent="danger" className="mc-callout" role="alert" data-testid="account-problem">
          {t(`account.${problem}`, { min: MIN_PASSWORD })}
          {failure ? <div className="mc-muted">{failureText(failure)}</div> : null}
        </Callout>
      ) : null}
      <form onSubmit={submit} noValidate>
        <FormGroup label={t("account.newPassword")} labelFor="reset-password">
          <InputGroup
            id="reset-password"
            type="password"
            size="large"
            leftIcon="lock"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
        </FormGroup>
        <FormGroup label={t("account.confirmPassword")} labelFor="reset-confirm">
          <InputGroup
            id="reset-confirm"
            type="password"
            size="large"
            leftIcon="lock"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
          />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={resetting} text={t("account.resetSubmit")} />
      </form>
      <div className="mc-auth-links">
        <Link to="/login">{t("account.backToLogin")}</Link>
      </div>
    </AuthFrame>
  )
}
