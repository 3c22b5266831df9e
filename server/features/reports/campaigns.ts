/**
 * Campaign and template figures (dashboard /fetch/customer/campaign and /template/report; reports /campaign/records,
 * /campaign/stats, /campaign/report, /engagement/stats, /user/template/report, /template/consumption), read from
 * campaigns and campaign_recipients, which the campaigns feature fills. A recipient's status is its template
 * message's delivery state: sent counts every recipient the message left for (sent, delivered or read), delivered
 * includes read. Until campaigns run these answer zeros and empty lists.
 */
import { sql, type SQL } from "drizzle-orm"
import type { CampaignRecord } from "../../../src/contract/schemas/reports"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { notFound } from "../../http/errors"
import { rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { iso, isoOrNull } from "../../core/date-range"
import { checkAgent, forBusiness, reportRange, type ReportRange } from "./report-range"
import { dtWhere } from "./metrics"

const FUNNEL = sql`count(cr.id)::int AS total,
  count(cr.id) FILTER (WHERE cr.status IN ('sent', 'delivered', 'read'))::int AS sent,
  count(cr.id) FILTER (WHERE cr.status IN ('delivered', 'read'))::int AS delivered,
  count(cr.id) FILTER (WHERE cr.status = 'read')::int AS read,
  count(cr.id) FILTER (WHERE cr.status = 'failed')::int AS failed`

const funnelOf = (row: Record<string, unknown> | undefined) => ({
  sent: Number(row?.sent ?? 0),
  delivered: Number(row?.delivered ?? 0),
  read: Number(row?.read ?? 0),
  failed: Number(row?.failed ?? 0),
})

/** Campaigns created in the range with their funnels, newest first. */
const campaignList = async (ctx: Ctx, r: ReportRange) => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT c.id, c.name, c.status, c.created_at, ${FUNNEL}
      FROM campaigns c LEFT JOIN campaign_recipients cr ON cr.campaign_id = c.id
      WHERE c.client_id = ${r.clientId} AND ${dtWhere(r, sql`c.created_at`)} GROUP BY c.id ORDER BY c.created_at DESC, c.id DESC LIMIT 1000`),
  )
  return rows.map((row) => ({
    campaign_id: Number(row.id),
    name: String(row.name),
    status: String(row.status),
    total: Number(row.total),
    ...funnelOf(row),
    dt: iso(row.created_at),
  }))
}

/** Recipients messaged in the range, grouped by `group` (template, user...). */
const templateFunnel = async (ctx: Ctx, r: ReportRange, group: SQL, columns: SQL, extra: SQL = sql``) =>
  rowsOf(
    await ctx.db.execute(sql`SELECT ${columns}, ${FUNNEL}, count(cr.id) FILTER (WHERE cr.status IN ('sent', 'delivered', 'read')) * max(t.cost_per_message) AS cost
      FROM campaign_recipients cr JOIN campaigns c ON c.id = cr.campaign_id JOIN templates t ON t.id = c.template_id
      LEFT JOIN users u ON u.id = c.created_by
      WHERE cr.client_id = ${r.clientId} AND ${dtWhere(r, sql`cr.sent_at`)} ${extra} GROUP BY ${group} ORDER BY 1`),
  )

const RECORD_STATUS: Record<string, CampaignRecord["status"]> = {
  pending: "queued",
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  read: "read",
}

export const handlers = forBusiness([
  handle("dashboard", "fetchCustomerCampaign", async (ctx, input) => ({ data: await campaignList(ctx, await reportRange(ctx, input)) })),
  handle("reports", "campaignReport", async (ctx, input) => ({ data: await campaignList(ctx, await reportRange(ctx, input)) })),
  handle("dashboard", "templateReport", async (ctx, input) => {
    const rows = await templateFunnel(ctx, await reportRange(ctx, input), sql`t.name`, sql`t.name AS template_name`)
    return { data: rows.map((row) => ({ template_name: String(row.template_name), ...funnelOf(row) })) }
  }),
  handle("reports", "userTemplateReport", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    await checkAgent(ctx, input.agent_id)
    const byUser = input.agent_id === undefined ? sql`` : sql`AND c.created_by = ${input.agent_id}`
    const filtered = await templateFunnel(
      ctx,
      r,
      sql`u.username, t.name`,
      sql`coalesce(u.username, '') AS username, t.name AS template_name`,
      byUser,
    )
    const items = filtered.slice(offset, offset + limit).map((row) => ({
      username: String(row.username),
      template_name: String(row.template_name),
      ...funnelOf(row),
      cost: Number(row.cost ?? 0),
    }))
    return { data: { items, totalItems: filtered.length, page, limit } }
  }),
  handle("reports", "templateConsumption", async (ctx, input) => {
    const rows = await templateFunnel(ctx, await reportRange(ctx, input), sql`t.name, t.category`, sql`t.name AS template_name, t.category`)
    return {
      data: rows.map((row) => ({
        template_name: String(row.template_name),
        category: String(row.category),
        count: Number(row.sent),
        cost: Number(row.cost ?? 0),
      })),
    }
  }),
  handle("reports", "campaignStats", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const one = input.campaign_id === undefined ? sql`` : sql`AND c.id = ${Number(input.campaign_id)}`
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT count(DISTINCT c.id)::int AS campaigns, ${FUNNEL} FROM campaigns c LEFT JOIN campaign_recipients cr ON cr.campaign_id = c.id
        WHERE c.client_id = ${r.clientId} AND ${dtWhere(r, sql`c.created_at`)} ${one}`),
    )
    return { data: { campaigns: Number(row?.campaigns ?? 0), ...funnelOf(row) } }
  }),
  handle("reports", "engagementStats", async (ctx, input) => {
    const r = await reportRange(ctx, input)
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT ${FUNNEL}, count(cr.id) FILTER (WHERE ct.last_inbound_at > cr.sent_at)::int AS replied
        FROM campaign_recipients cr LEFT JOIN contacts ct ON ct.client_id = cr.client_id AND ct.number = cr.number AND ct.channel = 'whatsapp'
        WHERE cr.client_id = ${r.clientId} AND ${dtWhere(r, sql`cr.sent_at`)}`),
    )
    const funnel = funnelOf(row)
    const replied = Number(row?.replied ?? 0)
    return { data: { ...funnel, replied, engagement_rate: funnel.delivered > 0 ? (100 * replied) / funnel.delivered : 0 } }
  }),
  handle("reports", "campaignRecords", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const owned = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM campaigns WHERE id = ${input.campaign_id} AND client_id = ${clientId}`))
    if (owned.length === 0) throw notFound("Campaign")
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const status =
      input.status === undefined
        ? sql``
        : input.status === "queued"
          ? sql`AND cr.status IN ('pending', 'queued')`
          : sql`AND cr.status = ${input.status}`
    const where = sql`cr.client_id = ${clientId} AND cr.campaign_id = ${input.campaign_id} ${status}`
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM campaign_recipients cr WHERE ${where}`))
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT cr.number, cr.status, cr.error, cr.sent_at FROM campaign_recipients cr WHERE ${where} ORDER BY cr.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const items = rows.map((row) => ({
      number: String(row.number),
      status: RECORD_STATUS[String(row.status)] ?? "failed",
      error: (row.error as string | null) ?? null,
      sent_at: isoOrNull(row.sent_at),
      delivered_at: null,
      read_at: null,
    }))
    return { data: { items, totalItems: Number(count?.n ?? 0), page, limit } }
  }),
])
