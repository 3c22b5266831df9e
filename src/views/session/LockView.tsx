import { Button, Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, Navigate } from "react-router-dom"
import { selectDisplayName, selectPhase } from "../../machines/session/session-selectors"
import { useSessionActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"
import { AuthField } from "./AuthField"
import { SessionCallout } from "./SessionCallout"

/**
 * `/pages/auth/lock`: the lock screen. The toolbar's Lock sends LOCK and the gate keeps a locked session here (a
 * reload too); the password, checked by the server, unlocks it. An open session has nothing to unlock: home.
 */
export const LockView = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const phase = useSelector(session, selectPhase)
  const name = useSelector(session, selectDisplayName)
  const knowsUsername = useSelector(session, (s) => Boolean(s.context.username))
  const [username, setUsername] = useState("")
  const [password, setPassword] = useState("")

  if (phase === "loggedIn") return <Navigate to="/" replace />
  if (phase === "loggedOut") {
    return (
      <AuthFrame title={t("account.lockTitle")}>
        <Callout intent="primary" className="mc-callout">
          {t("session.toLogin")}
        </Callout>
        <Link to="/login">
          <Button intent="primary" fill text={t("session.toLogin")} />
        </Link>
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
          <AuthField
            id="lock-username"
            label={t("login.username")}
            icon="person"
            autoComplete="username"
            value={username}
            onValueChange={setUsername}
          />
        )}
        <AuthField
          id="lock-password"
          label={t("login.password")}
          icon="lock"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onValueChange={setPassword}
        />
        <Button type="submit" intent="primary" size="large" fill loading={phase === "unlocking"} text={t("account.unlock")} />
      </form>
      <div className="mc-auth-links">
        <Button
          variant="minimal"
          intent="primary"
          text={t("account.notYou")}
          onClick={() => session.send({ type: "LOGOUT" })}
          data-testid="lock-sign-out"
        />
      </div>
    </AuthFrame>
  )
}
