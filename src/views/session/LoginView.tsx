import { useSelector } from "@xstate/react"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { selectMessage, selectPhase } from "../../machines/session/session-selectors"
import { useSessionActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"

const NEUTRAL = new Set(["loggedOut"])

/** The login page: plain form controls styled like Blueprint's (see base.css), to keep the first download small. */
export const LoginView = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const phase = useSelector(session, selectPhase)
  const { message, detail } = useSelector(session, selectMessage)
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
      {message ? (
        <div
          className={`mc-plain-callout ${NEUTRAL.has(message) ? "mc-plain-callout-info" : "mc-plain-callout-danger"}`}
          role="alert"
          data-testid="session-message"
        >
          <div>{t(`session.${message}`)}</div>
          {detail ? <div className="mc-muted">{detail}</div> : null}
        </div>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="login-form">
        <label className="mc-field" htmlFor="login-username">
          <span className="mc-field-label">{t("login.username")}</span>
          <input
            id="login-username"
            name="username"
            className="mc-input"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            disabled={busy}
          />
        </label>
        <label className="mc-field" htmlFor="login-password">
          <span className="mc-field-label">{t("login.password")}</span>
          <span className="mc-input-wrap">
            <input
              id="login-password"
              name="password"
              className="mc-input"
              autoComplete="current-password"
              type={reveal ? "text" : "password"}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              disabled={busy}
            />
            <button
              type="button"
              className="mc-input-action"
              onClick={() => setReveal(!reveal)}
              aria-label={t(reveal ? "login.hidePassword" : "login.showPassword")}
              title={t(reveal ? "login.hidePassword" : "login.showPassword")}
            >
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M8 3C4.5 3 1.6 5.3.5 8c1.1 2.7 4 5 7.5 5s6.4-2.3 7.5-5C14.4 5.3 11.5 3 8 3Zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6ZM8 6.2a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6Z"
                />
                {reveal ? <path stroke="currentColor" strokeWidth="1.6" d="M2 14 14 2" /> : null}
              </svg>
            </button>
          </span>
        </label>
        {missing ? (
          <p className="mc-field-error" role="alert">
            {t("login.required")}
          </p>
        ) : null}
        <button type="submit" className="mc-button mc-button-primary" disabled={busy} aria-busy={busy} data-testid="login-submit">
          {busy ? <span className="mc-spinner mc-spinner-small" aria-hidden="true" /> : null}
          {t(busy ? "login.submitting" : "login.submit")}
        </button>
        <div className="mc-auth-links">
          <Link to="/pages/auth/forgot-password">{t("login.forgot")}</Link>
          {" · "}
          <Link to="/login/otp" data-testid="login-otp-link">
            {t("login.otp")}
          </Link>
          {" · "}
          <Link to="/register" data-testid="login-register-link">
            {t("login.register")}
          </Link>
        </div>
      </form>
    </AuthFrame>
  )
}
