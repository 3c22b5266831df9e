import { Schema } from "effect"
import { defineGroup } from "../call"
import {
  Channel,
  Data,
  DateRange,
  DateTimeText,
  Id,
  IdParam,
  Limit,
  List,
  ListQuery,
  Ok,
  Page,
  Paged,
  Text,
  CustomerNumber,
} from "../schemas/common"
import {
  AgentLoad,
  Conversation,
  ConversationStatus,
  CustomerRef,
  Message,
  MessageDirection,
  SendAny,
  SendResult,
  SendText,
} from "../schemas/chat"
import { Contact } from "../schemas/contacts"

const ConversationList = Schema.Struct({ ...ListQuery, channel_type: Schema.optional(Channel) })
const HistoryList = Schema.Struct({
  ...ListQuery,
  ...DateRange,
  channel_type: Schema.optional(Channel),
  agent_id: Schema.optional(Id),
})
const MessageList = Schema.Struct({
  ...ListQuery,
  ...DateRange,
  channel_type: Schema.optional(Channel),
  number: Schema.optional(CustomerNumber),
})
const Messages = { page: Schema.optional(Page), limit: Schema.optional(Limit(500)) }
const ByNumber = Schema.Struct({ number: CustomerNumber })
const Block = Schema.Struct({ number: CustomerNumber, reason: Schema.optional(Text(300)) })

export const chat = defineGroup(
  "chat",
  { title: "Chat", permission: "chat" },
  {
    /** The agent's own open conversations. */
    agentConversations: {
      method: "POST",
      path: "/agent/conversations",
      request: ConversationList,
      response: Paged(Conversation),
    },
    agentHistoryConversations: {
      method: "POST",
      path: "/agent/history/conversations",
      request: HistoryList,
      response: Paged(Conversation),
    },
    /** Every message exchanged with one customer, newest page first. */
    agentHistoryChat: {
      method: "POST",
      path: "/agent/history/chat",
      request: Schema.Struct({ number: CustomerNumber, ...Messages }),
      response: Paged(Message),
    },
    agentGetChat: {
      method: "POST",
      path: "/agent/get/chat",
      request: Schema.Struct({ conversation_id: Id, ...Messages }),
      response: Paged(Message),
    },
    /** conversations/send_text of the resource/action helper (spec 001 section 3). */
    messagesSendText: { method: "POST", path: "/messages/send/text", request: SendText, response: SendResult },
    /** `type` is both the path parameter and the payload's discriminator. */
    messagesSendByType: { method: "POST", path: "/messages/send/{type}", request: SendAny, response: SendResult },
    listAgentlist: {
      method: "POST",
      path: "/list/agentlist",
      request: Schema.Struct(ListQuery),
      response: Paged(AgentLoad),
    },
    /** Agents and admins: the targets a chat can be shifted to. */
    listAgentadminlist: {
      method: "POST",
      path: "/list/agentadminlist",
      request: Schema.Struct(ListQuery),
      response: Paged(AgentLoad),
    },
    listAgents: {
      method: "POST",
      path: "/list/agents",
      request: Schema.Struct({ ...ListQuery, online: Schema.optional(Schema.Boolean) }),
      response: Paged(AgentLoad),
    },
    listOngoingagentlist: {
      method: "POST",
      path: "/list/ongoingagentlist",
      request: Schema.Struct(ListQuery),
      response: Paged(AgentLoad),
    },
    shiftTicket: {
      method: "POST",
      path: "/shift/ticket",
      request: Schema.Struct({ conversation_id: Id, agent_id: Id, note: Schema.optional(Text(500)) }),
      response: Data(Conversation),
    },
    chatClose: {
      method: "POST",
      path: "/chat/close",
      request: Schema.Struct({
        conversation_id: Id,
        resolution: Schema.optional(Text(500)),
        send_survey: Schema.optional(Schema.Boolean),
      }),
      response: Data(Conversation),
    },
    /** Clears the unread count of a customer's chat. */
    messagesReset: { method: "POST", path: "/messages/reset", request: ByNumber, response: Ok },
    customerBlock: { method: "POST", path: "/customer/block", request: Block, response: Ok },
    customerUnblock: { method: "POST", path: "/customer/unblock", request: ByNumber, response: Ok },
    fetchCustomersAgents: {
      method: "POST",
      path: "/fetch/customers-agents",
      request: ConversationList,
      response: Paged(CustomerRef),
    },
    searchCustomer: {
      method: "POST",
      path: "/search/customer",
      request: Schema.Struct({ search: Text(100).check(Schema.isNonEmpty()), limit: Schema.optional(Limit(50)) }),
      response: List(CustomerRef),
    },
    agentUnassignedConversations: {
      method: "POST",
      path: "/agent/unassigned/conversations",
      request: ConversationList,
      response: Paged(Conversation),
    },
    fetchKeywordMessages: {
      method: "POST",
      path: "/fetch/keywordMessages",
      request: Schema.Struct({ ...ListQuery, ...DateRange, keyword: Text(100).check(Schema.isNonEmpty()) }),
      response: Paged(Message),
    },
    fetchAgentCustomers: {
      method: "POST",
      path: "/backend/fetch/agent/customers",
      request: Schema.Struct({ ...ListQuery, agent_id: Schema.optional(Id) }),
      response: Paged(Contact),
    },
    agentConversationsOngoing: {
      method: "POST",
      path: "/agent/conversations/ongoing",
      request: Schema.Struct({
        ...ConversationList.fields,
        status: Schema.optional(ConversationStatus),
        /** Without a status: also the unassigned queue, so every open conversation (the inbox's All box). */
        queue: Schema.optional(Schema.Boolean),
      }),
      response: Paged(Conversation),
    },
    fetchListInbound: { method: "POST", path: "/fetch/list/inbound", request: MessageList, response: Paged(Message) },
    fetchListOutbound: { method: "POST", path: "/fetch/list/outbound", request: MessageList, response: Paged(Message) },
    fetchListInboundMessages: {
      method: "POST",
      path: "/backend/fetch/list/inbound_messages",
      request: MessageList,
      response: Paged(Message),
    },
    /** Every message of the tenant, either direction (the Messages report). */
    fetchListWtMessages: {
      method: "POST",
      path: "/backend/fetch/list/wt_messages",
      request: Schema.Struct({ ...MessageList.fields, direction: Schema.optional(MessageDirection) }),
      response: Paged(Message),
    },
    /** The messages of the conversation with `{number}` that closed at `{last_closed}`. */
    agentHistoryChatByNumberByLastClosed: {
      method: "GET",
      path: "/agent/history/chat/{number}/{last_closed}",
      request: Schema.Struct({ number: CustomerNumber, last_closed: DateTimeText }),
      response: List(Message),
    },
    messagesResetGroupByGroupId: {
      method: "GET",
      path: "/messages/reset/group/{group_id}",
      request: Schema.Struct({ group_id: IdParam }),
      response: Ok,
    },
    /** Forwards a conversation to agent `{id}`. */
    forwardAgentById: {
      method: "PUT",
      path: "/forward/agent/{id}",
      request: Schema.Struct({ id: IdParam, conversation_id: Id, note: Schema.optional(Text(500)) }),
      response: Data(Conversation),
    },
    /** Live state of the chat with `{number}`, pushed to every agent watching it. */
    chatUpdateByNumber: {
      method: "PUT",
      path: "/chat/update/{number}",
      request: Schema.Struct({
        number: CustomerNumber,
        status: Schema.optional(ConversationStatus),
        agent_id: Schema.optional(Schema.NullOr(Id)),
        read: Schema.optional(Schema.Boolean),
      }),
      response: Data(Conversation),
    },
    toggleCustomerBlockByNumber: {
      method: "PUT",
      path: "/backend/toggle/customer/block/{number}",
      request: Block,
      response: Ok,
    },
    toggleCustomerUnblockByNumber: {
      method: "PUT",
      path: "/backend/toggle/customer/unblock/{number}",
      request: ByNumber,
      response: Ok,
    },
  },
)
