/**
 * Which campaign status the tenant may ask for from each status (`/change/campaign/status`), and when failed
 * recipients may be retried: one rule for the server (server/features/campaigns/campaign-status.ts, 409 otherwise)
 * and the console (the buttons it enables).
 */
import type { CampaignStatus } from "./schemas/campaigns"

export const TENANT_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  draft: ["scheduled"],
  scheduled: ["running", "stopped"],
  running: ["paused", "stopped"],
  paused: ["running", "stopped"],
  completed: [],
  stopped: [],
  failed: [],
}

export const tenantMay = (from: CampaignStatus, to: CampaignStatus) => TENANT_TRANSITIONS[from].includes(to)

/** The statuses from which failed recipients may be sent again. */
export const RETRYABLE: readonly CampaignStatus[] = ["running", "paused", "completed"]
export const mayRetry = (c: { status: CampaignStatus; failed: number }) => RETRYABLE.includes(c.status) && c.failed > 0
