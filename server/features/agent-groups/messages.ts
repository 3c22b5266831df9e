/**
 * Team-chat messages: a group's history (members only; newest first, `before_id` pages back), sending to a group,
 * the one-to-one thread with a colleague (read, page back, send), and customer names for numbers quoted in a chat.
 * Reading a thread's newest page moves the reader's read mark to its newest message; sending moves the sender's.
 */
import { sql } from "drizzle-orm"
import { TEAM_PAGE_SIZE } from "../../../src/contract/agent-groups-events"
import type { DirectMessage, GroupMessage } from "../../../src/contract/schemas/agent-groups"
import { rowsOf } from "../../db/rows"
import { type Ctx, userOf } from "../../http/context"
import { badRequest, idOf, notFound } from "../../http/errors"
import { handle } from "../../core/registry"
import { iso } from "../../core/date-range"
import { memberIds } from "./group-rows"
import { groupFor, MAX_ID, teamUser } from "./team-access"
import { emitTeam } from "./team-bus"

const groupMessageOf = (r: Record<string, unknown>): GroupMessage => ({
  id: Number(r.id),
  group_id: Number(r.group_id),
  sender_id: Number(r.from_user_id ?? 0),
  sender_name: r.sender_name ? String(r.sender_name) : "",
  text: String(r.body),
  dt: iso(r.dt),
})

const GROUP_MESSAGE = sql`m.id, m.group_id, m.from_user_id, m.body, m.dt,
  coalesce(nullif(s.display_name, ''), s.username) AS sender_name`

/** A history cursor: ids past the largest storable one page from the newest. */
const beforeOf = (value: number | string | undefined) => (value === undefined ? null : Math.min(Number(value), MAX_ID + 1))

/** The peer of a one-to-one thread: another team-chat user of the caller's tenant, else 404. */
const peerOf = async (ctx: Ctx, clientId: number, userId: number, rawId: number) => {
  const peerId = idOf(rawId, "User")
  if (peerId === userId) throw badRequest("Choose a colleague, not yourself", "user_id")
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT u.id FROM users u WHERE u.id = ${peerId} AND ${teamUser(clientId)}`))
  if (!row) throw notFound("User")
  return peerId
}

const directOf = (r: Record<string, unknown>, peerMark: number, myMark: number, me: number): DirectMessage => {
  const id = Number(r.id)
  const toMe = Number(r.to_user_id) === me
  return {
    id,
    from_user_id: Number(r.from_user_id ?? 0),
    to_user_id: Number(r.to_user_id),
    text: String(r.body),
    read: toMe ? id <= myMark : id <= peerMark,
    dt: iso(r.dt),
  }
}

const markOf = async (ctx: Ctx, userId: number, peerId: number) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT last_read_id FROM direct_read_marks WHERE user_id = ${userId} AND peer_id = ${peerId}`),
  )
  return Number(row?.last_read_id ?? 0)
}

/** Moves `userId`'s read mark with `peerId` forward to `id` (never back); true when it moved. */
const markDirectRead = async (ctx: Ctx, userId: number, peerId: number, id: number) => {
  const moved = rowsOf(
    await ctx.db.execute(sql`INSERT INTO direct_read_marks (user_id, peer_id, last_read_id) VALUES (${userId}, ${peerId}, ${id})
      ON CONFLICT (user_id, peer_id) DO UPDATE SET last_read_id = excluded.last_read_id
      WHERE direct_read_marks.last_read_id < excluded.last_read_id RETURNING last_read_id`),
  )
  return moved.length > 0
}

export const handlers = [
  handle("agentGroups", "messagesGroupsConversationsByGroupId", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "member")
    const before = beforeOf(input.before_id)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${GROUP_MESSAGE} FROM group_messages m LEFT JOIN users s ON s.id = m.from_user_id
        WHERE m.group_id = ${group.id} AND m.client_id = ${group.clientId} ${before === null ? sql`` : sql`AND m.id < ${before}`}
        ORDER BY m.id DESC LIMIT ${TEAM_PAGE_SIZE}`),
    )
    if (before === null && rows.length > 0) {
      await ctx.db.execute(sql`UPDATE agent_group_members SET last_read_id = greatest(last_read_id, ${Number(rows[0].id)})
        WHERE group_id = ${group.id} AND user_id = ${group.userId}`)
    }
    return { data: rows.map(groupMessageOf) }
  }),

  handle("agentGroups", "messagesGroupSendTextByGroupId", async (ctx, input) => {
    const group = await groupFor(ctx, input.group_id, "member")
    if (!input.text.trim()) throw badRequest("Write a message first", "text")
    const [row] = rowsOf(
      await ctx.db.execute(sql`WITH m AS (INSERT INTO group_messages (client_id, group_id, from_user_id, body)
        VALUES (${group.clientId}, ${group.id}, ${group.userId}, ${input.text}) RETURNING *)
        SELECT ${GROUP_MESSAGE} FROM m LEFT JOIN users s ON s.id = m.from_user_id`),
    )
    const message = groupMessageOf(row)
    await ctx.db.execute(sql`UPDATE agent_group_members SET last_read_id = greatest(last_read_id, ${message.id})
      WHERE group_id = ${group.id} AND user_id = ${group.userId}`)
    emitTeam(ctx, await memberIds(ctx, group.id), "team:group-message", { message })
    return { data: message }
  }),

  handle("agentGroups", "userMessages", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const peerId = await peerOf(ctx, clientId, userId, input.user_id)
    if (input.text !== undefined) {
      if (!input.text.trim()) throw badRequest("Write a message first", "text")
      const [sent] = rowsOf(
        await ctx.db.execute(sql`INSERT INTO group_messages (client_id, to_user_id, from_user_id, body)
          VALUES (${clientId}, ${peerId}, ${userId}, ${input.text}) RETURNING id, to_user_id, from_user_id, body, dt`),
      )
      await markDirectRead(ctx, userId, peerId, Number(sent.id))
      const message = directOf(sent, 0, 0, userId)
      emitTeam(ctx, [userId, peerId], "team:direct-message", { message })
    }
    const before = beforeOf(input.before_id)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT id, to_user_id, from_user_id, body, dt FROM group_messages
        WHERE client_id = ${clientId} AND group_id IS NULL
          AND ((to_user_id = ${userId} AND from_user_id = ${peerId}) OR (to_user_id = ${peerId} AND from_user_id = ${userId}))
          ${before === null ? sql`` : sql`AND id < ${before}`}
        ORDER BY id DESC LIMIT ${input.limit ?? TEAM_PAGE_SIZE}`),
    )
    if (before === null) {
      const newestToMe = rows.find((r) => Number(r.to_user_id) === userId)
      if (newestToMe && (await markDirectRead(ctx, userId, peerId, Number(newestToMe.id))))
        emitTeam(ctx, [peerId], "team:direct-read", { reader_id: userId, last_read_id: Number(newestToMe.id) })
    }
    const myMark = await markOf(ctx, userId, peerId)
    const peerMark = await markOf(ctx, peerId, userId)
    return { data: rows.map((r) => directOf(r, peerMark, myMark, userId)) }
  }),

  handle("agentGroups", "fetchListCustomerNames", async (ctx, input) => {
    const { clientId } = userOf(ctx)
    const numbers = [...new Set(input.numbers)]
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT DISTINCT ON (number) number, name FROM contacts WHERE client_id = ${clientId}
        AND number IN (${sql.join(
          numbers.map((n) => sql`${n}`),
          sql`, `,
        )}) ORDER BY number, id`),
    )
    const names = new Map(rows.map((r) => [String(r.number), r.name ? String(r.name) : null]))
    return { data: numbers.map((number) => ({ number, name: names.get(number) ?? null })) }
  }),
]
