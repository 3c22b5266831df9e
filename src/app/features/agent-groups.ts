/**
 * Agent groups and team chat: the top-bar button with its drawer (chats for every agent holding `agent_groups`,
 * group management for the tenant's admins), loaded after the logged-in frame, never with the login route.
 */
import type { Feature } from "../feature"

export const agentGroups: Feature = {
  name: "agent-groups",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["agentGroups"],
  toolbar: () => import("../../views/agent-groups/TeamChatButton").then((m) => m.TeamChatButton),
  pages: {
    "team-chat": () => import("../../machines/agent-groups/team-chat-machine").then((m) => m.teamChatMachine),
    "agent-group-editor": () => import("../../machines/agent-groups/group-editor").then((m) => m.groupEditorMachine),
    "agent-group-members": () => import("../../machines/agent-groups/group-members-machine").then((m) => m.groupMembersMachine),
  },
  reports: { "report-agent-groups": () => import("../../machines/agent-groups/groups-list").then((m) => m.groupsListMachine) },
  strings: {
    en: () => import("../../views/agent-groups/strings").then((m) => ({ agentGroups: m.agentGroupsEn })),
    tr: () => import("../../views/agent-groups/strings.tr").then((m) => ({ agentGroups: m.agentGroupsTr })),
    ar: () => import("../../views/agent-groups/strings.ar").then((m) => ({ agentGroups: m.agentGroupsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
