/**
 * Template messages sent (individual, agent, API; campaigns later): they are the conversations' outbound messages of
 * type `template` (template-send.ts stores them, the channel's statuses update them), listed with their status by date,
 * status, number, channel ids; counted by status (the outbox's meta-data); per template (usage); and the customers
 * whose 24-hour window is open (active sessions: free-form messages reach them without a template).
 */
import { sql, type SQL } from "drizzle-orm"
import type { OutgoingMessage } from "../../../src/contract/schemas/templates"
import type { Ctx } from "../../http/context"
import { tenantOf } from "../../http/context"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { WINDOW_MS } from "../chat"

interface Filter {
  readonly start_date?: string
  readonly end_date?: string
  readonly status?: string
  readonly number?: string
  readonly message_ids?: readonly string[]
  readonly campaign_id?: number
  readonly template_name?: string
}

const STATUS_OF = sql`CASE WHEN m.status = 'received' THEN 'sent' ELSE m.status END`

/** The tenant (or, for the super admin, any tenant: null) and the filter as SQL over `m` (messages) and `ct` (contacts). */
const whereOf = (clientId: number | null, f: Filter): SQL => {
  const parts: SQL[] = [sql`m.direction = 'out'`, sql`m.type = 'template'`]
  if (clientId !== null) parts.push(sql`m.client_id = ${clientId}`)
  if (f.start_date) parts.push(sql`m.dt >= (${f.start_date}::timestamp AT TIME ZONE tenant_zone(m.client_id))`)
  if (f.end_date) parts.push(sql`m.dt <= (${f.end_date}::timestamp AT TIME ZONE tenant_zone(m.client_id))`)
  if (f.status) parts.push(sql`${STATUS_OF} = ${f.status}`)
  if (f.number) parts.push(sql`ltrim(ct.number, '+') = ltrim(${f.number}, '+')`)
  if (f.template_name) parts.push(sql`m.payload -> 'template' ->> 'name' = ${f.template_name}`)
  if (f.message_ids?.length)
    parts.push(
      sql`m.external_id IN (${sql.join(
        f.message_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
  // Campaign sends arrive with the campaign engine; until then no message belongs to a campaign.
  if (f.campaign_id !== undefined) parts.push(sql`(m.payload ->> 'campaign_id')::int = ${f.campaign_id}`)
  return sql.join(parts, sql` AND `)
}

const FROM = sql`FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id`

const outgoingOf = (r: Record<string, unknown>): OutgoingMessage => ({
  id: Number(r.id),
  external_id: (r.external_id as string | null) ?? null,
  number: String(r.number),
  template_name: String(r.template_name ?? ""),
  campaign_id: r.campaign_id === null || r.campaign_id === undefined ? null : Number(r.campaign_id),
  status: String(r.status) as OutgoingMessage["status"],
  error: (r.error as string | null) ?? null,
  dt: new Date(r.dt as string).toISOString(),
})

const listOf = async (db: Db, clientId: number | null, input: Filter & { page?: number; limit?: number }) => {
  const { page, limit, offset } = pageOf(input, 10, 1000)
  const { rows, total } = await windowPage(
    db,
    sql`SELECT m.id, m.external_id, ct.number, m.payload -> 'template' ->> 'name' AS template_name, m.payload ->> 'campaign_id' AS campaign_id,
      ${STATUS_OF} AS status, m.payload ->> 'error' AS error, m.dt, count(*) OVER () AS total_rows
      ${FROM} WHERE ${whereOf(clientId, input)} ORDER BY m.dt DESC, m.id DESC`,
    { limit, offset },
  )
  return { data: { items: rows.map(outgoingOf), totalItems: total, page, limit } }
}

const usageOf = async (ctx: Ctx, input: Filter) => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT m.payload -> 'template' ->> 'name' AS template_name,
      count(*) FILTER (WHERE ${STATUS_OF} IN ('sent', 'delivered', 'read'))::int AS sent,
      count(*) FILTER (WHERE ${STATUS_OF} IN ('delivered', 'read'))::int AS delivered,
      count(*) FILTER (WHERE ${STATUS_OF} = 'read')::int AS read,
      count(*) FILTER (WHERE ${STATUS_OF} = 'failed')::int AS failed
      ${FROM} WHERE ${whereOf(tenantOf(ctx), input)} GROUP BY 1 ORDER BY 1`),
  )
  return {
    data: rows.map((r) => ({
      template_name: String(r.template_name ?? ""),
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      read: Number(r.read),
      failed: Number(r.failed),
    })),
  }
}

export const handlers = [
  handle("templates", "templateMessages", async (ctx, input) => listOf(ctx.db, tenantOf(ctx), input)),
  handle("templates", "outgoingMessageStatus", async (ctx, input) => listOf(ctx.db, tenantOf(ctx), input)),
  handle("templates", "outgoingMessageStatusAdmin", async (ctx, input) => listOf(ctx.db, input.client_id ?? null, input)),
  handle("templates", "templateSearchNumber", async (ctx, input) => listOf(ctx.db, tenantOf(ctx), input)),
  handle("conversationTemplates", "templateMonitoring", async (ctx, input) => listOf(ctx.db, tenantOf(ctx), input)),
  handle("conversationTemplates", "templateUsageStats", async (ctx, input) => usageOf(ctx, input)),
  handle("templates", "templateOutboxMetaData", async (ctx, input) => {
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${STATUS_OF} AS status, count(*)::int AS n ${FROM} WHERE ${whereOf(tenantOf(ctx), input)} GROUP BY 1`,
      ),
    )
    const counts = new Map(rows.map((r) => [String(r.status), Number(r.n)]))
    const statuses = ["queued", "sent", "delivered", "read", "failed"] as const
    return {
      data: {
        total: [...counts.values()].reduce((a, b) => a + b, 0),
        status_count: statuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      },
    }
  }),
  handle("templates", "fetchActiveSessions", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 10, 1000)
    const since = new Date(Date.now() - WINDOW_MS).toISOString()
    const search = input.search?.trim()
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ct.number, ct.name, ct.channel, ct.last_inbound_at, count(*) OVER () AS total_rows FROM contacts ct
        WHERE ct.client_id = ${clientId} AND ct.channel = 'whatsapp' AND ct.last_inbound_at > ${since}::timestamptz
        ${search ? sql`AND (ct.number LIKE ${likeOf(search)} OR ct.name ILIKE ${likeOf(search)})` : sql``}
        ORDER BY ct.last_inbound_at DESC, ct.id DESC`,
      { limit, offset },
    )
    return {
      data: {
        items: rows.map((r) => ({
          number: String(r.number),
          name: (r.name as string | null) || null,
          channel_type: "whatsapp" as const,
          expires_at: new Date(new Date(r.last_inbound_at as string).getTime() + WINDOW_MS).toISOString(),
        })),
        totalItems: total,
        page,
        limit,
      },
    }
  }),
]
