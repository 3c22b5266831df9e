/**
 * What a Meta webhook's events do to the chat, on the webhook job's transaction (server/core/jobs.ts): a customer's
 * message is stored once (a retried webhook is recognised by the message id: messages_client_external_uq), a delivery
 * state moves an outbound message forward only (chat's `storeStatus`), a failed one keeps Meta's reason, a
 * reaction marks the message it points at. The agents' screens hear of it after the commit.
 */
import { sql } from "drizzle-orm"
import type { Channel } from "../../../src/contract/schemas/common"
import { enqueue, type JobContext } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { contactFor, emitChat, loadConversation, loadMessage, receiveInbound, storeStatus } from "../chat"
import { enqueueMediaDownload } from "./media-jobs"

export interface CustomerMessage {
  readonly id: string
  readonly number: string
  readonly name?: string
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

export type Received = "stored" | "duplicate" | "blocked"

export const receiveMessage = async (ctx: JobContext, clientId: number, channel: Channel, m: CustomerMessage): Promise<Received> => {
  const [known] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM messages WHERE client_id = ${clientId} AND external_id = ${m.id}`))
  if (known) return "duplicate"
  const contact = await contactFor(ctx.db, clientId, channel, m.number, m.name)
  if (contact.blocked) return "blocked"
  const ids = await receiveInbound(ctx, clientId, {
    channel,
    number: m.number,
    name: m.name,
    type: m.type,
    body: m.body,
    payload: m.payload,
    externalId: m.id,
  })
  await enqueueMediaDownload(ctx.db, clientId, ids.messageId, m.type, m.payload)
  return "stored"
}

export const STATUS_JOB = "channels.status"

export interface StatusReport {
  readonly externalId: string
  readonly status: "sent" | "delivered" | "read" | "failed"
  /** Why a failed message failed, in a person's words (graph-errors.ts). */
  readonly reason: string | null
}

/**
 * Applies a delivery state. A state that beats the stored send result (Meta may answer the webhook before our send's
 * transaction committed) waits in a job of its own and is tried again; false then.
 */
export const applyStatus = async (ctx: JobContext, clientId: number, report: StatusReport, retryLater = true): Promise<boolean> => {
  const result = await storeStatus(ctx.db, clientId, report.externalId, report.status)
  if (!result) {
    if (retryLater)
      await enqueue(ctx.db, {
        kind: STATUS_JOB,
        clientId,
        payload: { ...report },
        runAt: new Date(ctx.clock.now().getTime() + 1000),
        idempotencyKey: `meta-status:${clientId}:${report.externalId}:${report.status}`,
        maxAttempts: 6,
      })
    return false
  }
  if (report.status === "failed" && report.reason)
    await ctx.db.execute(sql`UPDATE messages SET payload = payload || jsonb_build_object('error', ${report.reason}::text)
      WHERE id = ${result.messageId} AND client_id = ${clientId}`)
  if (result.changed)
    await emitChat(ctx, clientId, "chat:message-status", {
      conversation_id: result.conversationId,
      message_id: result.messageId,
      status: report.status,
    })
  return true
}

/** A customer reacted to one of the conversation's messages (null: took the reaction back); the agents see it on the message. */
export const applyReaction = async (ctx: JobContext, clientId: number, messageId: string, emoji: string | null, from: string) => {
  const reaction = emoji === null ? null : JSON.stringify({ emoji, from })
  const [row] = rowsOf(
    await ctx.db.execute(sql`UPDATE messages SET payload = CASE WHEN ${reaction}::jsonb IS NULL THEN payload - 'reaction'
        ELSE payload || jsonb_build_object('reaction', ${reaction}::jsonb) END
      WHERE client_id = ${clientId} AND external_id = ${messageId} RETURNING id, conversation_id`),
  )
  if (!row || row.conversation_id === null) return
  const links = { config: ctx.services.config, origin: "" }
  const [conversation, message] = await Promise.all([
    loadConversation(ctx.db, clientId, Number(row.conversation_id)),
    loadMessage(ctx.db, clientId, Number(row.id), links),
  ])
  if (message) await emitChat(ctx, clientId, "chat:message", { conversation, message })
}

/** Instagram's `read.mid`: every outgoing message to the customer up to that one (none when it is not ours). */
export const applyReadUpTo = async (ctx: JobContext, clientId: number, channel: Channel, customer: string, mid: string) => {
  const [read] = rowsOf(
    await ctx.db.execute(sql`SELECT ceil(extract(epoch FROM dt) * 1000)::float8 AS ms FROM messages
      WHERE client_id = ${clientId} AND external_id = ${mid} AND direction = 'out'`),
  )
  if (read) await applyWatermark(ctx, clientId, channel, customer, "read", new Date(Number(read.ms)))
}

/** Messenger and Instagram read (or delivery) watermarks: every outgoing message to the customer up to that moment. */
export const applyWatermark = async (
  ctx: JobContext,
  clientId: number,
  channel: Channel,
  customer: string,
  status: "delivered" | "read",
  until: Date,
) => {
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT m.external_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
      JOIN contacts ct ON ct.id = c.contact_id
      WHERE m.client_id = ${clientId} AND ct.channel = ${channel} AND ct.number = ${customer} AND m.direction = 'out'
        AND m.external_id IS NOT NULL AND m.dt <= ${until.toISOString()}::timestamptz AND m.status IN ('queued', 'sent', 'delivered')
      ORDER BY m.dt DESC LIMIT 200`),
  )
  for (const row of rows) await applyStatus(ctx, clientId, { externalId: String(row.external_id), status, reason: null }, false)
}
