/**
 * A template send the channel refused gives its cost back. Its message ends `failed` in one of two places, each a
 * transaction that moves the message to `failed` once (states only move forward): the chat outbox's hand-over
 * (the chat's `handOverRefused` hook: the channel answered an error) and a failed status from the channel later (its
 * `statusesReported` hook). Both reach `refundFailedTemplates` (chat-reactions.ts) in that transaction with the
 * messages they moved.
 *
 * Exactly once per message whoever calls: the message keeps what was given back in its payload (`refunded`), and only
 * a failed template message with a cost and without that mark is refunded. The refunds of one call are ONE ledger
 * credit (a campaign's batch refused at once is one entry, as its charge was), named for the tenant to read.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { credit, type Entry } from "../billing"

/** The ledger entry's reference: the message, or the first and last of several. */
const refOf = (ids: readonly number[]) => (ids.length === 1 ? `refund:msg:${ids[0]}` : `refund:msg:${Math.min(...ids)}-${Math.max(...ids)}`)

/** In the caller's transaction: refunds the failed template messages among `messageIds` not refunded yet; null when none. */
export const refundFailedTemplates = async (db: Db, clientId: number, messageIds: readonly number[]): Promise<Entry | null> => {
  if (messageIds.length === 0) return null
  const refunded = rowsOf(
    await db.execute(sql`UPDATE messages m SET payload = m.payload || jsonb_build_object('refunded', m.payload -> 'cost')
      WHERE m.client_id = ${clientId} AND m.id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb) AS x)
        AND m.direction = 'out' AND m.type = 'template' AND m.status = 'failed' AND m.payload -> 'refunded' IS NULL
        AND jsonb_typeof(m.payload -> 'cost') = 'number' AND (m.payload ->> 'cost')::numeric > 0
      RETURNING m.id, m.payload ->> 'cost' AS cost, m.payload -> 'template' ->> 'name' AS name`),
  )
  const cents = refunded.reduce((sum, r) => sum + Math.round(Number(r.cost) * 100), 0)
  if (cents <= 0) return null
  const names = [...new Set(refunded.map((r) => String(r.name)))].join(", ")
  const ids = refunded.map((r) => Number(r.id))
  return credit(db, clientId, cents / 100, { kind: "templateRefund", templates: names, count: ids.length }, refOf(ids))
}
