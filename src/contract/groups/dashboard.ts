import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, List } from "../schemas/common"
import {
  CallsSummary,
  CampaignSummary,
  ForBusiness,
  HeatMap,
  InfoBoxes,
  MessageStats,
  RangeQuery,
  TemplateDelivery,
  Territory,
  TicketCount,
} from "../schemas/reports"

/** A card's range, and the business a super admin picked (anyone else reads their own; naming another is refused). */
export const BusinessRangeQuery = Schema.Struct({ ...RangeQuery.fields, ...ForBusiness })
export type BusinessRangeQuery = typeof BusinessRangeQuery.Type

export const dashboard = defineGroup(
  "dashboard",
  { title: "Dashboard", permission: "dashboard" },
  {
    infoBoxes: { method: "POST", path: "/info/boxes", request: BusinessRangeQuery, response: Data(InfoBoxes) },
    messageStats: { method: "POST", path: "/message/stats", request: BusinessRangeQuery, response: Data(MessageStats) },
    /** The weekday x hour heat map of the range (also the /report/chat-hourly report). */
    chatHourly: { method: "POST", path: "/chat/hourly", request: BusinessRangeQuery, response: Data(HeatMap) },
    fetchCustomerCampaign: {
      method: "POST",
      path: "/fetch/customer/campaign",
      request: BusinessRangeQuery,
      response: List(CampaignSummary),
    },
    templateReport: { method: "POST", path: "/template/report", request: BusinessRangeQuery, response: List(TemplateDelivery) },
    /** Voice-call totals: the same data as the call history, so the same permission. */
    callsSummary: {
      method: "POST",
      path: "/calls/summary",
      request: BusinessRangeQuery,
      response: Data(CallsSummary),
      permission: "whatsapp_calls",
    },
    ticketCount: { method: "POST", path: "/ticket/count", request: BusinessRangeQuery, response: Data(TicketCount) },
    /** The tenant's branch locations by city (the "territories" card). */
    fetchShellTerritories: {
      method: "GET",
      path: "/fetch/shell/territories",
      request: Schema.Struct(ForBusiness),
      response: List(Territory),
    },
  },
)
