/**
 * The inbox lists: the agent's own open chats (agentConversations), the unassigned queue, the tenant's open chats by
 * status (agentConversationsOngoing, the Ongoing Chats page) and the closed history. Newest activity first.
 *
 * A page reads, per status, the first page+limit ids from conversations_inbox_idx / conversations_agent_idx
 * ((client_id, [assigned_user_id,] status, last_message_at DESC, id DESC)) and merges them, so a list over two statuses
 * stays an index walk instead of sorting every open conversation of the tenant; then the page's rows by id.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Conversation, ConversationStatus } from "../../../src/contract/schemas/chat"
import { handle } from "../../core/registry"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import { pageOf } from "../../core/paging"
import { likeOf, rowsOf } from "../../db/rows"
import { selectConversations } from "./conversation-rows"
import { historyCount, historyWhere } from "./conversation-record"
import { HELD_STATUSES, OPEN_STATUSES, statusIn } from "./conversation-status"
import { countOf } from "./message-rows"

export const DEFAULT_LIMIT = 20

interface InboxFilter {
  readonly clientId: number
  readonly statuses: readonly ConversationStatus[]
  readonly agentId?: number
  readonly channel?: string
  readonly search?: string
}

const filterOf = (f: InboxFilter, status: ConversationStatus | null): SQL => {
  const parts: SQL[] = [sql`c.client_id = ${f.clientId}`]
  parts.push(status ? sql`c.status = ${status}` : sql`c.status IN ${statusIn(f.statuses)}`)
  if (f.agentId !== undefined) parts.push(sql`c.assigned_user_id = ${f.agentId}`)
  if (f.channel) parts.push(sql`c.channel = ${f.channel}`)
  if (f.search?.trim()) parts.push(sql`(ct.number ILIKE ${likeOf(f.search)} OR ct.name ILIKE ${likeOf(f.search)})`)
  return sql.join(parts, sql` AND `)
}

export const inboxPage = async (ctx: Ctx, f: InboxFilter, input: { page?: number; limit?: number }) => {
  const { page, limit, offset } = pageOf(input, DEFAULT_LIMIT, 1000)
  const searching = Boolean(f.search?.trim())
  const from = searching ? sql`conversations c JOIN contacts ct ON ct.id = c.contact_id` : sql`conversations c`
  // Small statements on purpose: one UNION/CTE statement cost ~12 ms of planning per page on PGlite, these ~1 ms each.
  const heads: { id: number; at: number }[] = []
  for (const status of f.statuses) {
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT c.id, c.last_message_at FROM ${from} WHERE ${filterOf(f, status)}
      ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${offset + limit}`),
    )
    heads.push(...rows.map((r) => ({ id: Number(r.id), at: new Date(r.last_message_at as string).getTime() })))
  }
  heads.sort((a, b) => b.at - a.at || b.id - a.id)
  const ids = heads.slice(offset, offset + limit).map((h) => h.id)
  const items =
    ids.length === 0
      ? []
      : await selectConversations(
          ctx.db,
          f.clientId,
          sql`c.id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
          sql`c.last_message_at DESC, c.id DESC`,
          limit,
        )
  const total = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM ${from} WHERE ${filterOf(f, null)}`)
  return { data: { items, totalItems: total, page, limit } }
}

type Paged = { data: { items: Conversation[]; totalItems: number; page: number; limit: number } }

export const handlers = [
  handle("chat", "agentConversations", async (ctx, input): Promise<Paged> => {
    const { userId, clientId } = userOf(ctx)
    return inboxPage(ctx, { clientId, statuses: HELD_STATUSES, agentId: userId, channel: input.channel_type, search: input.search }, input)
  }),
  handle(
    "chat",
    "agentUnassignedConversations",
    async (ctx, input): Promise<Paged> =>
      inboxPage(ctx, { clientId: tenantOf(ctx), statuses: ["unassigned"], channel: input.channel_type, search: input.search }, input),
  ),
  /** Every agent's chats (default active and ongoing; with `queue` the unassigned ones too), or one status of them. */
  handle(
    "chat",
    "agentConversationsOngoing",
    async (ctx, input): Promise<Paged> =>
      inboxPage(
        ctx,
        {
          clientId: tenantOf(ctx),
          statuses: input.status ? [input.status] : input.queue ? OPEN_STATUSES : HELD_STATUSES,
          channel: input.channel_type,
          search: input.search,
        },
        input,
      ),
  ),
  /** Closed conversations, newest closing first; the date range applies to the closing time. */
  handle("chat", "agentHistoryConversations", async (ctx, input): Promise<Paged> => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, DEFAULT_LIMIT, 1000)
    const where = historyWhere(input)
    const [items, total] = await Promise.all([
      selectConversations(ctx.db, clientId, where, sql`c.closed_at DESC, c.id DESC`, limit, offset),
      historyCount(ctx.db, clientId, where),
    ])
    return { data: { items, totalItems: total, page, limit } }
  }),
]
