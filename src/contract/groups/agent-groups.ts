import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const agentGroups = defineGroup("agentGroups", { title: "Agent groups and internal messaging", permission: "agent_groups" }, {
  fetchListCustomerNames: { method: "POST", path: "/fetch/list/customer/names", request: Undesigned, response: Undesigned },
  fetchListWtGroups: { method: "POST", path: "/backend/fetch/list/wt_groups", request: Undesigned, response: Undesigned },
  groupCreate: { method: "POST", path: "/group/create", request: Undesigned, response: Undesigned },
  membersRemove: { method: "POST", path: "/members/remove", request: Undesigned, response: Undesigned },
  addMember: { method: "POST", path: "/add/member", request: Undesigned, response: Undesigned },
  groupUpdate: { method: "POST", path: "/group/update", request: Undesigned, response: Undesigned },
  fetchListAgentGroups: { method: "GET", path: "/fetch/list/agent/groups", request: Undesigned, response: Undesigned },
  groupsInfoById: { method: "GET", path: "/groups/info/id", request: Undesigned, response: Undesigned },
  messagesGroupsConversationsByGroupId: { method: "GET", path: "/messages/groups/conversations/{group_id}", request: Undesigned, response: Undesigned },
  membersListByGroupId: { method: "GET", path: "/members/list/{group_id}", request: Undesigned, response: Undesigned },
  groupsRemoveByGroupId: { method: "GET", path: "/groups/remove/{group_id}", request: Undesigned, response: Undesigned },
  userList: { method: "GET", path: "/user/list", request: Undesigned, response: Undesigned },
  groupsUpdateById: { method: "PUT", path: "/groups/update/id", request: Undesigned, response: Undesigned },
  messagesGroupSendTextByGroupId: { method: "POST", path: "/messages/group/send/text/{group_id}", request: Undesigned, response: Undesigned },
  userMessages: { method: "POST", path: "/user/messages", request: Undesigned, response: Undesigned },
})
