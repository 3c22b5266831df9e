/**
 * `contactFor` + `openConversationOf` for many numbers of one channel at once (a campaign's batch), in a few
 * statements whatever their number: the contacts created where new, the open conversations locked (in id order, so
 * two batches never wait on each other in a circle) and the missing ones opened, with their `conversation.opened`
 * events. Blocked customers are the caller's to refuse beforehand (template-send.ts `refusalsOf`).
 */
import { sql } from "drizzle-orm"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import { publishEach } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"
import type { OpenConversation } from "./chat-store"
import { NEW_STATUS } from "./conversation-status"

/** Another transaction may create a contact or conversation between our read and our insert: read again this often. */
const ROUNDS = 3

const conflict = () => new ApiError(409, "CONFLICT", "The conversations changed meanwhile, try again")

/** The contacts' ids by number, created where new (no existing contact is written, so none is locked). */
const contactIdsOf = async (db: Db, clientId: number, channel: Channel, numbers: readonly string[]) => {
  const ids = new Map<string, number>()
  for (let round = 0; round < ROUNDS && ids.size < numbers.length; round++) {
    const missing = JSON.stringify(numbers.filter((n) => !ids.has(n)))
    const rows = rowsOf(
      await db.execute(sql`WITH wanted AS (SELECT DISTINCT n FROM jsonb_array_elements_text(${missing}::jsonb) AS n),
        made AS (INSERT INTO contacts (client_id, channel, number, name) SELECT ${clientId}, ${channel}, n, '' FROM wanted ORDER BY n
          ON CONFLICT (client_id, channel, number) DO NOTHING RETURNING id, number)
      SELECT id, number FROM made
      UNION ALL SELECT ct.id, ct.number FROM contacts ct JOIN wanted w ON w.n = ct.number WHERE ct.client_id = ${clientId} AND ct.channel = ${channel}`),
    )
    for (const r of rows) ids.set(String(r.number), Number(r.id))
  }
  if (ids.size < new Set(numbers).size) throw conflict()
  return ids
}

/** Each number's open conversation, locked for this transaction; a new unassigned one where none is open. */
export const openConversationsFor = async (
  db: Db,
  clientId: number,
  channel: Channel,
  numbers: readonly string[],
  at = new Date(),
): Promise<Map<string, OpenConversation>> => {
  const contacts = await contactIdsOf(db, clientId, channel, numbers)
  const numberOf = new Map([...contacts].map(([number, id]) => [id, number]))
  const open = new Map<string, OpenConversation>()
  for (let round = 0; round < ROUNDS && open.size < contacts.size; round++) {
    const waiting = JSON.stringify([...contacts.values()].filter((id) => !open.has(numberOf.get(id)!)))
    const locked = rowsOf(
      await db.execute(sql`SELECT id, contact_id, status, assigned_user_id FROM conversations
        WHERE contact_id IN (SELECT x::int FROM jsonb_array_elements_text(${waiting}::jsonb) AS x) AND status <> 'closed'
        ORDER BY id FOR UPDATE`),
    )
    for (const r of locked)
      open.set(numberOf.get(Number(r.contact_id))!, {
        id: Number(r.id),
        status: String(r.status) as ConversationStatus,
        agentId: r.assigned_user_id === null ? null : Number(r.assigned_user_id),
      })
    const without = [...contacts.values()].filter((id) => !open.has(numberOf.get(id)!))
    if (without.length === 0) break
    const created = rowsOf(
      await db.execute(sql`INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at)
        SELECT ${clientId}, x::int, ${channel}, ${NEW_STATUS}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        FROM jsonb_array_elements_text(${JSON.stringify(without)}::jsonb) AS x ORDER BY x::int
        ON CONFLICT (contact_id) WHERE status <> 'closed' DO NOTHING RETURNING id, contact_id`),
    )
    for (const r of created) open.set(numberOf.get(Number(r.contact_id))!, { id: Number(r.id), status: NEW_STATUS, agentId: null })
    await publishEach(
      db,
      clientId,
      "conversation.opened",
      created.map((r) => ({ conversation_id: Number(r.id), channel, number: numberOf.get(Number(r.contact_id))! })),
    )
  }
  if (open.size < contacts.size) throw conflict()
  return open
}
