/**
 * The team-chat button of the top bar (the feature's `toolbar` control) with the unread badge, and the drawer it opens:
 * the agent's chats, and for the tenant's admins the group management tab. Shown only to users holding the back-end
 * `agent_groups` permission; the `team-chat` page actor runs while it is mounted, so counts move on every screen.
 */
import { Button, Drawer, Tab, Tabs } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { GROUP_MANAGER_KEY } from "../../contract/agent-groups-events"
import { hasBackPermission } from "../../machines/acl/acl-machine"
import { totalUnread } from "../../machines/agent-groups/team-lines"
import { useAclActor, usePageActor, useSessionActor } from "../common/actor-context"
import { ManageGroups } from "./ManageGroups"
import { type TeamActor, TeamChatPanel } from "./TeamChatPanel"
import "./agent-groups.css"

export const TeamChatButton = () => {
  const acl = useAclActor()
  const session = useSessionActor()
  const mayChat = useSelector(acl, (s) => hasBackPermission(s.context.backAcl, "agent_groups"))
  const me = useSelector(session, (s) => Number(s.context.userData?.id ?? 0))
  return mayChat && me > 0 ? <TeamChat me={me} /> : null
}

const TeamChat = ({ me }: { me: number }) => {
  const actor = usePageActor<TeamActor>("team-chat", { me })
  return actor ? <TeamChatDrawer actor={actor} /> : null
}

const TeamChatDrawer = ({ actor }: { actor: TeamActor }) => {
  const { t, i18n } = useTranslation()
  const acl = useAclActor()
  const manager = useSelector(acl, (s) => s.context.userAcl?.[GROUP_MANAGER_KEY] === true)
  const unread = useSelector(actor, (s) => totalUnread(s.context.groups, s.context.colleagues))
  const colleagues = useSelector(actor, (s) => s.context.colleagues)
  const [open, setOpen] = useState(false)
  const [tab, setTab] = useState<"chats" | "manage">("chats")
  const show = (value: boolean) => {
    setOpen(value)
    actor.send({ type: value ? "SHOW" : "HIDE" })
  }
  const label = unread > 0 ? `${t("agentGroups.open")} · ${t("agentGroups.unread", { count: unread })}` : t("agentGroups.open")
  return (
    <>
      <span className="mc-team-button">
        <Button variant="minimal" icon="people" aria-label={label} title={label} data-testid="team-chat-open" onClick={() => show(true)} />
        {unread > 0 ? (
          <span className="mc-team-badge" data-testid="team-chat-badge" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </span>
      <Drawer
        isOpen={open}
        onClose={() => show(false)}
        title={t("agentGroups.title")}
        icon="people"
        size={manager && tab === "manage" ? "720px" : "460px"}
        position={i18n.dir() === "rtl" ? "left" : "right"}
        data-testid="team-chat"
      >
        <div className="mc-team-drawer">
          {manager ? (
            <Tabs id="team-chat-tabs" selectedTabId={tab} onChange={(id) => setTab(id as "chats" | "manage")} className="mc-team-tabs">
              <Tab id="chats" title={t("agentGroups.tabs.chats")} data-testid="team-tab-chats" />
              <Tab id="manage" title={t("agentGroups.tabs.manage")} data-testid="team-tab-manage" />
            </Tabs>
          ) : null}
          {manager && tab === "manage" ? <ManageGroups colleagues={colleagues} /> : <TeamChatPanel actor={actor} />}
        </div>
      </Drawer>
    </>
  )
}
