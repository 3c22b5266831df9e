import { Button, Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router-dom"
import { MIN_PASSWORD } from "../../machines/session/account-machine"
import { useAccountActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"
import { AccountProblem, AuthField } from "./AuthField"

/** `/pages/auth/reset-password?token=...`: the link of the reset mail. */
export const ResetPasswordView = () => {
  const { t } = useTranslation()
  const account = useAccountActor()
  const [params] = useSearchParams()
  const resetting = useSelector(account, (s) => s.hasTag("busy"))
  const done = useSelector(account, (s) => s.hasTag("passwordChanged"))
  const problem = useSelector(account, (s) => s.context.problem)
  const failure = useSelector(account, (s) => s.context.failure)
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
      <AccountProblem problem={problem} failure={failure} values={{ min: MIN_PASSWORD }} />
      <form onSubmit={submit} noValidate>
        <AuthField
          id="reset-password"
          label={t("account.newPassword")}
          icon="lock"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <AuthField
          id="reset-confirm"
          label={t("account.confirmPassword")}
          icon="lock"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
        <Button type="submit" intent="primary" size="large" fill loading={resetting} text={t("account.resetSubmit")} />
      </form>
      <div className="mc-auth-links">
        <Link to="/login">{t("account.backToLogin")}</Link>
      </div>
    </AuthFrame>
  )
}
