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
