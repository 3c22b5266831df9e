/** Reading agent groups and their members as the contract shapes them. */
import { sql } from "drizzle-orm"
import type { AgentGroup, AgentGroupDetail, GroupMember } from "../../../src/contract/schemas/agent-groups"
import { rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { conflict, notFound } from "../../http/errors"
import { iso, isoOrNull } from "../../core/date-range"

export const GROUP_COLUMNS = sql`g.id, g.name, g.description, g.created_by, g.created_at,
  (SELECT count(*)::int FROM agent_group_members mc WHERE mc.group_id = g.id) AS members_count,
  (SELECT max(gm.dt) FROM group_messages gm WHERE gm.group_id = g.id) AS last_message_at`

export const groupOf = (r: Record<string, unknown>): AgentGroup => ({
  id: Number(r.id),
  name: String(r.name),
  description: r.description ? String(r.description) : null,
  members_count: Number(r.members_count ?? 0),
  created_by: r.created_by === null || r.created_by === undefined ? null : Number(r.created_by),
  last_message_at: isoOrNull(r.last_message_at),
  created_at: iso(r.created_at),
})

const memberOf = (r: Record<string, unknown>): GroupMember => ({
  id: Number(r.id),
  username: String(r.username),
  display_name: r.display_name ? String(r.display_name) : null,
  online: Boolean(r.online),
  role: r.role === "owner" ? "owner" : "member",
})

export const loadGroup = async (ctx: Ctx, clientId: number, id: number): Promise<AgentGroup> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${GROUP_COLUMNS} FROM agent_groups g WHERE g.id = ${id} AND g.client_id = ${clientId}`),
  )
  if (!row) throw notFound("Group")
  return groupOf(row)
}

export const membersOf = async (ctx: Ctx, groupId: number): Promise<GroupMember[]> =>
  rowsOf(
    await ctx.db.execute(sql`SELECT u.id, u.username, u.display_name, u.online, m.role FROM agent_group_members m
      JOIN users u ON u.id = m.user_id WHERE m.group_id = ${groupId}
      ORDER BY m.role = 'owner' DESC, lower(coalesce(nullif(u.display_name, ''), u.username)), u.id`),
  ).map(memberOf)

export const memberIds = async (ctx: Ctx, groupId: number): Promise<number[]> =>
  rowsOf(await ctx.db.execute(sql`SELECT user_id FROM agent_group_members WHERE group_id = ${groupId}`)).map((r) => Number(r.user_id))

export const loadDetail = async (ctx: Ctx, clientId: number, id: number): Promise<AgentGroupDetail> => ({
  ...(await loadGroup(ctx, clientId, id)),
  members: await membersOf(ctx, id),
})

/** 409 naming `name` when another group of the tenant has the name, whatever its case. */
export const checkGroupName = async (ctx: Ctx, clientId: number, name: string | undefined, exceptId: number) => {
  if (name === undefined) return
  const [clash] = rowsOf(
    await ctx.db.execute(
      sql`SELECT id FROM agent_groups WHERE client_id = ${clientId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`,
    ),
  )
  if (clash) throw conflict(`A group named "${name}" already exists`, "name")
}
