/**
 * Reading messages: one conversation (agentGetChat), every message with a customer (agentHistoryChat), the messages of
 * a closed conversation by its closing time, keyword search, and the message reports (inbound, outbound, both).
 * Newest first; pages are (dt DESC, id DESC) walks of messages_conversation_idx or messages_client_direction_dt_idx.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Message } from "../../../src/contract/schemas/chat"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { rangeOf } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"
import { countOf, dbDirection, fileLinksOf, selectMessages } from "./message-rows"

const CHAT_LIMIT = 50
const ORDER = sql`m.dt DESC, m.id DESC`

type Paged = { data: { items: Message[]; totalItems: number; page: number; limit: number } }

/** `count`: the total's query when the default (the same filter over the joined rows) is needlessly slow. */
const messagePage = async (
  ctx: Ctx,
  clientId: number,
  where: SQL,
  input: { page?: number; limit?: number },
  defaultLimit: number,
  count?: SQL,
): Promise<Paged> => {
  const { page, limit, offset } = pageOf(input, defaultLimit, 1000)
  const from = sql`messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id`
  const [items, total] = await Promise.all([
    selectMessages(ctx.db, clientId, where, ORDER, limit, offset, fileLinksOf(ctx)),
    countOf(ctx.db, count ?? sql`SELECT count(*)::int AS n FROM ${from} WHERE m.client_id = ${clientId} AND ${where}`),
  ])
  return { data: { items, totalItems: total, page, limit } }
}

interface ListInput {
  page?: number
  limit?: number
  search?: string
  start_date?: string
  end_date?: string
  channel_type?: string
  number?: string
}

/**
 * A keyword over message bodies, case-insensitive, `%`, `_` and `\` literal. messages_body_trgm_idx (0035) serves it
 * when the term has three characters in a row (a trigram): tenant-wide searches without a date range read only the
 * candidate rows. A term of one or two characters has no trigram: the index could only be read whole, so the planner
 * walks the tenant's rows and checks each body (the page comes fast when the term is common; the total reads them all).
 */
export const bodyMatches = (search: string) => sql`m.body ILIKE ${likeOf(search)}`

const listWhere = (input: ListInput, direction?: "inbound" | "outbound") => {
  const parts: SQL[] = []
  if (direction) parts.push(sql`m.direction = ${dbDirection(direction)}`)
  const range = rangeOf(input.start_date, input.end_date)
  if (range.from) parts.push(sql`m.dt >= ${range.from.toISOString()}::timestamptz`)
  if (range.to) parts.push(sql`m.dt < ${range.to.toISOString()}::timestamptz`)
  if (input.channel_type) parts.push(sql`c.channel = ${input.channel_type}`)
  if (input.number) parts.push(sql`ct.number = ${input.number}`)
  if (input.search?.trim()) parts.push(bodyMatches(input.search))
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}

/**
 * A message list's page. Without a channel or number filter the total counts messages alone (an index-only walk of
 * (client_id, direction, dt) or (client_id, dt)), not the join: 169,000 rows of a week counted in half the time.
 */
const listPage = (ctx: Ctx, input: ListInput, direction?: "inbound" | "outbound") => {
  const clientId = tenantOf(ctx)
  const where = listWhere(input, direction)
  const joins = Boolean(input.channel_type || input.number)
  const count = joins ? undefined : sql`SELECT count(*)::int AS n FROM messages m WHERE m.client_id = ${clientId} AND ${where}`
  return messagePage(ctx, clientId, where, input, 10, count)
}

const list = (direction?: "inbound" | "outbound") => async (ctx: Ctx, input: ListInput & { direction?: "inbound" | "outbound" }) =>
  listPage(ctx, input, direction ?? input.direction)

export const handlers = [
  handle("chat", "agentGetChat", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const conversationId = idOf(input.conversation_id, "Conversation")
    const [owned] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND client_id = ${clientId}`))
    if (!owned) throw notFound("Conversation")
    // The conversation is the tenant's (checked above): its count is an index-only scan of messages_conversation_idx,
    // where a client_id filter would visit every message row (35-150 ms instead of ~2 ms for 5,000 messages on PGlite).
    const count = sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${conversationId}`
    return messagePage(ctx, clientId, sql`m.conversation_id = ${conversationId}`, input, CHAT_LIMIT, count)
  }),
  handle("chat", "agentHistoryChat", (ctx, input) => messagePage(ctx, tenantOf(ctx), sql`ct.number = ${input.number}`, input, CHAT_LIMIT)),
  /** `last_closed` as the console shows it (to the second, or a whole day): the newest conversation closed then. */
  handle("chat", "agentHistoryChatByNumberByLastClosed", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const range = rangeOf(input.last_closed, input.last_closed, ["last_closed", "last_closed"])
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = ${clientId} AND ct.number = ${input.number} AND c.status = 'closed'
        AND c.closed_at >= ${range.from!.toISOString()}::timestamptz AND c.closed_at < ${range.to!.toISOString()}::timestamptz
      ORDER BY c.closed_at DESC, c.id DESC LIMIT 1`),
    )
    if (!row) throw notFound("Closed conversation")
    return {
      data: await selectMessages(ctx.db, clientId, sql`m.conversation_id = ${Number(row.id)}`, sql`m.dt, m.id`, 5000, 0, fileLinksOf(ctx)),
    }
  }),
  handle("chat", "fetchKeywordMessages", async (ctx, input) => listPage(ctx, { ...input, search: input.keyword })),
  handle("chat", "fetchListInbound", list("inbound")),
  handle("chat", "fetchListOutbound", list("outbound")),
  handle("chat", "fetchListInboundMessages", list("inbound")),
  handle("chat", "fetchListWtMessages", list()),
]
