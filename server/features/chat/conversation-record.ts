/**
 * What a transcript reads of the chat: Overall History's filter (the closed conversations a supervisor lists), and one
 * conversation whole: its messages oldest first, what happened to it (opened, assigned, transferred, released,
 * closed: the domain events the chat wrote with it, with the agents' names) and its closing note.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Conversation, Message } from "../../../src/contract/schemas/chat"
import type { Db } from "../../db/db"
import { rangeOf } from "../../core/date-range"
import { jsonOf, likeOf, rowsOf } from "../../db/rows"
import { iso, loadConversation, selectConversations } from "./conversation-rows"
import { countOf, type FileLinks, selectMessages } from "./message-rows"

/** Overall History's filter; `closedUntil` pins the set (a conversation closed later is not in it). */
export interface HistoryFilter {
  readonly start_date?: string
  readonly end_date?: string
  readonly channel_type?: string
  readonly agent_id?: number
  readonly search?: string
  readonly closedUntil?: string
}

/** The filter over c (conversations) and ct (contacts); the date range applies to the closing time. */
export const historyWhere = (f: HistoryFilter): SQL => {
  const parts: SQL[] = [sql`c.status = 'closed'`]
  const range = rangeOf(f.start_date, f.end_date)
  if (range.from) parts.push(sql`c.closed_at >= ${range.from.toISOString()}::timestamptz`)
  if (range.to) parts.push(sql`c.closed_at < ${range.to.toISOString()}::timestamptz`)
  if (f.closedUntil) parts.push(sql`c.closed_at <= ${f.closedUntil}::timestamptz`)
  if (f.channel_type) parts.push(sql`c.channel = ${f.channel_type}`)
  if (f.agent_id !== undefined) parts.push(sql`c.assigned_user_id = ${f.agent_id}`)
  if (f.search?.trim()) parts.push(sql`(ct.number ILIKE ${likeOf(f.search)} OR ct.name ILIKE ${likeOf(f.search)})`)
  return sql.join(parts, sql` AND `)
}

export const historyCount = (db: Db, clientId: number, where: SQL) =>
  countOf(
    db,
    sql`SELECT count(*)::int AS n FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE c.client_id = ${clientId} AND ${where}`,
  )

/** The next `limit` conversations of the filter after `after` (newest closing first, as Overall History lists them). */
export const historyAfter = (
  db: Db,
  clientId: number,
  where: SQL,
  after: Pick<Conversation, "id" | "closed_at"> | null,
  limit: number,
): Promise<Conversation[]> =>
  selectConversations(
    db,
    clientId,
    after?.closed_at ? sql`${where} AND (c.closed_at, c.id) < (${after.closed_at}::timestamptz, ${after.id})` : where,
    sql`c.closed_at DESC, c.id DESC`,
    limit,
  )

export type ConversationEventKind = "opened" | "assigned" | "transferred" | "released" | "closed"

export interface ConversationEvent {
  readonly at: string
  readonly kind: ConversationEventKind
  /** The agent it went to (assigned, transferred), who held it (released), who closed it (closed). */
  readonly agent: string | null
  /** The agent it came from (transferred). */
  readonly from: string | null
}

export interface ConversationRecord {
  readonly conversation: Conversation
  readonly messages: readonly Message[]
  readonly events: readonly ConversationEvent[]
  /** The note the closing agent left. */
  readonly resolution: string | null
}

/** More than any conversation holds; a transcript is never cut short silently below it. */
export const RECORD_MESSAGES = 100_000

const EVENT_TYPES = ["conversation.opened", "conversation.assigned", "conversation.closed"]

const idOrNull = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null)

const eventKind = (type: string, data: Record<string, unknown>): ConversationEventKind => {
  if (type === "conversation.opened") return "opened"
  if (type === "conversation.closed") return "closed"
  if (idOrNull(data.agent_id) === null) return "released"
  return idOrNull(data.previous_agent_id) === null ? "assigned" : "transferred"
}

const eventsOf = async (db: Db, clientId: number, c: Conversation): Promise<ConversationEvent[]> => {
  // Bounded by the conversation's lifetime so the read walks domain_events_client_created_idx, not the tenant's log.
  const from = new Date(Date.parse(c.started_at) - 60_000).toISOString()
  const to = c.closed_at ? new Date(Date.parse(c.closed_at) + 60_000).toISOString() : null
  const rows = rowsOf(
    await db.execute(sql`SELECT e.type, e.data, e.created_at FROM domain_events e
      WHERE e.client_id = ${clientId} AND e.created_at >= ${from}::timestamptz ${to ? sql`AND e.created_at <= ${to}::timestamptz` : sql``}
        AND e.type IN (${sql.join(
          EVENT_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )}) AND e.data->>'conversation_id' = ${String(c.id)}
      ORDER BY e.created_at, e.id`),
  )
  const data = rows.map((r) => ({ type: String(r.type), at: iso(r.created_at), data: jsonOf<Record<string, unknown>>(r.data) }))
  const ids = [...new Set(data.flatMap((e) => [e.data.agent_id, e.data.previous_agent_id, e.data.closed_by].map(idOrNull)))].filter(
    (id): id is number => id !== null,
  )
  const names = new Map(
    ids.length === 0
      ? []
      : rowsOf(
          await db.execute(
            sql`SELECT id, display_name FROM users WHERE client_id = ${clientId} AND id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        ).map((r) => [Number(r.id), String(r.display_name)]),
  )
  const nameOf = (v: unknown) => {
    const id = idOrNull(v)
    return id === null ? null : (names.get(id) ?? null)
  }
  return data.map((e) => {
    const kind = eventKind(e.type, e.data)
    const agent =
      kind === "closed" ? nameOf(e.data.closed_by) : kind === "released" ? nameOf(e.data.previous_agent_id) : nameOf(e.data.agent_id)
    return { at: e.at, kind, agent, from: kind === "transferred" ? nameOf(e.data.previous_agent_id) : null }
  })
}

/** One conversation of the tenant whole (404 when it is not theirs). */
export const conversationRecord = async (
  db: Db,
  clientId: number,
  conversationId: number,
  links: FileLinks,
): Promise<ConversationRecord> => {
  const conversation = await loadConversation(db, clientId, conversationId)
  const [messages, events, [note]] = await Promise.all([
    selectMessages(db, clientId, sql`m.conversation_id = ${conversationId}`, sql`m.dt, m.id`, RECORD_MESSAGES, 0, links),
    eventsOf(db, clientId, conversation),
    db.execute(sql`SELECT resolution FROM conversations WHERE id = ${conversationId} AND client_id = ${clientId}`).then(rowsOf),
  ])
  return { conversation, messages, events, resolution: (note?.resolution as string | null) ?? null }
}
