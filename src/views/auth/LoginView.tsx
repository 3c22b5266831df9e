import { Button, FormGroup, InputGroup } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { selectPhase } from "../../machines/session/session-selectors"
import { useSessionActor } from "../actor-context"
import { AuthFrame } from "./AuthFrame"
import { SessionCallout } from "./SessionCallout"

export const LoginView = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const phase = useSelector(session, selectPhase)
  const [username, setUsername] = useState("")
  const [password, setPassword] = useState("")
  const [reveal, setReveal] = useState(false)
  const [missing, setMissing] = useState(false)
  const busy = phase === "authenticating"

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim() || !password) return setMissing(true)
    setMissing(false)
    session.send({ type: "LOGIN", username: username.trim(), password })
  }

  return (
    <AuthFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <SessionCallout />
      <form onSubmit={submit} noValidate data-testid="login-form">
        <FormGroup label={t("login.username")} labelFor="login-username">
          <InputGroup id="login-username" name="username" size="large" leftIcon="person" autoComplete="username" autoFocus
            value={username} onValueChange={setUsername} disabled={busy} />
        </FormGroup>
        <FormGroup label={t("login.password")} labelFor="login-password">
          <InputGroup id="login-password" name="password" size="large" leftIcon="lock" autoComplete="current-password"
            type={reveal ? "text" : "password"} value={password} onValueChange={setPassword} disabled={busy}
            rightElement={
              <Button variant="minimal" icon={reveal ? "eye-off" : "eye-open"} aria-label={t(reveal ? "login.hidePassword" : "login.showPassword")}
                onClick={() => setReveal(!reveal)} />
            } />
        </FormGroup>
        {missing ? <p className="mc-field-error" role="alert">{t("login.required")}</p> : null}
        <Button type="submit" intent="primary" size="large" fill loading={busy} text={t("login.submit")} data-testid="login-submit" />
        <div className="mc-auth-links">
          <Link to="/pages/auth/forgot-password">{t("login.forgot")}</Link>
        </div>
      </form>
    </AuthFrame>
  )
}
