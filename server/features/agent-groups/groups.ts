/**
 * Agent groups: the manager's paged list, create, rename, members in and out, delete; the caller's own groups with
 * unread counts; a group's details and members; the colleagues one can message. Everyone whose list of groups changes
 * hears `team:groups` after the commit. Access rules: team-access.ts.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Colleague, MyAgentGroup } from "../../../src/contract/schemas/agent-groups"
import { likeOf, rowsOf } from "../../db/rows"
import { type Ctx, userOf } from "../../http/context"
import { badRequest } from "../../http/errors"
import { handle } from "../../core/registry"
import { pageOf, windowPage } from "../../core/paging"
import { isoOrNull } from "../../core/date-range"
import { checkGroupName, GROUP_COLUMNS, groupOf, loadDetail, loadGroup, memberIds, membersOf } from "./group-rows"
import { groupFor, requireManager, teamUser, teamUsers } from "./team-access"
import { emitTeam } from "./team-bus"

/** Adds members who are not in yet; their read mark starts at the group's newest message (history is not unread). */
const addMembers = async (ctx: Ctx, groupId: number, userIds: readonly number[], role: "owner" | "member") => {
  if (userIds.length === 0) return []
  const added = rowsOf(
    await ctx.db.execute(sql`INSERT INTO agent_group_members (group_id, user_id, role, last_read_id)
      SELECT ${groupId}, u.id, ${role}, coalesce((SELECT max(id) FROM group_messages WHERE group_id = ${groupId}), 0)
      FROM users u WHERE u.id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ON CONFLICT DO NOTHING RETURNING user_id`),
  )
  return added.map((r) => Number(r.user_id))
}

/** Rename and/or describe: shared by POST /group/update and PUT /groups/update/id. */
const updateGroup = async (ctx: Ctx, id: unknown, input: { name?: string; description?: string }) => {
  const group = await groupFor(ctx, id, "manage")
  await checkGroupName(ctx, group.clientId, input.name, group.id)
  const sets: SQL[] = []
  if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
  if (input.description !== undefined) sets.push(sql`description = ${input.description.trim()}`)
  if (sets.length === 0) throw badRequest("Nothing to update: send name or description")
  await ctx.db.execute(sql`UPDATE agent_groups SET ${sql.join(sets, sql`, `)} WHERE id = ${group.id} AND client_id = ${group.clientId}`)
  emitTeam(ctx, await memberIds(ctx, group.id), "team:groups", { group_id: group.id })
  return { data: await loadGroup(ctx, group.clientId, group.id) }
}

export const handlers = [
  handle("agentGroups", "fetchListWtGroups", async (ctx, input) => {
    requireManager(ctx)
    const { clientId } = userOf(ctx)
    const paging = pageOf(input, 10, 100)
    const parts: SQL[] = [sql`g.client_id = ${clientId}`]
    if (input.search?.trim()) parts.push(sql`(g.name ILIKE ${likeOf(input.search)} OR g.description ILIKE ${likeOf(input.search)})`)
    const query = sql`SELECT ${GROUP_COLUMNS}, count(*) OVER () AS total_rows FROM agent_groups g
      WHERE ${sql.join(parts, sql` AND `)} ORDER BY lower(g.name), g.id`
    const { rows, total } = await windowPage(ctx.db, query, paging)
    return { data: { items: rows.map(groupOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("agentGroups", "groupCreate", async (ctx, input) => {
    requireManager(ctx)
    const { userId, clientId } = userOf(ctx)
    await checkGroupName(ctx, clientId, input.name, 0)
    const others = (await teamUsers(ctx, clientId, input.member_ids ?? [], "member_ids")).filter((id) => id !== userId)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO agent_groups (client_id, name, description, created_by)
        VALUES (${clientId}, ${input.name}, ${input.description?.trim() ?? ""}, ${userId}) RETURNING id`),
    )
    const id = Number(row.id)
    await addMembers(ctx, id, [userId], "owner")
    await addMembers(ctx, id, others, "member")
    emitTeam(ctx, [userId, ...others], "team:groups", { group_id: id })
    return { data: await loadDetail(ctx, clientId, id) }
  }),

  handle("agentGroups", "groupUpdate", (ctx, input) => updateGroup(ctx, input.group_id, input)),
  handle("agentGroups", "groupsUpdateById", (ctx, input) => updateGroup(ctx, input.id, input)),

  handle("agentGroups", "addMember", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "manage")
    const ids = await teamUsers(ctx, group.clientId, input.user_ids, "user_ids")
    const added = await addMembers(ctx, group.id, ids, "member")
    if (added.length > 0) emitTeam(ctx, await memberIds(ctx, group.id), "team:groups", { group_id: group.id })
    return { data: { ok: true } }
  }),

  handle("agentGroups", "membersRemove", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "manage")
    const before = await memberIds(ctx, group.id)
    const ids = [...new Set(input.user_ids)]
    const strangers = ids.filter((id) => !before.includes(id))
    if (strangers.length > 0) throw badRequest(`Not a member of this group: ${strangers.join(", ")}`, "user_ids")
    await ctx.db.execute(
      sql`DELETE FROM agent_group_members WHERE group_id = ${group.id} AND user_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    emitTeam(ctx, before, "team:groups", { group_id: group.id })
    return { data: { ok: true } }
  }),

  /** A GET that deletes (the catalogue's): one statement, so members and messages go with the group or not at all. */
  handle("agentGroups", "groupsRemoveByGroupId", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "manage")
    const before = await memberIds(ctx, group.id)
    await ctx.db.execute(sql`DELETE FROM agent_groups WHERE id = ${group.id} AND client_id = ${group.clientId}`)
    emitTeam(ctx, before, "team:groups", { group_id: group.id })
    return { data: { ok: true } }
  }),

  handle("agentGroups", "fetchListAgentGroups", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${GROUP_COLUMNS},
        (SELECT count(*)::int FROM group_messages x WHERE x.group_id = g.id AND x.id > me.last_read_id
          AND x.from_user_id IS DISTINCT FROM ${userId}) AS unread
        FROM agent_groups g JOIN agent_group_members me ON me.group_id = g.id AND me.user_id = ${userId}
        WHERE g.client_id = ${clientId}
        ORDER BY last_message_at DESC NULLS LAST, lower(g.name), g.id`),
    )
    const data: MyAgentGroup[] = rows.map((r) => ({ ...groupOf(r), unread: Number(r.unread ?? 0) }))
    return { data }
  }),

  handle("agentGroups", "groupsInfoById", async (ctx, input) => {
    const group = await groupFor(ctx, input.id, "see")
    return { data: await loadDetail(ctx, group.clientId, group.id) }
  }),

  handle("agentGroups", "membersListByGroupId", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "see")
    return { data: await membersOf(ctx, group.id) }
  }),

  handle("agentGroups", "userList", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT u.id, u.username, u.display_name, u.online,
        (SELECT count(*)::int FROM group_messages d WHERE d.to_user_id = ${userId} AND d.from_user_id = u.id
          AND d.id > coalesce((SELECT r.last_read_id FROM direct_read_marks r WHERE r.user_id = ${userId} AND r.peer_id = u.id), 0)) AS unread,
        (SELECT max(d.dt) FROM group_messages d WHERE d.group_id IS NULL AND d.client_id = ${clientId}
          AND ((d.to_user_id = ${userId} AND d.from_user_id = u.id) OR (d.to_user_id = u.id AND d.from_user_id = ${userId}))) AS last_message_at
        FROM users u WHERE ${teamUser(clientId)} AND u.id <> ${userId}
        ORDER BY lower(coalesce(nullif(u.display_name, ''), u.username)), u.id`),
    )
    const data: Colleague[] = rows.map((r) => ({
      id: Number(r.id),
      username: String(r.username),
      display_name: r.display_name ? String(r.display_name) : null,
      online: Boolean(r.online),
      unread: Number(r.unread ?? 0),
      last_message_at: isoOrNull(r.last_message_at),
    }))
    return { data }
  }),
]
