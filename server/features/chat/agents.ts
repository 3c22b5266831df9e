/**
 * The agent pickers and load lists: users of the tenant who may hold chats (their role grants BACK:chat), with how
 * many open conversations they hold (active_chats: the counter the database keeps, `heldSql`) and their cap
 * (max_chats: the tenant's `max_chats_per_agent` setting, lowered by the user's own `max_chats` attribute when set;
 * auto-assign keeps to it: tenant-settings/auto-assign.ts). listAgentlist leaves out the tenant's admins;
 * listAgentadminlist (shift targets) includes them.
 */
import { sql, type SQL } from "drizzle-orm"
import type { AgentLoad } from "../../../src/contract/schemas/chat"
import { handle } from "../registry"
import { tenantOf, type Ctx } from "../../http/context"
import { pageOf } from "../paging"
import { likeOf, rowsOf } from "../../db/rows"
import { countOf } from "./message-rows"
import { tenantSettings } from "../contact-form/client-settings"

/** An agent's cap as SQL over `u` (users): the tenant's cap, or the agent's own when lower. */
export const agentCapSql = (tenantCap: number): SQL =>
  sql`CASE WHEN u.attributes->>'max_chats' ~ '^[0-9]{1,6}$' THEN least((u.attributes->>'max_chats')::int, ${tenantCap}::int) ELSE ${tenantCap}::int END`

export interface AgentFilter {
  readonly admins: boolean
  readonly online?: boolean
  readonly withOpenChats?: boolean
  readonly search?: string
}

/**
 * How many conversations the user `u` holds (status in HELD_STATUSES, assigned to them): the counter migration 0039
 * keeps in agent_loads, the one count the lists and auto-assign's hand-out read.
 */
const heldSql = sql`(SELECT l.held FROM agent_loads l WHERE l.user_id = u.id)`

/**
 * The tenant's roles whose users may hold chats (they grant BACK:chat; its admins' system roles only with `admins`), as
 * an array the query computes once: each user is then one membership test, whichever order the planner reads users in
 * (with the users' statistics stale after a bulk insert it reads the tenant's users first, and a permission join per
 * user cost ~20 ms at 1,000 agents).
 */
const chatRolesSql = (clientId: number, admins: boolean): SQL =>
  sql`ARRAY(SELECT r.id FROM roles r WHERE r.client_id = ${clientId}${admins ? sql`` : sql` AND NOT r.system`}
    AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id AND p.key = 'BACK:chat'))`

/** The users `u` of the tenant the filter names; auto-assign's hand-out reads the same (the online, non-admin ones). */
export const agentsWhere = (clientId: number, f: AgentFilter): SQL => {
  const parts: SQL[] = [
    sql`u.client_id = ${clientId}`,
    sql`u.status = 'active'`,
    sql`u.role_id = ANY (${chatRolesSql(clientId, f.admins)})`,
  ]
  if (f.online !== undefined) parts.push(sql`u.online = ${f.online}`)
  if (f.withOpenChats) parts.push(sql`${heldSql} > 0`)
  if (f.search?.trim()) parts.push(sql`(u.username ILIKE ${likeOf(f.search)} OR u.display_name ILIKE ${likeOf(f.search)})`)
  return sql.join(parts, sql` AND `)
}

const agentOf = (r: Record<string, unknown>): AgentLoad => ({
  id: Number(r.id),
  username: String(r.username),
  display_name: (r.display_name as string | null) || null,
  online: Boolean(r.online),
  active_chats: Number(r.active_chats ?? 0),
  max_chats: Number(r.max_chats),
})

const agentPage = async (ctx: Ctx, f: AgentFilter, input: { page?: number; limit?: number }) => {
  const clientId = tenantOf(ctx)
  const { page, limit, offset } = pageOf(input, 50, 1000)
  const where = agentsWhere(clientId, f)
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT u.id, u.username, u.display_name, u.online,
      ${heldSql} AS active_chats,
      ${agentCapSql((await tenantSettings(ctx.db, clientId)).max_chats_per_agent)} AS max_chats
    FROM users u WHERE ${where} ORDER BY u.online DESC, u.display_name, u.id LIMIT ${limit} OFFSET ${offset}`),
  )
  const total = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`)
  return { data: { items: rows.map(agentOf), totalItems: total, page, limit } }
}

export const handlers = [
  handle("chat", "listAgentlist", (ctx, input) => agentPage(ctx, { admins: false, search: input.search }, input)),
  handle("chat", "listAgentadminlist", (ctx, input) => agentPage(ctx, { admins: true, search: input.search }, input)),
  handle("chat", "listAgents", (ctx, input) => agentPage(ctx, { admins: true, online: input.online, search: input.search }, input)),
  handle("chat", "listOngoingagentlist", (ctx, input) =>
    agentPage(ctx, { admins: true, withOpenChats: true, search: input.search }, input),
  ),
]
