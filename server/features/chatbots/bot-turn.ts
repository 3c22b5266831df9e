/**
 * The chatbots' turn on a customer's message (the chat's `inboundStored` hook, chat-reactions.ts, after the message is
 * stored): a `chatbot.turn` job in the same transaction, keyed by the message, so each customer message is handled
 * once by one job runner however many processes share the queue. Tenants without an active bot enqueue nothing.
 */
import { type SQL, sql } from "drizzle-orm"
import { enqueue } from "../../core/jobs"
import { tenantCache } from "../../core/tenant-cache"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export const TURN_JOB = "chatbot.turn"
/** The key of the turn on a customer's message. */
const turnKey = (messageId: number) => `chatbot:${messageId}`

/**
 * Whether the tenant has an active bot, from this process's cache (core/tenant-cache.ts, at most TENANT_CACHE_TTL_MS
 * old); the auto-reply calls (autoreplies.ts) forget it on every save.
 */
export const botInForce = tenantCache(
  async (db: Db, clientId: number): Promise<boolean> => {
    const [row] = rowsOf(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM autoreplies WHERE client_id = ${clientId} AND active) AS any`))
    return row?.any === true
  },
  { name: "bots" },
)

export const chatbotTurnFor = async (db: Db, clientId: number, conversationId: number, messageId: number) => {
  if (!(await botInForce.get(db, clientId))) return
  await enqueue(db, {
    kind: TURN_JOB,
    clientId,
    payload: { conversation_id: conversationId, message_id: messageId },
    idempotencyKey: turnKey(messageId),
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

/**
 * SQL true while a bot has the conversation `conversationId` (a column): it talks with the customer (its session
 * waits at a node), or its turn on the customer's latest message has not run yet (`inTurn`: the message whose turn is
 * the caller, not counted). Auto-assign leaves such a conversation in the queue (tenant-settings/auto-assign.ts); the
 * turn offers it again once the bot hands over or does not answer (bot-runtime.ts).
 */
export const botHasSql = (conversationId: SQL, inTurn: number | null = null) => sql`(EXISTS (SELECT 1 FROM chatbot_sessions s
    WHERE s.conversation_id = ${conversationId} AND s.state ->> 'node' IS NOT NULL)
  OR EXISTS (SELECT 1 FROM jobs j WHERE j.status IN ('queued', 'running') AND j.idempotency_key IS DISTINCT FROM ${inTurn === null ? null : turnKey(inTurn)}
    AND j.idempotency_key = 'chatbot:' || (SELECT max(mi.id) FROM messages mi WHERE mi.conversation_id = ${conversationId} AND mi.direction = 'in')))`
