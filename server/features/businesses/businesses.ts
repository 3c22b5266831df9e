/**
 * The super admin's view of every business: the list (all, paged with search and status, and counts by
 * status), one business with its figures and agents, switching it off and on, deleting it (soft), and reviewing a
 * registration. The access pipeline lets only super admins in (the groups are marked superAdmin in the contract), but
 * for the agents' lists, which a tenant reads for its own business (the company sub-page Agents).
 */
import { type SQL, sql } from "drizzle-orm"
import { likeOf, rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { signedUrlOf } from "../../core/signed-url"
import { publicOrigin } from "../../core/attachments"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { CLIENT_COLUMNS, LISTED, businessCountsOf, clientOf, loadBusiness } from "./client-rows"
import { softDelete, toggle } from "./lifecycle"
import { messageRetentionSchedule, purgeSchedule, retentionJob } from "./retention"
import { approve, checkMove } from "./review"
import { statsOf } from "./stats"

const agentRefOf = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  username: String(r.username),
  display_name: r.display_name === null ? null : String(r.display_name),
  online: r.online === true,
})

/** The agents' lists: a super admin names any business; a tenant only its own (another id is simply not found). */
const agentsBusinessOf = (ctx: Ctx, id: number): number => {
  if (!ctx.principal.superAdmin && id !== tenantOf(ctx)) throw notFound("Business")
  return id
}

export const handlers = [
  handle("businesses", "fetchClients", async (ctx) => {
    const rows = rowsOf(await ctx.db.execute(sql`SELECT ${CLIENT_COLUMNS} FROM clients c WHERE ${LISTED} ORDER BY c.name, c.id`))
    return { data: rows.map(clientOf) }
  }),

  handle("businesses", "fetchClientsMeta", async (ctx) => ({ data: await businessCountsOf(ctx.db) })),

  handle("businesses", "fetchClientByClientId", async (ctx, input) => ({
    data: (await loadBusiness(ctx.db, idOf(input.client_id, "Business"))).client,
  })),

  handle("businesses", "clientInfoByClientId", async (ctx, input) => {
    const { client } = await loadBusiness(ctx.db, idOf(input.client_id, "Business"))
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT
        COALESCE((SELECT u.username FROM users u JOIN roles r ON r.id = u.role_id
          WHERE u.client_id = ${client.id} AND r.system ORDER BY u.id LIMIT 1),
          (SELECT admin_username FROM business_registrations WHERE client_id = ${client.id})) AS admin_username,
        (SELECT count(*)::int FROM users WHERE client_id = ${client.id} AND status = 'active') AS agents,
        ARRAY(SELECT DISTINCT channel FROM channel_accounts WHERE client_id = ${client.id} AND status = 'active' ORDER BY channel) AS channels`),
    )
    const channels = (row.channels as string[] | null) ?? []
    return {
      data: {
        ...client,
        admin_username: row.admin_username === null ? null : String(row.admin_username),
        agents: Number(row.agents),
        channels: channels.filter((c): c is "whatsapp" => ["whatsapp", "facebook", "instagram", "sms", "webchat", "email"].includes(c)),
      },
    }
  }),

  handle("businesses", "clientStatsByClientId", async (ctx, input) => {
    const { client } = await loadBusiness(ctx.db, idOf(input.client_id, "Business"))
    return { data: await statsOf(ctx.db, client) }
  }),

  handle("businesses", "clientStats", async (ctx, input) => {
    // The range picks the businesses registered in it; each row's figures are statsOf's.
    const parts: SQL[] = [LISTED]
    if (input.start_date) parts.push(sql`c.created_at >= ${input.start_date}::timestamptz`)
    if (input.end_date) parts.push(sql`c.created_at <= ${input.end_date}::timestamptz`)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT c.id, c.name FROM clients c WHERE ${sql.join(parts, sql` AND `)} ORDER BY c.name, c.id`),
    )
    const data = []
    for (const row of rows) data.push(await statsOf(ctx.db, { id: Number(row.id), name: String(row.name) }))
    return { data }
  }),

  handle("businesses", "clientAgentsByClientId", async (ctx, input) => {
    const { client } = await loadBusiness(ctx.db, agentsBusinessOf(ctx, idOf(input.client_id, "Business")))
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT id, username, display_name, online FROM users
        WHERE client_id = ${client.id} AND NOT super_admin ORDER BY username`),
    )
    return { data: rows.map(agentRefOf) }
  }),

  handle("businesses", "clientAgentsPaginated", async (ctx, input) => {
    const { client } = await loadBusiness(ctx.db, agentsBusinessOf(ctx, input.client_id))
    const { page, limit, offset } = pageOf(input, 10)
    const parts: SQL[] = [sql`client_id = ${client.id}`, sql`NOT super_admin`]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(username ILIKE ${like} OR display_name ILIKE ${like})`)
    }
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT id, username, display_name, online, count(*) OVER () AS total_rows FROM users
        WHERE ${sql.join(parts, sql` AND `)} ORDER BY username, id`,
      { limit, offset },
    )
    return { data: { items: rows.map(agentRefOf), totalItems: total, page, limit } }
  }),

  handle("businesses", "fetchClientsPagination", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input, 10)
    const parts: SQL[] = [LISTED]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(c.name ILIKE ${like} OR c.email ILIKE ${like} OR c.phone ILIKE ${like})`)
    }
    if (input.active !== undefined) parts.push(input.active ? sql`c.status = 'active'` : sql`c.status <> 'active'`)
    if (input.onboarding_status) parts.push(sql`c.onboarding_status = ${input.onboarding_status}`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${CLIENT_COLUMNS}, count(*) OVER () AS total_rows FROM clients c WHERE ${sql.join(parts, sql` AND `)}
        ORDER BY c.created_at DESC, c.id DESC`,
      { limit, offset },
    )
    return { data: { items: rows.map(clientOf), totalItems: total, page, limit } }
  }),

  handle("businesses", "clientToggle", async (ctx, input) => {
    const business = await loadBusiness(ctx.db, input.client_id, { lock: true })
    await toggle(ctx, business.client.id, business.status, input.active)
    return { data: (await loadBusiness(ctx.db, business.client.id)).client }
  }),

  handle("businesses", "clientDelete", async (ctx, input) => {
    const business = await loadBusiness(ctx.db, input.client_id, { lock: true })
    await softDelete(ctx, business.client.id)
    return { data: { ok: true } }
  }),

  handle("businessReview", "reviewRegistration", async (ctx, input) => {
    const business = await loadBusiness(ctx.db, input.client_id, { lock: true })
    const reason = checkMove(business.client.onboarding_status, input.to, input.reason)
    if (input.to === "approved") await approve(ctx, business.client)
    if (input.to === "rejected") await ctx.db.execute(sql`UPDATE clients SET status = 'rejected' WHERE id = ${business.client.id}`)
    await ctx.db.execute(
      sql`UPDATE clients SET onboarding_status = ${input.to}, rejection_reason = ${reason} WHERE id = ${business.client.id}`,
    )
    await ctx.db.execute(sql`UPDATE business_registrations SET reviewed_by = ${ctx.principal.userId}, reviewed_at = now()
      WHERE client_id = ${business.client.id}`)
    return { data: (await loadBusiness(ctx.db, business.client.id)).client }
  }),

  handle("businessReview", "registrationDocuments", async (ctx, input) => {
    const { client } = await loadBusiness(ctx.db, idOf(input.client_id, "Business"))
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT d.id, d.document_type, d.created_at, a.id AS attachment_id, a.filename, a.mime, a.size
        FROM registration_documents d JOIN attachments a ON a.id = d.attachment_id
      WHERE d.client_id = ${client.id} ORDER BY d.id`),
    )
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        document_type: r.document_type as "trade_license",
        name: String(r.filename),
        mime_type: String(r.mime),
        size: Number(r.size),
        url: signedUrlOf(ctx.services.config, Number(r.attachment_id), publicOrigin(ctx)),
        created_at: iso(r.created_at),
      })),
    }
  }),
]

export const schedules = [purgeSchedule, messageRetentionSchedule]
export const jobHandlers = [retentionJob]
