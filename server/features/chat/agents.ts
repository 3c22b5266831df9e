/**
 * The agent pickers and load lists: users of the tenant who may hold chats (their role grants BACK:chat), with how
 * many open conversations they hold (active_chats: the counter the database keeps, `heldSql`) and their cap
 * (max_chats: the capacity model's chat cap, chat/capacity.ts: the user's own, else their role's, else the tenant's;
 * auto-assign keeps to it: tenant-settings/auto-assign.ts). listAgentlist leaves out the tenant's admins;
 * listAgentadminlist (shift targets) includes them.
 */
import { sql } from "drizzle-orm"
import type { AgentLoad } from "../../../src/contract/schemas/chat"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { pageOf } from "../../core/paging"
import { rowsOf } from "../../db/rows"
import { countOf } from "./message-rows"
import { type AgentFilter, agentCapSql, agentsWhere, heldSql } from "./agent-eligibility"
import { agentChatCap } from "./hooks"

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
      ${agentCapSql(await agentChatCap.ask(ctx.db, clientId))} AS max_chats
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
