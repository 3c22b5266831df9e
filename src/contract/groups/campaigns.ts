import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, IdParam, List, ListQuery, Paged, optionalFields } from "../schemas/common"
import { Campaign, CampaignInput, CampaignStatus } from "../schemas/campaigns"

export const campaigns = defineGroup(
  "campaigns",
  // The Current Campaigns screen's calls: a business runs its own campaigns (its route is tenantOnly).
  { title: "Campaigns", permission: "campaigns", access: "business" },
  {
    fetchListCampaigns: {
      method: "POST",
      path: "/backend/fetch/list/campaigns",
      request: Schema.Struct({ ...ListQuery, status: Schema.optional(CampaignStatus) }),
      response: Paged(Campaign),
    },
    campaignCreate: {
      method: "POST",
      path: "/backend/campaign/create",
      request: Schema.Struct(CampaignInput),
      response: Data(Campaign),
    },
    /** Scheduled and running campaigns (the Current Campaigns screen). */
    templateCurrentCampaigns: {
      method: "POST",
      path: "/template/current/campaigns",
      request: Empty,
      response: List(Campaign),
    },
    campaignUpdateById: {
      method: "PUT",
      path: "/backend/campaign/update/id",
      request: Schema.Struct({ id: IdParam, ...optionalFields(CampaignInput) }),
      response: Data(Campaign),
    },
  },
)
