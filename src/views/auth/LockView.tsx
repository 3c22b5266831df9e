import { Button, Callout, FormGroup, InputGroup } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useNavigate } from "react-router-dom"
import { selectDisplayName, selectPhase } from "../../machines/session/session-selectors"
import { useSessionActor } from "../actor-context"
import { AuthFrame } from "./AuthFrame"
import { SessionCallout } from "./SessionCallout"

/** `/pages/auth/lock`: opening it locks the session; the password (checked by the server) unlocks it. */
export const LockView = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const navigate = useNavigate()
  const phase = useSelector(session, selectPhase)
  const name = useSelector(session, selectDisplayName)
  const knowsUsername = useSelector(session, (s) => Boolean(s.context.username))
  const [username, setUsername] = useState("")
  const [password, setPassword] = useState("")
  const wasLocked = useRef(false)

  useEffect(() => {
    if (phase === "loggedIn" && !wasLocked.current) session.send({ type: "LOCK" })
    if (phase === "locked") wasLocked.current = true
    // Unlocked: back to the console.
    if (phase === "loggedIn" && wasLocked.current) navigate("/", { replace: true })
  }, [phase, session, navigate])

  if (phase === "loggedOut") {
    return (
      <AuthFrame title={t("account.lockTitle")}>
        <Callout intent="primary" className="mc-callout">{t("session.toLogin")}</Callout>
        <Link to="/login"><Button intent="primary" fill text={t("session.toLogin")} /></Link>
      </AuthFrame>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    session.send({ type: "UNLOCK", password, ...(knowsUsername ? {} : { username }) })
  }
  return (
    <AuthFrame title={t("account.lockTitle")} subtitle={name ? `${name} · ${t("account.lockBody")}` : t("account.lockBody")}>
      <SessionCallout />
      <form onSubmit={submit} noValidate data-testid="lock-form">
        {knowsUsername ? null : (
          <FormGroup label={t("login.username")} labelFor="lock-username">
            <InputGroup id="lock-username" size="large" leftIcon="person" autoComplete="username" value={username} onValueChange={setUsername} />
          </FormGroup>
        )}
        <FormGroup label={t("login.password")} labelFor="lock-password">
          <InputGroup id="lock-password" type="password" size="large" leftIcon="lock" autoComplete="current-password" autoFocus value={password} onValueChange={setPassword} />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={phase === "unlocking"} text={t("account.unlock")} />
      </form>
      <div className="mc-auth-links">
        <a href="#" onClick={(event) => { event.preventDefault(); session.send({ type: "LOGOUT" }) }}>{t("account.notYou")}</a>
      </div>
    </AuthFrame>
  )
}
