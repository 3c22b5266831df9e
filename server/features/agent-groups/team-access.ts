/**
 * Who may do what with agent groups (one place for the rules):
 * - team-chat users are the tenant's active users whose role grants BACK:agent_groups; only they can be members or peers;
 * - managers (GROUP_MANAGER_KEY, the tenant's admins) create groups and manage every group of the tenant;
 * - a group's owner manages that group; its members see it, its members and its messages;
 * - anyone else gets 404 for the group, so a group's existence is not given away.
 */
import { sql } from "drizzle-orm"
import { GROUP_MANAGER_KEY } from "../../../src/contract/agent-groups-events"
import { backKey } from "../../../src/contract/routes"
import { rowsOf } from "../../db/rows"
import { type Ctx, userOf } from "../../http/context"
import { badRequest, forbidden, idOf, notFound } from "../../http/errors"

export const TEAM_KEY = backKey("agent_groups")
/** The largest id a row can have (integer columns): larger ones in a payload name nothing. */
export const MAX_ID = 2_147_483_647

export const isManager = (ctx: Ctx) => ctx.principal.superAdmin || ctx.principal.grants.has(GROUP_MANAGER_KEY)

export const requireManager = (ctx: Ctx) => {
  if (!isManager(ctx)) throw forbidden("Only the business's administrators manage agent groups")
}

/** SQL condition: user `u` may use team chat (active, of the tenant, role grants BACK:agent_groups). */
export const teamUser = (clientId: number) => sql`u.client_id = ${clientId} AND u.status = 'active' AND EXISTS (
  SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id AND p.key = ${TEAM_KEY})`

export type Access = "member" | "see" | "manage"

export interface GroupAccess {
  readonly id: number
  readonly clientId: number
  readonly userId: number
  readonly role: "owner" | "member" | null
}

/**
 * The group if the caller may `need` it: `member` (read and send messages), `see` (its details and members: members and
 * managers), `manage` (rename, members, delete: its owner and managers). Otherwise 404, or 403 for a member who may see
 * but not manage it.
 */
export const groupFor = async (ctx: Ctx, rawId: unknown, need: Access): Promise<GroupAccess> => {
  const { userId, clientId } = userOf(ctx)
  const id = idOf(rawId, "Group")
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT g.id, m.role FROM agent_groups g
      LEFT JOIN agent_group_members m ON m.group_id = g.id AND m.user_id = ${userId}
      WHERE g.id = ${id} AND g.client_id = ${clientId}`),
  )
  if (!row) throw notFound("Group")
  const role = (row.role ?? null) as GroupAccess["role"]
  const manager = isManager(ctx)
  const allowed = need === "member" ? role !== null : need === "see" ? role !== null || manager : role === "owner" || manager
  if (!allowed) {
    if (need === "manage" && role !== null) throw forbidden("Only the group's owner or an administrator can change it")
    throw notFound("Group")
  }
  return { id: Number(row.id), clientId, userId, role }
}

/** The ids unchanged when every one is a team-chat user of the tenant; otherwise 400 naming `field`. */
export const teamUsers = async (ctx: Ctx, clientId: number, ids: readonly number[], field: string): Promise<number[]> => {
  const unique = [...new Set(ids)]
  const storable = unique.filter((id) => id <= MAX_ID)
  if (storable.length === 0 && unique.length === 0) return []
  const found = rowsOf(
    await ctx.db.execute(
      sql`SELECT u.id FROM users u WHERE u.id IN (${sql.join(
        [0, ...storable].map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${teamUser(clientId)}`,
    ),
  ).map((r) => Number(r.id))
  const missing = unique.filter((id) => !found.includes(id))
  if (missing.length > 0) throw badRequest(`Not a team-chat user of this business: ${missing.join(", ")}`, field)
  return unique
}
