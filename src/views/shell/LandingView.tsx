import { NonIdealState } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { sidebarOf, selectUserAcl } from "../../machines/acl/acl-selectors"
import { selectDisplayName } from "../../machines/session/session-selectors"
import { useAclActor, useSessionActor } from "../common/actor-context"

/** The root for a user who holds no home route: /dashboard would send them back to `/`. */
export const LandingView = () => {
  const { t } = useTranslation()
  const name = useSelector(useSessionActor(), selectDisplayName)
  const hasPages = useSelector(useAclActor(), (s) => sidebarOf(selectUserAcl(s)).length > 0)
  return (
    <div className="mc-page" data-testid="landing">
      <div className="mc-card mc-empty">
        <NonIdealState
          icon="hand"
          title={t("app.landingTitle", { name })}
          description={t(hasPages ? "app.landingBody" : "app.landingEmpty")}
        />
      </div>
    </div>
  )
}
