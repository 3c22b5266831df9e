import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, Id, IdParam, Ids, Limit, List, ListQuery, Name, Ok, Paged, CustomerNumbers, Text } from "../schemas/common"
import { AgentGroup, AgentGroupDetail, Colleague, DirectMessage, GroupMember, GroupMessage, MyAgentGroup } from "../schemas/agent-groups"

const GroupFields = { name: Name(80), description: Schema.optional(Text(300)) }
const Membership = Schema.Struct({ group_id: Id, user_ids: Ids })
const GroupParam = Schema.Struct({ group_id: IdParam })
const GroupEdit = { name: Schema.optional(GroupFields.name), description: GroupFields.description }

export const agentGroups = defineGroup(
  "agentGroups",
  { title: "Agent groups and internal messaging", permission: "agent_groups" },
  {
    /** Resolves customer names for numbers shown in a group chat. */
    fetchListCustomerNames: {
      method: "POST",
      path: "/fetch/list/customer/names",
      request: Schema.Struct({ numbers: CustomerNumbers(500) }),
      response: List(Schema.Struct({ number: Schema.String, name: Schema.NullOr(Schema.String) })),
    },
    fetchListWtGroups: {
      method: "POST",
      path: "/backend/fetch/list/wt_groups",
      request: Schema.Struct(ListQuery),
      response: Paged(AgentGroup),
    },
    groupCreate: {
      method: "POST",
      path: "/group/create",
      request: Schema.Struct({ ...GroupFields, member_ids: Schema.optional(Ids) }),
      response: Data(AgentGroupDetail),
    },
    membersRemove: { method: "POST", path: "/members/remove", request: Membership, response: Ok },
    addMember: { method: "POST", path: "/add/member", request: Membership, response: Ok },
    groupUpdate: {
      method: "POST",
      path: "/group/update",
      request: Schema.Struct({ group_id: Id, ...GroupEdit }),
      response: Data(AgentGroup),
    },
    /** The groups the caller belongs to, each with the caller's unread count. */
    fetchListAgentGroups: {
      method: "GET",
      path: "/fetch/list/agent/groups",
      request: Empty,
      response: List(MyAgentGroup),
    },
    groupsInfoById: {
      method: "GET",
      path: "/groups/info/id",
      request: Schema.Struct({ id: IdParam }),
      response: Data(AgentGroupDetail),
    },
    /** A page of a group's messages, newest first; `before_id` pages back. */
    messagesGroupsConversationsByGroupId: {
      method: "GET",
      path: "/messages/groups/conversations/{group_id}",
      request: Schema.Struct({ group_id: IdParam, before_id: Schema.optional(IdParam) }),
      response: List(GroupMessage),
    },
    membersListByGroupId: {
      method: "GET",
      path: "/members/list/{group_id}",
      request: GroupParam,
      response: List(GroupMember),
    },
    groupsRemoveByGroupId: { method: "GET", path: "/groups/remove/{group_id}", request: GroupParam, response: Ok },
    /** Users of the tenant the caller can message or add to a group (team-chat users but the caller), with unread counts. */
    userList: { method: "GET", path: "/user/list", request: Empty, response: List(Colleague) },
    groupsUpdateById: {
      method: "PUT",
      path: "/groups/update/id",
      request: Schema.Struct({ id: IdParam, ...GroupEdit }),
      response: Data(AgentGroup),
    },
    messagesGroupSendTextByGroupId: {
      method: "POST",
      path: "/messages/group/send/text/{group_id}",
      request: Schema.Struct({ group_id: IdParam, text: Text(4096).check(Schema.isNonEmpty()) }),
      response: Data(GroupMessage),
    },
    /** The direct conversation with one user; with `text`, sends a message first. */
    userMessages: {
      method: "POST",
      path: "/user/messages",
      request: Schema.Struct({
        user_id: Id,
        text: Schema.optional(Text(4096).check(Schema.isNonEmpty())),
        before_id: Schema.optional(Id),
        limit: Schema.optional(Limit(200)),
      }),
      response: List(DirectMessage),
    },
  },
)
