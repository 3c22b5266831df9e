/**
 * `contactFor` + `openConversationOf` for many numbers of one channel at once (a campaign's batch), in a few
 * statements whatever their number: the contacts created where new, the open conversations locked (in id order, so
 * two batches never wait on each other in a circle) and the missing ones opened, with their `conversation.opened`
 * events. Blocked customers are the caller's to refuse beforehand (template-send.ts `refusalsOf`).
 */
import { sql } from "drizzle-orm"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import { DELIVERIES_QUEUED, publishedCtes, wakeForDeliveries } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"
import type { OpenConversation } from "./chat-store"
import { NEW_STATUS } from "./conversation-status"

/** Another transaction may create a contact or conversation between our read and our insert: read again this often. */
const ROUNDS = 3

const conflict = () => new ApiError(409, "CONFLICT", "The conversations changed meanwhile, try again")

/**
 * Each number's open conversation, locked for this transaction; a new unassigned one where none is open. A round is one
 * statement for the contacts not known yet (created where new; no existing contact is written, so none is locked)
 * with the open conversations of every contact still without one (locked), and one more opening the missing ones.
 */
export const openConversationsFor = async (
  db: Db,
  clientId: number,
  channel: Channel,
  numbers: readonly string[],
  at = new Date(),
): Promise<Map<string, OpenConversation>> => {
  const wanted = [...new Set(numbers)]
  const contacts = new Map<string, number>()
  const numberOf = new Map<number, string>()
  const open = new Map<string, OpenConversation>()
  for (let round = 0; round < ROUNDS && open.size < wanted.length; round++) {
    const missing = JSON.stringify(wanted.filter((n) => !contacts.has(n)))
    const waiting = JSON.stringify([...contacts.values()].filter((id) => !open.has(numberOf.get(id)!)))
    const rows = rowsOf(
      await db.execute(sql`WITH wanted AS (SELECT DISTINCT n FROM jsonb_array_elements_text(${missing}::jsonb) AS n),
        made AS (INSERT INTO contacts (client_id, channel, number, name) SELECT ${clientId}, ${channel}, n, '' FROM wanted ORDER BY n
          ON CONFLICT (client_id, channel, number) DO NOTHING RETURNING id, number),
        found AS (SELECT id, number FROM made
          UNION ALL SELECT ct.id, ct.number FROM contacts ct JOIN wanted w ON w.n = ct.number WHERE ct.client_id = ${clientId} AND ct.channel = ${channel}),
        locked AS (SELECT id, contact_id, status, assigned_user_id FROM conversations
          WHERE contact_id IN (SELECT id FROM found UNION ALL SELECT x::int FROM jsonb_array_elements_text(${waiting}::jsonb) AS x)
            AND status <> 'closed'
          ORDER BY id FOR UPDATE)
      SELECT 'contact' AS kind, id, number, NULL::int AS contact_id, NULL::text AS status, NULL::int AS assigned_user_id FROM found
      UNION ALL SELECT 'conversation', id, NULL, contact_id, status, assigned_user_id FROM locked`),
    )
    for (const r of rows.filter((r) => r.kind === "contact")) {
      contacts.set(String(r.number), Number(r.id))
      numberOf.set(Number(r.id), String(r.number))
    }
    for (const r of rows.filter((r) => r.kind === "conversation"))
      open.set(numberOf.get(Number(r.contact_id))!, {
        id: Number(r.id),
        status: String(r.status) as ConversationStatus,
        agentId: r.assigned_user_id === null ? null : Number(r.assigned_user_id),
      })
    const without = [...contacts.values()].filter((id) => !open.has(numberOf.get(id)!))
    if (without.length === 0) continue
    const opening = JSON.stringify(without.map((id) => ({ id, number: numberOf.get(id)! })))
    const opened = sql`SELECT jsonb_build_object('conversation_id', m.id, 'channel', ${channel}::text, 'number', w.number)
      FROM made m JOIN jsonb_to_recordset(${opening}::jsonb) AS w(id int, number text) ON w.id = m.contact_id ORDER BY m.id`
    const created = rowsOf(
      await db.execute(sql`WITH made AS (INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at)
          SELECT ${clientId}, x::int, ${channel}, ${NEW_STATUS}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          FROM jsonb_array_elements_text(${JSON.stringify(without)}::jsonb) AS x ORDER BY x::int
          ON CONFLICT (contact_id) WHERE status <> 'closed' DO NOTHING RETURNING id, contact_id),
        ${publishedCtes(clientId, "conversation.opened", opened)}
      SELECT id, contact_id, ${DELIVERIES_QUEUED} FROM made`),
    )
    wakeForDeliveries(db, created)
    for (const r of created) open.set(numberOf.get(Number(r.contact_id))!, { id: Number(r.id), status: NEW_STATUS, agentId: null })
  }
  if (open.size < wanted.length) throw conflict()
  return open
}
