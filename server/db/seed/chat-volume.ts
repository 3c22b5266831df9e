/**
 * Inbox volume for benchmarks: `conversations` customers with one conversation each and `perConversation` messages
 * per conversation, written by set-based SQL (generate_series) in batches, plus one long conversation of `longChat`
 * messages. Statuses by position: 60% closed, 10% unassigned, 15% active, 15% ongoing; activity spread over ~90 days.
 * Bulk customers' numbers start with +80 so they never collide with the demo world.
 */
import type { Database } from "../db"

export interface ChatVolumeOptions {
  readonly clientId: number
  readonly conversations: number
  readonly perConversation: number
  readonly longChat: number
  readonly agentIds: readonly number[]
  readonly batch?: number
  readonly onProgress?: (what: string) => void
}

const CHANNELS = `ARRAY['whatsapp','whatsapp','whatsapp','facebook','instagram','sms','webchat']`
const LINES = `ARRAY['Hello, I need help with my order','When will my package arrive?','Let me check that for you.','Your order is on its way.','Thank you!','Is there anything else I can help with?']`

/** Returns the id of the long conversation. */
export const seedChatVolume = async (database: Database, o: ChatVolumeOptions): Promise<number> => {
  const batch = o.batch ?? 10_000
  const agents = [...o.agentIds]
  for (let from = 1; from <= o.conversations; from += batch) {
    const to = Math.min(o.conversations, from + batch - 1)
    await database.query(
      `WITH ct AS (
         INSERT INTO contacts (client_id, name, number, channel, created_at, last_inbound_at)
         SELECT $1, 'Bulk customer ' || i, '+80' || lpad(i::text, 9, '0'), (${CHANNELS})[1 + i % 7], now() - interval '100 days',
           now() - i * interval '77 seconds'
         FROM generate_series($2::int, $3::int) i
         RETURNING id, channel, substring(number from 4)::int AS i)
       INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id, assigned_at, started_at, last_message_at, unread, last_message, closed_at, closed_by)
       SELECT $1, ct.id, ct.channel, s.status, CASE WHEN s.status = 'unassigned' THEN NULL ELSE ($4::int[])[1 + (ct.i / 20) % cardinality($4::int[])] END,
         CASE WHEN s.status <> 'unassigned' THEN now() - ct.i * interval '77 seconds' - interval '50 minutes' END,
         now() - ct.i * interval '77 seconds' - interval '1 hour', now() - ct.i * interval '77 seconds',
         CASE WHEN s.status IN ('unassigned', 'active') THEN 1 + ct.i % 4 ELSE 0 END, (${LINES})[1 + ct.i % 6],
         CASE WHEN s.status = 'closed' THEN now() - ct.i * interval '77 seconds' + interval '5 minutes' END,
         CASE WHEN s.status = 'closed' THEN ($4::int[])[1 + (ct.i / 20) % cardinality($4::int[])] END
       FROM ct CROSS JOIN LATERAL (SELECT CASE WHEN ct.i % 20 < 12 THEN 'closed' WHEN ct.i % 20 < 14 THEN 'unassigned'
         WHEN ct.i % 20 < 17 THEN 'active' ELSE 'ongoing' END AS status) s`,
      [o.clientId, from, to, agents],
    )
    o.onProgress?.(`${to} conversations`)
  }
  const [{ lo, hi }] = (
    await database.query(
      `SELECT min(c.id)::int AS lo, max(c.id)::int AS hi FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
    WHERE c.client_id = $1 AND ct.number LIKE '+80%'`,
      [o.clientId],
    )
  ).rows as { lo: number; hi: number }[]
  const messages = (where: string, count: number, params: unknown[]) =>
    database.query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, body, payload, sender_user_id, status, dt)
       SELECT c.client_id, c.id, CASE WHEN k % 2 = 0 THEN 'in' ELSE 'out' END, t.type,
         CASE WHEN t.type = 'text' THEN (${LINES})[1 + (c.id + k) % 6] ELSE '' END,
         CASE WHEN t.type = 'text' THEN '{}'::jsonb ELSE jsonb_build_object('link', 'https://example.com/media/' || c.id || '-' || k, 'filename', 'file-' || k) END,
         CASE WHEN k % 2 = 1 THEN c.assigned_user_id END, CASE WHEN k % 2 = 0 THEN 'received' ELSE 'read' END,
         c.last_message_at - (${count} - 1 - k) * interval '20 seconds'
       FROM conversations c CROSS JOIN generate_series(0, ${count - 1}) k
         CROSS JOIN LATERAL (SELECT (ARRAY['text','text','text','text','image','document'])[1 + (k + c.id) % 6] AS type) t
       WHERE ${where}`,
      params,
    )
  // 25,000 messages a statement: the roll-up trigger gathers a statement's new rows into one array, and PGlite's
  // memory ran out at 200,000.
  const step = Math.max(1, Math.floor(25_000 / o.perConversation))
  for (let from = lo; from <= hi; from += step) {
    await messages(`c.id BETWEEN $1 AND $2`, o.perConversation, [from, Math.min(hi, from + step - 1)])
    o.onProgress?.(`${Math.min(hi, from + step - 1) - lo + 1} conversations' messages`)
  }
  const [{ id }] = (
    await database.query(
      `SELECT id FROM conversations WHERE id BETWEEN $1 AND $2 AND status = 'ongoing' AND assigned_user_id = $3 ORDER BY id LIMIT 1`,
      [lo, hi, agents[0]],
    )
  ).rows as { id: number }[]
  const extra = o.longChat - o.perConversation
  if (extra > 0) {
    await database.query(
      `UPDATE conversations SET started_at = last_message_at - interval '1 hour' - ${o.longChat} * interval '20 seconds' WHERE id = $1`,
      [id],
    )
    await database.query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, body, sender_user_id, status, dt)
       SELECT c.client_id, c.id, CASE WHEN k % 2 = 0 THEN 'in' ELSE 'out' END, 'text', (${LINES})[1 + k % 6], CASE WHEN k % 2 = 1 THEN c.assigned_user_id END,
         CASE WHEN k % 2 = 0 THEN 'received' ELSE 'read' END, c.last_message_at - interval '1 hour' - k * interval '20 seconds'
       FROM conversations c CROSS JOIN generate_series(1, ${extra}) k WHERE c.id = $1`,
      [id],
    )
  }
  return id
}
