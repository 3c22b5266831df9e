/**
 * Who may hold chats, as SQL over `u` (users): the agent lists (chat/agents.ts), auto-assign's hand-out
 * (tenant-settings/auto-assign.ts) and the dashboard's agents online (dashboard/dashboard-now.ts) read the same rule.
 * No feature imports here, so any of them may use it. How many each agent may hold: capacity.ts.
 */
import { sql, type SQL } from "drizzle-orm"
import { likeOf } from "../../db/rows"
import { capSql } from "./capacity"

/** An agent's chat cap as SQL over `u` (users): the capacity model's (capacity.ts), the tenant's being `tenantCap`. */
export const agentCapSql = (tenantCap: number): SQL => capSql("chat", tenantCap)

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
export const heldSql = sql`(SELECT l.held FROM agent_loads l WHERE l.user_id = u.id)`

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
