/**
 * The inbound message pipeline's one call into the chatbots (server/features/chat/chat-store.ts, after the message is
 * stored): a `chatbot.turn` job in the same transaction, keyed by the message, so each customer message is handled
 * once by one job runner however many processes share the queue. Tenants without an active bot enqueue nothing.
 */
import { sql } from "drizzle-orm"
import { enqueue } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export const TURN_JOB = "chatbot.turn"

export const chatbotTurnFor = async (db: Db, clientId: number, conversationId: number, messageId: number) => {
  const [any] = rowsOf(await db.execute(sql`SELECT 1 FROM autoreplies WHERE client_id = ${clientId} AND active LIMIT 1`))
  if (!any) return
  await enqueue(db, {
    kind: TURN_JOB,
    clientId,
    payload: { conversation_id: conversationId, message_id: messageId },
    idempotencyKey: `chatbot:${messageId}`,
    maxAttempts: 3,
  })
}

/**
 * Whether the tenant's bot answers a location this contact shares (so the plain "nearest branches" answer of
 * locations/location-hook.ts stays quiet): a bot is talking with them (waiting at a node), or an active bot of the
 * channel starts on a shared location.
 */
export const botTakesLocation = async (db: Db, clientId: number, contactId: number): Promise<boolean> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT 1 FROM contacts ct WHERE ct.id = ${contactId} AND ct.client_id = ${clientId} AND (
      EXISTS (SELECT 1 FROM conversations c JOIN chatbot_sessions s ON s.conversation_id = c.id
        WHERE c.contact_id = ct.id AND c.client_id = ${clientId} AND c.status <> 'closed' AND c.assigned_user_id IS NULL
          AND s.state->>'node' IS NOT NULL)
      OR EXISTS (SELECT 1 FROM autoreplies a WHERE a.client_id = ${clientId} AND a.active AND NOT a.self
        AND a.channel = ct.channel AND a.trigger = 'location'))`),
  )
  return row !== undefined
}
