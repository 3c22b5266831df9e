/**
 * The channels' delivery reports onto stored outbound messages: states only move forward (queued, sent, delivered, read;
 * failed), many reports in a few statements, the messages' conversations locked first, the other features' reactions
 * (hooks.ts `statusesReported`) and one `message.status` event per moved message, in the caller's transaction.
 */
import { type SQL, sql } from "drizzle-orm"
import { publishEach } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { statusesReported } from "./hooks"
import { STATUS_RANK } from "./message-rows"

/**
 * Before changing a stored message's status: its conversation, locked first. The message's rollup trigger updates the
 * conversation after the shared rollup rows, while a bot turn or the customer's next message holds the conversation
 * and then takes those rows; in that order they deadlocked under load. (Not the contact first: an agent's send locks
 * the conversation before the contact.)
 */
export const lockMessageConversation = async (db: Db, message: SQL) => {
  await db.execute(sql`SELECT c.id FROM conversations c JOIN messages m ON m.conversation_id = c.id WHERE ${message} FOR UPDATE OF c`)
}

export interface StatusReport {
  readonly externalId: string
  readonly status: string
}

export interface StoredStatus {
  readonly messageId: number
  readonly conversationId: number
  /** The status now stored when it moved. */
  readonly changed: boolean
  readonly status: string
}

const storedOf = (r: Record<string, unknown>, changed: boolean): StoredStatus & { readonly externalId: string } => ({
  messageId: Number(r.id),
  conversationId: Number(r.conversation_id),
  externalId: String(r.external_id),
  changed,
  status: String(r.status),
})

/** A delivery state's place in the one forward order (message-rows.ts); an unknown state ranks with `failed`. */
const rank = (status: string) => STATUS_RANK[status] ?? STATUS_RANK.failed

/** Applies a channel's delivery report; states only move forward. Null when no such message (yet). */
export const storeStatus = async (db: Db, clientId: number, externalId: string, status: string) =>
  (await storeStatuses(db, clientId, [{ externalId, status }])).get(externalId) ?? null

/**
 * Applies many delivery reports of one tenant in a few statements whatever their number (the chat hub gathers the
 * channel's reports for a moment: chat/status-reports.ts): per message the furthest state reported, and states only
 * move forward; the messages' conversations are locked first (`lockMessageConversation`'s order), the other features
 * react (hooks.ts `statusesReported`), one `message.status` event each. Answers what became of each known message by its channel id
 * (absent: no such message, yet).
 */
export const storeStatuses = async (db: Db, clientId: number, reports: readonly StatusReport[]): Promise<Map<string, StoredStatus>> => {
  const furthest = new Map<string, string>()
  for (const r of reports)
    if (!furthest.has(r.externalId) || rank(r.status) > rank(furthest.get(r.externalId)!)) furthest.set(r.externalId, r.status)
  const wanted = JSON.stringify([...furthest].map(([external_id, status]) => ({ external_id, status, rank: rank(status) })))
  const found = new Map<string, StoredStatus>()
  if (furthest.size === 0) return found
  await db.execute(sql`SELECT c.id FROM conversations c WHERE c.id IN (SELECT m.conversation_id FROM messages m
      WHERE m.client_id = ${clientId} AND m.direction = 'out'
        AND m.external_id IN (SELECT x ->> 'external_id' FROM jsonb_array_elements(${wanted}::jsonb) AS x))
    ORDER BY c.id FOR UPDATE`)
  const changed = rowsOf(
    await db.execute(sql`UPDATE messages m SET status = x.status
      FROM jsonb_to_recordset(${wanted}::jsonb) AS x(external_id text, status text, rank int)
      WHERE m.client_id = ${clientId} AND m.external_id = x.external_id AND m.direction = 'out'
        AND (CASE m.status WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 4 END) < x.rank
      RETURNING m.id, m.conversation_id, m.external_id, m.status`),
  )
  const moved = changed.map((r) => storedOf(r, true))
  for (const m of moved) found.set(m.externalId, m)
  if (moved.length > 0) {
    await statusesReported.run({ db, clientId, changed: moved })
    await publishEach(
      db,
      clientId,
      "message.status",
      moved.map((m) => ({ message_id: m.messageId, conversation_id: m.conversationId, external_id: m.externalId, status: m.status })),
    )
  }
  const rest = [...furthest.keys()].filter((e) => !found.has(e))
  if (rest.length > 0) {
    const existing = rowsOf(
      await db.execute(sql`SELECT id, conversation_id, external_id, status FROM messages WHERE client_id = ${clientId}
        AND external_id IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify(rest)}::jsonb) AS x)`),
    )
    for (const r of existing) found.set(String(r.external_id), storedOf(r, false))
  }
  return found
}
