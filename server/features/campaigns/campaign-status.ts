/**
 * A campaign's statuses and who may move it (one place for every transition). The tenant launches a draft
 * (scheduled: at its time, or now), starts a scheduled one now, pauses and resumes a running one, and stops a running
 * or paused one for good; the engine starts a scheduled campaign when its time comes, completes a running one when no
 * recipient waits, and pauses one it cannot go on with (an empty balance, an account limit, the template's status),
 * saying why. Failed recipients may be retried once the campaign ran (running, paused or completed). Every refusal is
 * a 409 naming the current status.
 */
import type { CampaignStatus } from "../../../src/contract/schemas/campaigns"
import { RETRYABLE, TENANT_TRANSITIONS, tenantMay } from "../../../src/contract/campaign-rules"
import { ApiError } from "../../http/errors"

/** The statuses whose template, list, parameters, schedule and rate may still change (nothing was sent). */
export const EDITABLE: readonly CampaignStatus[] = ["draft", "scheduled"]
/** The statuses a campaign may be deleted in (not while it sends or waits to resume). */
export const DELETABLE: readonly CampaignStatus[] = ["draft", "scheduled", "completed", "stopped", "failed"]

export const campaignStatusError = (name: string, status: CampaignStatus, what: string) =>
  new ApiError(409, "CAMPAIGN_STATUS", `Campaign ${name} is ${status}: ${what}`, "status")

export const checkTransition = (c: { name: string; status: CampaignStatus }, to: CampaignStatus) => {
  if (!tenantMay(c.status, to)) {
    const allowed = TENANT_TRANSITIONS[c.status]
    throw campaignStatusError(
      c.name,
      c.status,
      allowed.length === 0 ? `it cannot become ${to}, it is over` : `it cannot become ${to} (it may become ${allowed.join(" or ")})`,
    )
  }
}

export const checkEditable = (c: { name: string; status: CampaignStatus }) => {
  if (!EDITABLE.includes(c.status)) throw campaignStatusError(c.name, c.status, "only a draft or scheduled campaign can be changed")
}

export const checkDeletable = (c: { name: string; status: CampaignStatus }) => {
  if (!DELETABLE.includes(c.status)) throw campaignStatusError(c.name, c.status, "stop it before deleting it")
}

export const checkRetryable = (c: { name: string; status: CampaignStatus }) => {
  if (!RETRYABLE.includes(c.status)) throw campaignStatusError(c.name, c.status, "only a campaign that ran can retry its failed recipients")
}
