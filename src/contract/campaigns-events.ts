/**
 * Campaign progress on the socket service: once a second while a campaign of the tenant is scheduled, running,
 * paused or just finished, the server sends the campaign with its counts when they changed
 * (server/features/campaigns/campaign-progress.ts), to the tenant's room.
 */
import type { Campaign } from "./schemas/campaigns"

export interface CampaignsToBrowser {
  "campaign:progress": Campaign
}

export type CampaignsToBrowserEvent = keyof CampaignsToBrowser

export const CAMPAIGNS_TO_BROWSER_EVENTS: readonly CampaignsToBrowserEvent[] = ["campaign:progress"]
