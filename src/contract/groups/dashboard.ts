import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const dashboard = defineGroup("dashboard", { title: "Dashboard", permission: "dashboard" }, {
  infoBoxes: { method: "POST", path: "/info/boxes", request: Undesigned, response: Undesigned },
  messageStats: { method: "POST", path: "/message/stats", request: Undesigned, response: Undesigned },
  chatHourly: { method: "POST", path: "/chat/hourly", request: Undesigned, response: Undesigned },
  fetchCustomerCampaign: { method: "POST", path: "/fetch/customer/campaign", request: Undesigned, response: Undesigned },
  templateReport: { method: "POST", path: "/template/report", request: Undesigned, response: Undesigned },
  callsSummary: { method: "POST", path: "/calls/summary", request: Undesigned, response: Undesigned },
  ticketCount: { method: "POST", path: "/ticket/count", request: Undesigned, response: Undesigned },
  fetchShellTerritories: { method: "GET", path: "/fetch/shell/territories", request: Undesigned, response: Undesigned },
})
