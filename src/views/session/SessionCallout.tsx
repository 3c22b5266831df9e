import { Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { selectMessage } from "../../machines/session/session-selectors"
import { useSessionActor } from "../common/actor-context"

const NEUTRAL = new Set(["loggedOut"])

/** The session's last message (login failure, token problems, expiry), translated, with the server's words below. */
export const SessionCallout = () => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const { message, detail } = useSelector(session, selectMessage)
  if (!message) return null
  return (
    <Callout intent={NEUTRAL.has(message) ? "primary" : "danger"} className="mc-callout" data-testid="session-message" role="alert">
      <div>{t(`session.${message}`)}</div>
      {detail ? <div className="mc-muted">{detail}</div> : null}
    </Callout>
  )
}
