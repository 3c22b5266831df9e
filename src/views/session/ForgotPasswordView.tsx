import { Button } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useNavigate } from "react-router-dom"
import { useAccountActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"
import { AccountProblem, AuthField } from "./AuthField"

export const ForgotPasswordView = () => {
  const { t } = useTranslation()
  const account = useAccountActor()
  const navigate = useNavigate()
  const sending = useSelector(account, (s) => s.hasTag("busy"))
  const sent = useSelector(account, (s) => s.hasTag("mailSent"))
  const problem = useSelector(account, (s) => s.context.problem)
  const failure = useSelector(account, (s) => s.context.failure)
  const [email, setEmail] = useState("")

  useEffect(() => {
    if (sent) navigate("/pages/auth/mail-confirm")
  }, [sent, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    account.send({ type: "FORGOT", email })
  }

  return (
    <AuthFrame title={t("account.forgotTitle")} subtitle={t("account.forgotBody")}>
      <AccountProblem problem={problem} failure={failure} />
      <form onSubmit={submit} noValidate>
        <AuthField
          id="forgot-email"
          label={t("account.email")}
          icon="envelope"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onValueChange={setEmail}
        />
        <Button type="submit" intent="primary" size="large" fill loading={sending} text={t("account.sendLink")} />
      </form>
      <div className="mc-auth-links">
        <Link to="/login">{t("account.backToLogin")}</Link>
      </div>
    </AuthFrame>
  )
}
