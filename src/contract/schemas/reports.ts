import { Schema } from "effect"
import { Channel, Count, DateRange, DateTimeText, Id, Instant, Limit, Month, Page, SeriesPoint, StatusCount } from "./common"
import { Interactive } from "./chat"

// ---- Call history (spec 000 sections 3 and 7) -------------------------------------------------------

export const CallType = Schema.Literals(["incoming", "outgoing"])
export type CallType = typeof CallType.Type

/** The message a caller left or was sent with a call, shown by the media viewer. */
export const CallMessage = Schema.Struct({
  message_type: Schema.Literals(["text", "image", "video", "document", "interactive"]),
  message_body: Schema.NullOr(Schema.String),
  /** Name/value pairs; a document carries its `filename` here. */
  attachments: Schema.Array(Schema.Struct({ name: Schema.String, value: Schema.String })),
  interactive: Schema.NullOr(Interactive),
})
export type CallMessage = typeof CallMessage.Type

export const CallRecord = Schema.Struct({
  call_id: Schema.String,
  name: Schema.NullOr(Schema.String),
  number: Schema.String,
  call_type: CallType,
  /** Unix seconds; null when the call was never connected. */
  call_start_time: Schema.NullOr(Schema.Number),
  call_end_time: Schema.NullOr(Schema.Number),
  /** Seconds. */
  call_duration: Count,
  /** The agent who accepted the call. */
  username: Schema.NullOr(Schema.String),
  call_status: Schema.String,
  blocks: Count,
  dt: Instant,
  message: Schema.NullOr(CallMessage),
})
export type CallRecord = typeof CallRecord.Type

/** The call-history request: `call_type` is omitted for "all"; export sends limit 999999, page 1. */
export const CallsListRequest = Schema.Struct({
  start_date: DateTimeText,
  end_date: DateTimeText,
  limit: Limit(999_999),
  page: Page,
  call_type: Schema.optional(CallType),
})
export type CallsListRequest = typeof CallsListRequest.Type

/** `{ whatsappCalls: { whatsappCalls: CallRecord[], totalItems } }` (spec 001 section 3). */
export const CallsListResponse = Schema.Struct({
  whatsappCalls: Schema.Struct({ whatsappCalls: Schema.Array(CallRecord), totalItems: Count }),
})
export type CallsListResponse = typeof CallsListResponse.Type

export const CallsSummary = Schema.Struct({
  total: Count,
  incoming: Count,
  outgoing: Count,
  answered: Count,
  missed: Count,
  rejected: Count,
  /** Seconds. */
  avg_duration: Schema.Number,
})
export type CallsSummary = typeof CallsSummary.Type

// ---- Dashboard ------------------------------------------------------------------------------------------

/** The request of every dashboard and report card: a date range, optionally one channel. */
export const RangeQuery = Schema.Struct({ ...DateRange, channel_type: Schema.optional(Channel) })
export type RangeQuery = typeof RangeQuery.Type
/** A paged report: date range, optional channel and agent. */
export const ReportQuery = Schema.Struct({
  ...DateRange,
  channel_type: Schema.optional(Channel),
  agent_id: Schema.optional(Id),
  page: Schema.optional(Page),
  limit: Schema.optional(Limit(999_999)),
})
export type ReportQuery = typeof ReportQuery.Type

export const InfoBoxes = Schema.Struct({
  total_conversations: Count,
  active_conversations: Count,
  pending_tickets: Count,
  resolved_tickets: Count,
  online_agents: Count,
  total_contacts: Count,
  messages_sent: Count,
  messages_received: Count,
})
export type InfoBoxes = typeof InfoBoxes.Type

export const MessageStats = Schema.Struct({
  sent: Count,
  delivered: Count,
  read: Count,
  failed: Count,
  received: Count,
  series: Schema.Array(Schema.Struct({ date: Schema.String, sent: Count, received: Count })),
})
export type MessageStats = typeof MessageStats.Type

export const HourlyCount = Schema.Struct({
  hour: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 23 })),
  count: Count,
})
export type HourlyCount = typeof HourlyCount.Type
export const TicketCount = Schema.Struct({ total: Count, status_count: Schema.Array(StatusCount) })
export type TicketCount = typeof TicketCount.Type
export const Territory = Schema.Struct({ id: Id, name: Schema.String, code: Schema.String })
export type Territory = typeof Territory.Type

/** Delivery funnel of one template or campaign. */
export const DeliveryCounts = {
  sent: Count,
  delivered: Count,
  read: Count,
  failed: Count,
}
export const TemplateDelivery = Schema.Struct({ template_name: Schema.String, ...DeliveryCounts })
export type TemplateDelivery = typeof TemplateDelivery.Type
export const CampaignSummary = Schema.Struct({
  campaign_id: Id,
  name: Schema.String,
  status: Schema.String,
  total: Count,
  ...DeliveryCounts,
  dt: Instant,
})
export type CampaignSummary = typeof CampaignSummary.Type

// ---- Reports -------------------------------------------------------------------------------------------

export const MonthlyStat = Schema.Struct({
  month: Month,
  conversations: Count,
  messages_in: Count,
  messages_out: Count,
  active_users: Count,
})
export type MonthlyStat = typeof MonthlyStat.Type

export const ChatStats = Schema.Struct({
  total: Count,
  resolved: Count,
  pending: Count,
  /** Seconds. */
  avg_first_response: Schema.Number,
  avg_handle_time: Schema.Number,
})
export type ChatStats = typeof ChatStats.Type

export const ChatReportRow = Schema.Struct({
  conversation_id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  agent_name: Schema.NullOr(Schema.String),
  started_at: Instant,
  closed_at: Schema.NullOr(Instant),
  messages: Count,
  /** Seconds from start to close. */
  duration: Count,
})
export type ChatReportRow = typeof ChatReportRow.Type

export const AgentReportRow = Schema.Struct({
  agent_id: Id,
  username: Schema.String,
  conversations: Count,
  resolved: Count,
  messages_sent: Count,
  /** Seconds. */
  avg_first_response: Schema.Number,
  avg_handle_time: Schema.Number,
  online_seconds: Count,
})
export type AgentReportRow = typeof AgentReportRow.Type

export const CampaignRecord = Schema.Struct({
  number: Schema.String,
  status: Schema.Literals(["queued", "sent", "delivered", "read", "failed"]),
  error: Schema.NullOr(Schema.String),
  sent_at: Schema.NullOr(Instant),
  delivered_at: Schema.NullOr(Instant),
  read_at: Schema.NullOr(Instant),
})
export type CampaignRecord = typeof CampaignRecord.Type

export const AutoReplyReportRow = Schema.Struct({
  autoreply_id: Id,
  name: Schema.String,
  triggered: Count,
  completed: Count,
  handed_over: Count,
})
export type AutoReplyReportRow = typeof AutoReplyReportRow.Type
export const MenuCount = Schema.Struct({ menu: Schema.String, count: Count })
export type MenuCount = typeof MenuCount.Type
export const MenuHit = Schema.Struct({ number: Schema.String, menu: Schema.String, option: Schema.String, dt: Instant })
export type MenuHit = typeof MenuHit.Type
export const MonthlyUser = Schema.Struct({
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  first_seen: Instant,
  last_seen: Instant,
  conversations: Count,
})
export type MonthlyUser = typeof MonthlyUser.Type
export const UserTemplateRow = Schema.Struct({
  username: Schema.String,
  template_name: Schema.String,
  ...DeliveryCounts,
  cost: Schema.Number,
})
export type UserTemplateRow = typeof UserTemplateRow.Type
export const AhtReport = Schema.Struct({ aht_seconds: Schema.Number, series: Schema.Array(SeriesPoint) })
export type AhtReport = typeof AhtReport.Type
export const ServiceLevel = Schema.Struct({
  /** Percent of conversations answered within the threshold. */
  service_level: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  threshold_seconds: Count,
  answered_within: Count,
  total: Count,
  series: Schema.Array(SeriesPoint),
})
export type ServiceLevel = typeof ServiceLevel.Type
export const AgentResponseRow = Schema.Struct({
  agent_id: Id,
  username: Schema.String,
  tickets: Count,
  avg_first_response: Schema.Number,
  avg_resolution: Schema.Number,
})
export type AgentResponseRow = typeof AgentResponseRow.Type
export const SurveyRow = Schema.Struct({
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  rating: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 5 })),
  comment: Schema.NullOr(Schema.String),
  agent_name: Schema.NullOr(Schema.String),
  dt: Instant,
})
export type SurveyRow = typeof SurveyRow.Type
export const TemplateConsumption = Schema.Struct({
  template_name: Schema.String,
  category: Schema.String,
  count: Count,
  cost: Schema.Number,
})
export type TemplateConsumption = typeof TemplateConsumption.Type
export const EngagementStats = Schema.Struct({ ...DeliveryCounts, replied: Count, engagement_rate: Schema.Number })
export type EngagementStats = typeof EngagementStats.Type
export const CampaignStats = Schema.Struct({ campaigns: Count, ...DeliveryCounts })
export type CampaignStats = typeof CampaignStats.Type
export const ChannelCount = Schema.Struct({ channel_type: Channel, count: Count })
export type ChannelCount = typeof ChannelCount.Type
export const ConversationCount = Schema.Struct({ total: Count, by_channel: Schema.Array(ChannelCount) })
export type ConversationCount = typeof ConversationCount.Type
export const RedeemStats = Schema.Struct({ issued: Count, redeemed: Count, expired: Count })
export type RedeemStats = typeof RedeemStats.Type
