/**
 * Customers as the chat screens list them: the search box (searchCustomer), customers with an open chat and who holds
 * it (fetchCustomersAgents), and the contacts an agent serves (fetchAgentCustomers, the caller unless agent_id).
 */
import { sql, type SQL } from "drizzle-orm"
import type { CustomerRef } from "../../../src/contract/schemas/chat"
import type { Contact } from "../../../src/contract/schemas/contacts"
import type { Channel } from "../../../src/contract/schemas/common"
import { handle } from "../../core/registry"
import { tenantOf, userOf } from "../../http/context"
import { pageOf } from "../../core/paging"
import { likeOf, rowsOf } from "../../db/rows"
import { iso, isoOrNull } from "./conversation-rows"
import { OPEN_STATUSES } from "./conversation-status"
import { countOf } from "./message-rows"
import { inboxPage } from "./inbox"

const refOf = (r: Record<string, unknown>): CustomerRef => ({
  number: String(r.number),
  name: r.name ? String(r.name) : null,
  channel_type: String(r.channel) as Channel,
  agent_id: r.agent_id === null || r.agent_id === undefined ? null : Number(r.agent_id),
  agent_name: (r.agent_name as string | null) ?? null,
  last_message_at: isoOrNull(r.last_message_at),
})

const contactOf = (r: Record<string, unknown>): Contact => ({
  id: Number(r.id),
  number: String(r.number),
  name: r.name ? String(r.name) : null,
  email: (r.email as string | null) ?? null,
  channel_type: String(r.channel) as Channel,
  blocked: Boolean(r.blocked),
  attributes: ((typeof r.attributes === "string" ? JSON.parse(r.attributes) : r.attributes) ?? {}) as Contact["attributes"],
  group_ids: (((typeof r.group_ids === "string" ? JSON.parse(r.group_ids) : r.group_ids) as number[] | null) ?? []).map(Number),
  created_at: iso(r.created_at),
  last_seen_at: isoOrNull(r.last_inbound_at),
})

export const handlers = [
  /** By number or name; each contact with the agent of its newest conversation. */
  handle("chat", "searchCustomer", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const like = likeOf(input.search)
    // The matches are picked (customers who wrote last first) before their conversations are looked up, so a broad
    // search over 100,000 customers looks up `limit` of them, not every match.
    const rows = rowsOf(
      await ctx.db.execute(sql`WITH found AS (SELECT ct.id, ct.number, ct.name, ct.channel, ct.last_inbound_at FROM contacts ct
        WHERE ct.client_id = ${clientId} AND (ct.number ILIKE ${like} OR ct.name ILIKE ${like})
        ORDER BY ct.last_inbound_at DESC NULLS LAST, ct.id LIMIT ${input.limit ?? 20})
      SELECT found.number, found.name, found.channel, last.assigned_user_id AS agent_id, u.display_name AS agent_name, last.last_message_at
      FROM found
      LEFT JOIN LATERAL (SELECT c.assigned_user_id, c.last_message_at FROM conversations c WHERE c.contact_id = found.id
        ORDER BY c.last_message_at DESC, c.id DESC LIMIT 1) last ON TRUE
      LEFT JOIN users u ON u.id = last.assigned_user_id
      ORDER BY found.last_inbound_at DESC NULLS LAST, found.id`),
    )
    return { data: rows.map(refOf) }
  }),
  /** Customers with an open chat and who holds it: the open inbox (every status but closed), one row per chat. */
  handle("chat", "fetchCustomersAgents", async (ctx, input) => {
    const page = await inboxPage(
      ctx,
      {
        clientId: tenantOf(ctx),
        statuses: OPEN_STATUSES,
        channel: input.channel_type,
        search: input.search,
      },
      input,
    )
    const items: CustomerRef[] = page.data.items.map((c) => ({
      number: c.number,
      name: c.name,
      channel_type: c.channel_type,
      agent_id: c.agent_id,
      agent_name: c.agent_name,
      last_message_at: c.last_message_at,
    }))
    return { data: { ...page.data, items } }
  }),
  handle("chat", "fetchAgentCustomers", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const agentId = input.agent_id ?? userId
    const { page, limit, offset } = pageOf(input, 20, 1000)
    const parts: SQL[] = [
      sql`ct.client_id = ${clientId}`,
      sql`EXISTS (SELECT 1 FROM conversations c WHERE c.contact_id = ct.id AND c.assigned_user_id = ${agentId} AND c.status <> 'closed')`,
    ]
    if (input.search?.trim()) parts.push(sql`(ct.number ILIKE ${likeOf(input.search)} OR ct.name ILIKE ${likeOf(input.search)})`)
    const where = sql.join(parts, sql` AND `)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ct.id, ct.number, ct.name, ct.email, ct.channel, ct.blocked, ct.attributes, ct.created_at, ct.last_inbound_at,
        coalesce((SELECT json_agg(m.group_id ORDER BY m.group_id) FROM contact_group_members m WHERE m.contact_id = ct.id), '[]'::json) AS group_ids
      FROM contacts ct WHERE ${where} ORDER BY ct.name, ct.id LIMIT ${limit} OFFSET ${offset}`),
    )
    const total = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM contacts ct WHERE ${where}`)
    return { data: { items: rows.map(contactOf), totalItems: total, page, limit } }
  }),
]
