/**
 * Live progress for the console: once a second, each server reads its tenants' active campaigns (scheduled, running,
 * paused, or finished in the last 10 minutes, while late delivered/read statuses still arrive) with their counts, and
 * sends `campaign:progress` with the campaign to the tenant's room when anything changed since it last did. One read
 * per second whatever the send rate, and the same on every process (a snapshot, so a repeat is harmless).
 */
import { sql } from "drizzle-orm"
import type { CampaignsToBrowser } from "../../../src/contract/campaigns-events"
import type { Services } from "../../http/context"
import { rowsOf } from "../../db/rows"
import type { HttpRoutes } from "../../core/registry"
import { campaignOf, selectCampaigns } from "./campaign-rows"

export const PROGRESS_EVENT: keyof CampaignsToBrowser = "campaign:progress"
const EVERY_MS = 1000

const flusher = (services: Services) => {
  const last = new Map<number, string>()
  let busy = false
  return async () => {
    if (busy || !services.realtime) return
    busy = true
    try {
      const rows = rowsOf(
        await services.database.db.execute(
          selectCampaigns(sql`(c.status IN ('scheduled', 'running', 'paused') OR c.finished_at > now() - interval '10 minutes')`),
        ),
      )
      const seen = new Set<number>()
      for (const campaign of rows.map(campaignOf)) {
        seen.add(campaign.id)
        const text = JSON.stringify(campaign)
        if (last.get(campaign.id) === text) continue
        last.set(campaign.id, text)
        services.realtime?.toClient(campaign.client_id, PROGRESS_EVENT, campaign)
      }
      for (const id of last.keys()) if (!seen.has(id)) last.delete(id)
    } catch (error) {
      console.error("[campaigns] progress read failed:", error)
    } finally {
      busy = false
    }
  }
}

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    const flush = flusher(services)
    const timer = setInterval(() => void flush(), EVERY_MS)
    timer.unref()
    app.addHook("onClose", async () => clearInterval(timer))
  },
]
