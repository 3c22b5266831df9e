/**
 * `/login/otp`: log in with a one-time code (page actor `otp-login`, machines/otp/otp-login-machine.ts). Loaded only
 * when someone follows the login page's link, so the login route stays small. The refusals are the server's codes,
 * worded here in the user's language.
 */
import { useSelector } from "@xstate/react"
import type { FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { OtpLoginActor } from "../../machines/otp/otp-login-machine"
import { usePageActor } from "../common/actor-context"
import { AuthFrame } from "../session/AuthFrame"
import "./otp.css"

const KNOWN = new Set([
  "OTP_UNKNOWN_USER",
  "OTP_DISABLED",
  "OTP_NO_PROVIDER",
  "OTP_COOLDOWN",
  "OTP_TOO_MANY",
  "OTP_TOO_MANY_FAILURES",
  "TOO_MANY_REQUESTS",
  "OTP_WRONG_CODE",
  "OTP_DEAD",
  "OTP_EXPIRED",
  "OTP_USED",
  "OTP_UNKNOWN_CODE",
  "OTP_NO_LOGIN",
])

export const OtpLoginView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<OtpLoginActor>("otp-login")
  return (
    <AuthFrame title={t("otp.login.title")} subtitle={t("otp.login.subtitle")}>
      {actor ? <Steps actor={actor} /> : null}
      <div className="mc-auth-links">
        <Link to="/login">{t("otp.login.password")}</Link>
      </div>
    </AuthFrame>
  )
}

const Steps = ({ actor }: { actor: OtpLoginActor }) => {
  const { t } = useTranslation()
  const state = useSelector(actor, (s) => s)
  const { username, code, sent, triesLeft, failure } = state.context
  const asking = state.matches("asking") || (state.matches("sending") && sent === null)
  const busy = state.matches("sending") || state.matches("verifying")
  const problem = failure ? t(`otp.login.errors.${KNOWN.has(failure.code) ? failure.code : "other"}`) : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: asking ? "SEND" : "VERIFY" })
  }
  return (
    <form onSubmit={submit} noValidate data-testid="otp-login-form">
      {problem ? (
        <div className="mc-plain-callout mc-plain-callout-danger" role="alert" data-testid="otp-login-problem">
          <div>{problem}</div>
          {failure?.code === "OTP_WRONG_CODE" ? <div>{t("otp.login.triesLeft", { count: triesLeft })}</div> : null}
        </div>
      ) : null}
      {asking ? (
        <label className="mc-field" htmlFor="otp-username">
          <span className="mc-field-label">{t("otp.login.username")}</span>
          <input
            id="otp-username"
            className="mc-input"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => actor.send({ type: "USERNAME", value: e.currentTarget.value })}
            disabled={busy}
          />
        </label>
      ) : (
        <>
          <p className="mc-muted" data-testid="otp-sent-to">
            {t("otp.login.sentTo", { to: sent?.sent_to ?? "" })}
          </p>
          {!state.matches("spent") ? (
            <label className="mc-field" htmlFor="otp-code">
              <span className="mc-field-label">{t("otp.login.code")}</span>
              <input
                id="otp-code"
                className="mc-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                autoFocus
                value={code}
                onChange={(e) => actor.send({ type: "CODE", value: e.currentTarget.value })}
                disabled={busy}
              />
            </label>
          ) : null}
        </>
      )}
      {asking || !state.matches("spent") ? (
        <button type="submit" className="mc-button mc-button-primary" disabled={busy} aria-busy={busy} data-testid="otp-login-submit">
          {busy ? <span className="mc-spinner mc-spinner-small" aria-hidden="true" /> : null}
          {t(asking ? (busy ? "otp.login.sending" : "otp.login.send") : busy ? "otp.login.verifying" : "otp.login.verify")}
        </button>
      ) : null}
      {!asking ? (
        <div className="mc-auth-links">
          <button type="button" className="mc-link-button" onClick={() => actor.send({ type: "RESEND" })} disabled={busy}>
            {t("otp.login.resend")}
          </button>
          <button type="button" className="mc-link-button" onClick={() => actor.send({ type: "BACK" })} disabled={busy}>
            {t("otp.login.back")}
          </button>
        </div>
      ) : null}
    </form>
  )
}
