import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const campaigns = defineGroup("campaigns", { title: "Campaigns", permission: "campaigns" }, {
  fetchListCampaigns: { method: "POST", path: "/backend/fetch/list/campaigns", request: Undesigned, response: Undesigned },
  campaignCreate: { method: "POST", path: "/backend/campaign/create", request: Undesigned, response: Undesigned },
  templateCurrentCampaigns: { method: "POST", path: "/template/current/campaigns", request: Undesigned, response: Undesigned },
  campaignUpdateById: { method: "PUT", path: "/backend/campaign/update/id", request: Undesigned, response: Undesigned },
})
