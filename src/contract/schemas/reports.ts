import { Schema } from "effect"
import { Channel, Count, Data, DateRange, DateTimeText, Id, IdParam, Instant, Limit, Month, Page, StatusCount } from "./common"
import { Interactive } from "./chat"

/**
 * The business a super admin picked for a report (anyone else reads their own; naming another business is refused).
 * Text for GET calls, whose query string carries it.
 */
export const ForBusiness = { client_id: Schema.optional(IdParam) }

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

/** One transfer of a call (call_transfers): agents by username; `to` the target agent's username or the group's name. */
export const CallTransferEntry = Schema.Struct({
  from: Schema.NullOr(Schema.String),
  to: Schema.String,
  taken_by: Schema.NullOr(Schema.String),
  /** `ringing` while it rings at its target; `not_taken` when it went back to `from`. */
  outcome: Schema.Literals(["ringing", "taken", "not_taken", "cancelled"]),
})
export type CallTransferEntry = typeof CallTransferEntry.Type

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
  /** Seconds the call spent on hold (part of call_duration); absent on records made before calls could be held. */
  hold_seconds: Schema.optional(Count),
  /** The call's transfers, oldest first; absent when it was never transferred. */
  transfers: Schema.optional(Schema.Array(CallTransferEntry)),
})
export type CallRecord = typeof CallRecord.Type

/** The call-history request: `call_type` is omitted for "all"; export sends limit 999999, page 1. */
export const CallsListRequest = Schema.Struct({
  start_date: DateTimeText,
  end_date: DateTimeText,
  limit: Limit(999_999),
  page: Page,
  call_type: Schema.optional(CallType),
  /** Ours: true for only the calls transferred at least once. */
  transferred: Schema.optional(Schema.Boolean),
  /** Ours: "csv" answers with the export's file itself (its rows newest first, at most `limit`), not JSON. */
  format: Schema.optional(Schema.Literals(["csv"])),
  /** Ours: the IANA time zone the file's dates are written in (the viewer's); UTC when omitted. */
  time_zone: Schema.optional(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))),
  ...ForBusiness,
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
// Every metric here is defined once in server/features/reports/metrics.ts and in docs/features/reports.md ("Metrics"). Days and
// hours are the tenant's calendar (client setting `time_zone`, default UTC); a date-only `start_date`/`end_date` is a
// whole local day. A range is at most MAX_RANGE_DAYS long; a longer one, or an end before the start, is a 400 naming
// the field. Without dates a range call covers the last 30 local days up to now.

export { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from "../range-limits"

/** The request of every dashboard and report card: a date range, optionally one channel. */
export const RangeQuery = Schema.Struct({ ...DateRange, channel_type: Schema.optional(Channel) })
export type RangeQuery = typeof RangeQuery.Type
/** A paged report: date range, optional channel and agent (an unknown agent is a 400 on `agent_id`). */
export const ReportQuery = Schema.Struct({
  ...DateRange,
  ...ForBusiness,
  channel_type: Schema.optional(Channel),
  agent_id: Schema.optional(Id),
  page: Schema.optional(Page),
  limit: Schema.optional(Limit(999_999)),
})
export type ReportQuery = typeof ReportQuery.Type

/** Seconds, or null when nothing was measured (never a fake 0). */
export const Seconds = Schema.NullOr(Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)))
/** A duration metric over a set of conversations: the mean in seconds and how many conversations it averages. */
export const TimeMetric = Schema.Struct({ avg_seconds: Seconds, count: Count })
export type TimeMetric = typeof TimeMetric.Type
/** Service level: of `total` conversations first answered in the range, `answered_within` within `threshold_seconds`. */
export const ServiceLevelValue = Schema.Struct({
  threshold_seconds: Count,
  answered_within: Count,
  total: Count,
  /** 0..100, null when total is 0. */
  percent: Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
})
export type ServiceLevelValue = typeof ServiceLevelValue.Type
/** Customer satisfaction from survey responses (ratings 1..5): mean rating and share rating 4 or 5. */
export const Csat = Schema.Struct({
  responses: Count,
  satisfied: Count,
  average: Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: 1, maximum: 5 }))),
  /** 0..100 = satisfied / responses, null without responses. */
  percent: Schema.NullOr(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
})
export type Csat = typeof Csat.Type

/**
 * The live "now" values of the dashboard; also the payload of the `dashboard:now` socket event
 * (src/contract/dashboard-events.ts). Conversations by status right now (see conversation-status.ts):
 * open = not closed; unassigned = in the queue; waiting = open and not answered by an agent yet (unassigned or
 * assigned without a reply).
 */
export const DashboardNow = Schema.Struct({
  open: Count,
  waiting: Count,
  unassigned: Count,
  agents_online: Count,
  /** Users of the tenant who may hold chats. */
  agents_total: Count,
  at: Instant,
})
export type DashboardNow = typeof DashboardNow.Type

/** One local day of the range's trends. */
export const DayTrend = Schema.Struct({
  /** `YYYY-MM-DD` in the tenant's time zone; every day of the range is present, empty days with zeros. */
  date: Schema.String,
  conversations: Count,
  closed: Count,
  messages_in: Count,
  messages_out: Count,
  first_response: TimeMetric,
  aht: TimeMetric,
  answered_within: Count,
  answered: Count,
})
export type DayTrend = typeof DayTrend.Type

export const InfoBoxes = Schema.Struct({
  now: DashboardNow,
  /** IANA zone the days and hours are counted in. */
  time_zone: Schema.String,
  /** Conversations started in the range. */
  conversations: Count,
  /** Of the conversations started in the range (the cohort every conversation metric belongs to), those closed by now. */
  closed: Count,
  /** Of the same cohort, those closed without an agent ever answering the customer. */
  abandoned: Count,
  messages_in: Count,
  messages_out: Count,
  first_response: TimeMetric,
  aht: TimeMetric,
  resolution: TimeMetric,
  service_level: ServiceLevelValue,
  calls_answered: Count,
  calls_missed: Count,
  /** Tickets opened in the range, by their status now. */
  tickets: Schema.Array(StatusCount),
  csat: Csat,
})
export type InfoBoxes = typeof InfoBoxes.Type

/** Outbound messages of the range by delivery status, inbound count, and the per-day trends. */
export const MessageStats = Schema.Struct({
  sent: Count,
  delivered: Count,
  read: Count,
  failed: Count,
  received: Count,
  series: Schema.Array(DayTrend),
})
export type MessageStats = typeof MessageStats.Type

/** One cell of the weekday x hour heat map (local time). */
export const HeatCell = Schema.Struct({
  /** 0 = Sunday .. 6 = Saturday. */
  weekday: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 6 })),
  hour: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 23 })),
  /** Conversations started in this weekday-hour. */
  conversations: Count,
  /** Customer messages received in this weekday-hour. */
  messages_in: Count,
})
export type HeatCell = typeof HeatCell.Type
/** All 168 cells, Sunday 00 first, zeros included. */
export const HeatMap = Schema.Struct({ time_zone: Schema.String, cells: Schema.Array(HeatCell) })
export type HeatMap = typeof HeatMap.Type
export const TicketCount = Schema.Struct({ total: Count, status_count: Schema.Array(StatusCount) })
export type TicketCount = typeof TicketCount.Type
/** A territory: the tenant's branch locations grouped by city. */
export const Territory = Schema.Struct({ id: Id, name: Schema.String, code: Schema.String, locations: Count })
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
  /** MAU: distinct customers who wrote at least once in the calendar month (tenant's time zone). */
  active_users: Count,
})
export type MonthlyStat = typeof MonthlyStat.Type

export const ChatStats = Schema.Struct({
  /** Conversations started in the range. */
  total: Count,
  closed: Count,
  /** Of those started in the range, not closed now. */
  open: Count,
  abandoned: Count,
  first_response: TimeMetric,
  aht: TimeMetric,
  resolution: TimeMetric,
  series: Schema.Array(DayTrend),
})
export type ChatStats = typeof ChatStats.Type

export const ChatReportRow = Schema.Struct({
  conversation_id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  status: Schema.String,
  agent_name: Schema.NullOr(Schema.String),
  started_at: Instant,
  closed_at: Schema.NullOr(Instant),
  messages: Count,
  first_response_seconds: Seconds,
  handle_seconds: Seconds,
  /** Seconds from start to close; null while open. */
  duration: Seconds,
})
export type ChatReportRow = typeof ChatReportRow.Type

/** One agent over the range (conversations assigned to the agent that started in the range). */
export const AgentReportRow = Schema.Struct({
  agent_id: Id,
  username: Schema.String,
  display_name: Schema.NullOr(Schema.String),
  online: Schema.Boolean,
  conversations: Count,
  closed: Count,
  messages_sent: Count,
  first_response: TimeMetric,
  aht: TimeMetric,
  answered_within: Count,
  answered: Count,
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

/** One chatbot over the range, from its menu hits (bot_menu_hits, filled by the chatbot engine). */
export const AutoReplyReportRow = Schema.Struct({
  autoreply_id: Id,
  name: Schema.String,
  triggered: Count,
  customers: Count,
  last_triggered_at: Schema.NullOr(Instant),
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
/** A duration metric per local day. */
export const DayMetric = Schema.Struct({ date: Schema.String, avg_seconds: Seconds, count: Count })
export type DayMetric = typeof DayMetric.Type
export const AhtReport = Schema.Struct({ aht: TimeMetric, series: Schema.Array(DayMetric) })
export type AhtReport = typeof AhtReport.Type
export const ServiceLevel = Schema.Struct({
  ...ServiceLevelValue.fields,
  series: Schema.Array(Schema.Struct({ date: Schema.String, answered_within: Count, total: Count })),
})
export type ServiceLevel = typeof ServiceLevel.Type
/** Tickets per assigned agent: opened in the range, closed, mean time from opening to the last close. */
export const AgentResponseRow = Schema.Struct({
  agent_id: Id,
  username: Schema.String,
  tickets: Count,
  closed: Count,
  resolution: TimeMetric,
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
/** A page of survey responses and the CSAT of the whole filter. */
export const SurveyReport = Data(
  Schema.Struct({
    items: Schema.Array(SurveyRow),
    totalItems: Count,
    page: Count,
    limit: Count,
    /** CSAT of the range, channel and agent (not narrowed by the rating filter). */
    csat: Csat,
    /** Responses per rating over the same filter: index 0 counts 1 star, index 4 counts 5 stars. */
    ratings: Schema.Array(Count).check(Schema.isMinLength(5), Schema.isMaxLength(5)),
  }),
)
export type SurveyReport = typeof SurveyReport.Type
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
