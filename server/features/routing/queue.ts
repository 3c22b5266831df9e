/**
 * The queue of conversations waiting for an agent (migration 0048 stamps `queued_at` and `queue_priority` as one joins
 * it): its order, and each one's standing. Served in QUEUE_ORDER by the hand-out (tenant-settings/auto-assign.ts).
 *
 * Position: 1 + how many conversations of the same kind (chats, or SMS threads) wait ahead of it in that order. A
 * conversation a chatbot still talks to is not waiting for an agent and is left out.
 * Estimated wait: the position times the average time between hand-outs of that kind over the last WAIT_WINDOW_MINUTES
 * (conversations first given to an agent in that window, `assigned_at`), rounded up to whole minutes; unknown (null)
 * when nothing of that kind was handed out in the window.
 */
import { type SQL, sql } from "drizzle-orm"
import type { CapacityKind } from "../chat"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { botHasSql } from "../chatbots"

/** The queue's order over `conversations`: the highest priority first, then first in, first out. */
export const QUEUE_ORDER = sql`conversations.queue_priority DESC, conversations.queued_at, conversations.id`

/** The window the estimated wait reads the hand-out rate from. */
export const WAIT_WINDOW_MINUTES = 30

export interface Standing {
  readonly conversationId: number
  readonly kind: CapacityKind
  readonly channel: string
  readonly number: string
  readonly position: number
  /** Whole minutes; null when unknown. */
  readonly waitMinutes: number | null
  readonly queuedAt: string
  readonly priority: number
  /** The position the customer was last told (null: never). */
  readonly told: number | null
}

const standingsSql = (clientId: number, only: SQL) =>
  sql`WITH q AS (
      SELECT conversations.id, conversations.channel, ct.number, conversations.queued_at, conversations.queue_priority,
        conversations.queue_told, channel_kind(conversations.channel) AS kind,
        row_number() OVER (PARTITION BY channel_kind(conversations.channel) ORDER BY ${QUEUE_ORDER}) AS position
      FROM conversations JOIN contacts ct ON ct.id = conversations.contact_id
      WHERE conversations.client_id = ${clientId} AND conversations.queued_at IS NOT NULL
        AND NOT ${botHasSql(sql`conversations.id`)}),
    rate AS (SELECT channel_kind(channel) AS kind, count(*)::int AS n FROM conversations
      WHERE client_id = ${clientId} AND started_at >= now() - interval '1 day'
        AND assigned_at >= now() - make_interval(mins => ${WAIT_WINDOW_MINUTES}) GROUP BY 1)
    SELECT q.*, CASE WHEN rate.n > 0 THEN ceil(q.position * ${WAIT_WINDOW_MINUTES}::numeric / rate.n)::int END AS wait_minutes
    FROM q LEFT JOIN rate ON rate.kind = q.kind WHERE ${only} ORDER BY q.kind, q.position`

const standingOf = (r: Record<string, unknown>): Standing => ({
  conversationId: Number(r.id),
  kind: String(r.kind) as CapacityKind,
  channel: String(r.channel),
  number: String(r.number),
  position: Number(r.position),
  waitMinutes: r.wait_minutes === null ? null : Number(r.wait_minutes),
  queuedAt: new Date(String(r.queued_at instanceof Date ? r.queued_at.toISOString() : r.queued_at)).toISOString(),
  priority: Number(r.queue_priority),
  told: r.queue_told === null ? null : Number(r.queue_told),
})

/** Every waiting conversation of the tenant with its standing, by kind and position. */
export const queueStandings = async (db: Db, clientId: number): Promise<Standing[]> =>
  rowsOf(await db.execute(standingsSql(clientId, sql`true`))).map(standingOf)

/** One conversation's standing; null when it does not wait for an agent. */
export const conversationStanding = async (db: Db, clientId: number, conversationId: number): Promise<Standing | null> => {
  const [row] = rowsOf(await db.execute(standingsSql(clientId, sql`q.id = ${conversationId}`)))
  return row ? standingOf(row) : null
}
