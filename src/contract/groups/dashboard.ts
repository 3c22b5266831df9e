import { defineGroup } from "../call"
import { Data, Empty, List } from "../schemas/common"
import {
  CallsSummary,
  CampaignSummary,
  HeatMap,
  InfoBoxes,
  MessageStats,
  RangeQuery,
  TemplateDelivery,
  Territory,
  TicketCount,
} from "../schemas/reports"

export const dashboard = defineGroup(
  "dashboard",
  { title: "Dashboard", permission: "dashboard" },
  {
    infoBoxes: { method: "POST", path: "/info/boxes", request: RangeQuery, response: Data(InfoBoxes) },
    messageStats: { method: "POST", path: "/message/stats", request: RangeQuery, response: Data(MessageStats) },
    /** The weekday x hour heat map of the range (also the /report/chat-hourly report). */
    chatHourly: { method: "POST", path: "/chat/hourly", request: RangeQuery, response: Data(HeatMap) },
    fetchCustomerCampaign: {
      method: "POST",
      path: "/fetch/customer/campaign",
      request: RangeQuery,
      response: List(CampaignSummary),
    },
    templateReport: { method: "POST", path: "/template/report", request: RangeQuery, response: List(TemplateDelivery) },
    /** Voice-call totals: the same data as the call history, so the same permission. */
    callsSummary: {
      method: "POST",
      path: "/calls/summary",
      request: RangeQuery,
      response: Data(CallsSummary),
      permission: "whatsapp_calls",
    },
    ticketCount: { method: "POST", path: "/ticket/count", request: RangeQuery, response: Data(TicketCount) },
    /** The tenant's branch locations by city (the "territories" card). */
    fetchShellTerritories: {
      method: "GET",
      path: "/fetch/shell/territories",
      request: Empty,
      response: List(Territory),
    },
  },
)
