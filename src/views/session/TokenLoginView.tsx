import { Button, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router-dom"
import { selectPhase } from "../../machines/session/session-selectors"
import { useSessionActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"
import { SessionCallout } from "./SessionCallout"

/** `/pages/auth/token?access_token=...`: signs in with a single-use token (spec 000 section 8 for its messages). */
export const TokenLoginView = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const phase = useSelector(session, selectPhase)
  const [params] = useSearchParams()
  // A ref guards against StrictMode's second effect run; the state re-renders once the request is out.
  const sentRef = useRef(false)
  const [sent, setSent] = useState(false)
  const accessToken = params.get("access_token")

  useEffect(() => {
    if (sentRef.current || phase !== "loggedOut") return
    sentRef.current = true
    session.send({ type: "TOKEN_LOGIN", accessToken })
    setSent(true)
  }, [accessToken, phase, session])

  const busy = phase === "authenticating" || !sent
  return (
    <AuthFrame title={t("routes.tokenLogin")}>
      {busy ? (
        <div className="mc-token-wait">
          <Spinner size={24} /> <span>{t("session.tokenChecking")}</span>
        </div>
      ) : (
        <>
          <SessionCallout />
          <Link to="/login">
            <Button intent="primary" size="large" fill text={t("session.toLogin")} />
          </Link>
        </>
      )}
    </AuthFrame>
  )
}
