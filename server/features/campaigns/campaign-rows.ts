/**
 * A campaign as the contract shows it, with its counts read live from its recipients (one indexed aggregate per
 * campaign, never a counter that could drift): sent counts every recipient the message left for (sent, delivered or
 * read), delivered includes read, like the reports (server/features/reports/campaigns.ts).
 */
import { sql, type SQL } from "drizzle-orm"
import type { Campaign, CampaignStatus, ParamSource } from "../../../src/contract/schemas/campaigns"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { idOf, notFound } from "../../http/errors"

export const COUNTS = sql`LEFT JOIN LATERAL (SELECT count(*)::int AS total,
    count(*) FILTER (WHERE r.status IN ('sent', 'delivered', 'read'))::int AS sent,
    count(*) FILTER (WHERE r.status IN ('delivered', 'read'))::int AS delivered,
    count(*) FILTER (WHERE r.status = 'read')::int AS read,
    count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
    count(*) FILTER (WHERE r.status = 'skipped')::int AS skipped,
    count(*) FILTER (WHERE r.status = 'queued')::int AS queued
  FROM campaign_recipients r WHERE r.campaign_id = c.id) k ON TRUE`

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v instanceof Date ? v : String(v)).toISOString())
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T

export const campaignOf = (r: Record<string, unknown>): Campaign => ({
  id: Number(r.id),
  client_id: Number(r.client_id),
  name: String(r.name),
  template_name: String(r.template_name),
  language: String(r.language),
  status: String(r.status) as CampaignStatus,
  recipient_list_id: r.recipient_list_id === null ? null : Number(r.recipient_list_id),
  scheduled_at: iso(r.scheduled_at),
  total: Number(r.total ?? 0),
  sent: Number(r.sent ?? 0),
  delivered: Number(r.delivered ?? 0),
  read: Number(r.read ?? 0),
  failed: Number(r.failed ?? 0),
  skipped: Number(r.skipped ?? 0),
  queued: Number(r.queued ?? 0),
  created_at: iso(r.created_at)!,
  status_reason: (r.status_reason as string | null) ?? null,
  rate_per_second: r.rate_per_second === null ? null : Number(r.rate_per_second),
  params: json<string[]>(r.params ?? []),
  param_sources: json<ParamSource[]>(r.param_sources ?? []),
  header_value: (r.header_value as string | null) ?? null,
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
})

export const selectCampaigns = (where: SQL) => sql`SELECT c.*, k.* FROM campaigns c ${COUNTS} WHERE ${where}`

/** One campaign of the tenant, with counts (404 for another tenant's). */
export const loadCampaign = async (db: Db, clientId: number, id: number | string): Promise<Campaign> => {
  const [row] = rowsOf(await db.execute(selectCampaigns(sql`c.id = ${idOf(id, "Campaign")} AND c.client_id = ${clientId}`)))
  if (!row) throw notFound("Campaign")
  return campaignOf(row)
}

/** The campaign's row locked for a change (no counts). */
export const lockCampaign = async (db: Db, clientId: number, id: number | string) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM campaigns WHERE id = ${idOf(id, "Campaign")} AND client_id = ${clientId} FOR UPDATE`),
  )
  if (!row) throw notFound("Campaign")
  return {
    id: Number(row.id),
    name: String(row.name),
    status: String(row.status) as CampaignStatus,
    scheduledAt: iso(row.scheduled_at),
    runGen: Number(row.run_gen),
  }
}

/** The tenant a super admin's form names, if it exists. */
export const existingClient = async (db: Db, clientId: number): Promise<number> => {
  const [row] = rowsOf(await db.execute(sql`SELECT id FROM clients WHERE id = ${clientId}`))
  if (!row) throw notFound("Business")
  return clientId
}
