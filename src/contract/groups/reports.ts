import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, DateRange, Id, IdParam, Limit, List, Month, Page, Paged } from "../schemas/common"
import {
  AgentReportRow,
  AgentResponseRow,
  AhtReport,
  AutoReplyReportRow,
  CallsListRequest,
  CallsListResponse,
  CampaignRecord,
  CampaignStats,
  CampaignSummary,
  ChatReportRow,
  ChatStats,
  ConversationCount,
  EngagementStats,
  ForBusiness,
  MenuCount,
  MenuHit,
  MonthlyStat,
  MonthlyUser,
  RangeQuery,
  RedeemStats,
  ReportQuery,
  ServiceLevel,
  SurveyReport,
  SurveyRow,
  TemplateConsumption,
  UserTemplateRow,
} from "../schemas/reports"

const paging = { page: Schema.optional(Page), limit: Schema.optional(Limit(999_999)) }
/** A range report's days and the business it reads. */
const Range = Schema.Struct({ ...DateRange, ...ForBusiness })
/** A summary report's days, channel and business. */
const BusinessRange = Schema.Struct({ ...RangeQuery.fields, ...ForBusiness })

export const reports = defineGroup(
  "reports",
  { title: "Reports", permission: "reports" },
  {
    getMonthly: {
      method: "POST",
      path: "/get/monthly",
      request: Schema.Struct({ month: Month, ...ForBusiness }),
      response: Data(MonthlyStat),
    },
    getallMonthly: {
      method: "POST",
      path: "/getall/monthly",
      request: Schema.Struct({
        year: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 2000, maximum: 2100 })),
        ...ForBusiness,
      }),
      response: List(MonthlyStat),
    },
    chatStats: { method: "POST", path: "/chat/stats", request: BusinessRange, response: Data(ChatStats) },
    chatReport: { method: "POST", path: "/chat/report", request: ReportQuery, response: Paged(ChatReportRow) },
    agentConversation: {
      method: "POST",
      path: "/agent/conversation",
      request: Schema.Struct({ ...ReportQuery.fields, agent_id: Id }),
      response: Paged(ChatReportRow),
    },
    agentReport: { method: "POST", path: "/agent/report", request: ReportQuery, response: Paged(AgentReportRow) },
    agentPerformanceReport: {
      method: "POST",
      path: "/agent/performance/report",
      request: ReportQuery,
      response: Paged(AgentReportRow),
    },
    agentAveragetime: {
      method: "POST",
      path: "/agent/averagetime",
      request: ReportQuery,
      response: Paged(AgentReportRow),
    },
    campaignRecords: {
      method: "POST",
      path: "/campaign/records",
      request: Schema.Struct({ campaign_id: Id, status: Schema.optional(CampaignRecord.fields.status), ...ForBusiness, ...paging }),
      response: Paged(CampaignRecord),
    },
    autorepliesReport: {
      method: "POST",
      path: "/autoreplies/report",
      request: Schema.Struct({ ...Range.fields, ...paging }),
      response: Paged(AutoReplyReportRow),
    },
    fetchCountMenu: { method: "POST", path: "/fetch/count/menu", request: Range, response: List(MenuCount) },
    fetchCountReport: {
      method: "POST",
      path: "/fetch/count/report",
      request: Schema.Struct({
        ...Range.fields,
        menu: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
        ...paging,
      }),
      response: Paged(MenuHit),
    },
    agentAllstats: { method: "POST", path: "/agent/allstats", request: BusinessRange, response: List(AgentReportRow) },
    monthlyUsers: {
      method: "POST",
      path: "/monthly/users",
      request: Schema.Struct({ month: Month, ...ForBusiness, ...paging }),
      response: Paged(MonthlyUser),
    },
    userTemplateReport: {
      method: "POST",
      path: "/user/template/report",
      request: ReportQuery,
      response: Paged(UserTemplateRow),
    },
    /** Call history; listing and export need the WhatsApp calls permission (spec 000 section 6). */
    callsList: {
      method: "POST",
      path: "/calls/list",
      request: CallsListRequest,
      response: CallsListResponse,
      permission: "whatsapp_calls",
    },
    conversationAht: { method: "POST", path: "/conversation/aht", request: BusinessRange, response: Data(AhtReport) },
    /** Service level; `threshold_seconds` overrides the tenant's T (client setting `service_level_seconds`, default 60). */
    serviceLevel: {
      method: "POST",
      path: "/service/level",
      request: Schema.Struct({
        ...BusinessRange.fields,
        threshold_seconds: Schema.optional(Count.check(Schema.isBetween({ minimum: 1, maximum: 86_400 }))),
      }),
      response: Data(ServiceLevel),
    },
    ticketAgentResponse: {
      method: "POST",
      path: "/ticket/agent/response",
      request: ReportQuery,
      response: Paged(AgentResponseRow),
    },
    customerSurvey: {
      method: "POST",
      path: "/customer/survey",
      request: Schema.Struct({ ...ReportQuery.fields, rating: Schema.optional(SurveyRow.fields.rating) }),
      response: SurveyReport,
    },
    templateConsumption: {
      method: "POST",
      path: "/template/consumption",
      request: Range,
      response: List(TemplateConsumption),
    },
    engagementStats: { method: "GET", path: "/engagement/stats", request: Range, response: Data(EngagementStats) },
    campaignStats: {
      method: "GET",
      path: "/campaign/stats",
      request: Schema.Struct({ ...Range.fields, campaign_id: Schema.optional(IdParam) }),
      response: Data(CampaignStats),
    },
    campaignReport: { method: "GET", path: "/campaign/report", request: Range, response: List(CampaignSummary) },
    conversationCount: {
      method: "GET",
      path: "/conversation/count",
      request: Range,
      response: Data(ConversationCount),
    },
    redeemStats: { method: "GET", path: "/redeem/stats", request: Range, response: Data(RedeemStats) },
  },
)
