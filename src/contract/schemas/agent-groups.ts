import { Schema } from "effect"
import { Count, Id, Instant, UserRef } from "./common"

/** A team of agents with its own internal chat room. */
export const AgentGroup = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  members_count: Count,
  created_by: Schema.NullOr(Id),
  last_message_at: Schema.NullOr(Instant),
  created_at: Instant,
})
export type AgentGroup = typeof AgentGroup.Type

/** A group in the caller's own list: with how many messages from others came after their read mark. */
export const MyAgentGroup = Schema.Struct({ ...AgentGroup.fields, unread: Count })
export type MyAgentGroup = typeof MyAgentGroup.Type

/** A colleague the caller can message: their unread one-to-one messages to the caller and the thread's last message. */
export const Colleague = Schema.Struct({ ...UserRef.fields, unread: Count, last_message_at: Schema.NullOr(Instant) })
export type Colleague = typeof Colleague.Type

export const GroupMember = Schema.Struct({ ...UserRef.fields, role: Schema.Literals(["owner", "member"]) })
export type GroupMember = typeof GroupMember.Type
export const AgentGroupDetail = Schema.Struct({ ...AgentGroup.fields, members: Schema.Array(GroupMember) })
export type AgentGroupDetail = typeof AgentGroupDetail.Type

export const GroupMessage = Schema.Struct({
  id: Id,
  group_id: Id,
  sender_id: Id,
  sender_name: Schema.String,
  text: Schema.String,
  dt: Instant,
})
export type GroupMessage = typeof GroupMessage.Type

/** A one-to-one message between two users of the tenant. */
export const DirectMessage = Schema.Struct({
  id: Id,
  from_user_id: Id,
  to_user_id: Id,
  text: Schema.String,
  read: Schema.Boolean,
  dt: Instant,
})
export type DirectMessage = typeof DirectMessage.Type
