/**
 * /apps/pbxcalls: the PBX softphone. Opening the page has the root start the softphone actor (the user's own SIP
 * extension, registered through the server's Kamailio); leaving it stops the actor, which unregisters and closes the
 * user agent.
 */
import { useTranslation } from "react-i18next"
import type { SoftphoneActor } from "../../machines/softphone/softphone-machine"
import { usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { PbxCallList } from "./PbxCallList"
import { Softphone } from "./Softphone"
import { TrunkButton } from "./TrunkDialog"
import "./pbx.css"

export const PbxCallsView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<SoftphoneActor>("softphone")
  return (
    <div className="mc-page" data-testid="pbx-calls">
      <PageHeader title={t("routes.pbxCalls")} subtitle={t("pbx.subtitle")} actions={<TrunkButton />} />
      {actor ? <Softphone actor={actor} /> : null}
      <PbxCallList />
    </div>
  )
}
