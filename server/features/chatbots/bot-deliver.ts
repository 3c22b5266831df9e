/**
 * Exactly-once bot replies: a turn stores its messages as `queued` in its own transaction (bot-send.ts) and enqueues
 * one `chatbot.deliver` job for them in that same transaction, so nothing reaches the customer unless the turn
 * committed. The job hands the messages to the channel in order, outside any transaction (`prepare`), and marks each
 * one `sent` with the channel's id in its own commit right after the channel accepted it: a retried or re-claimed job
 * skips every message that is no longer `queued`, so a message is never handed over twice by us. (A process dying
 * between the channel's answer and that one-row update is the only window left; the channel offers no idempotency key.)
 * A message the channel keeps refusing is marked `failed` on the last attempt, so the agent sees it.
 */
import { sql } from "drizzle-orm"
import type { Channel } from "../../../src/contract/schemas/common"
import { enqueue, type Job, type JobContext, type JobHandler, wakeJobs } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { chatHubOf } from "../chat/chat-hub"
import { emitChat } from "../chat/chat-bus"
import { lockMessageConversation } from "../chat/chat-store"

export const DELIVER_JOB = "chatbot.deliver"
const MARK_ATTEMPTS = 5

/** In the turn's transaction: the job that hands these queued messages over once the turn commits. */
export const deliverAfterCommit = async (ctx: JobContext, clientId: number, messageIds: readonly number[]) => {
  if (messageIds.length === 0) return
  await enqueue(ctx.db, {
    kind: DELIVER_JOB,
    clientId,
    payload: { message_ids: messageIds },
    idempotencyKey: `chatbot-deliver:${messageIds[0]}`,
    maxAttempts: 5,
  })
  ctx.afterCommit(() => wakeJobs(ctx.services))
}

const json = (value: unknown): Record<string, unknown> =>
  (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>

/**
 * Marks a handed-over message in its own commit, its conversation locked first (chat-store.ts). Tried again on a
 * failure (a deadlock with a delivery report): throwing here would retry the job and hand the message over again.
 */
const mark = async (services: Services, clientId: number, id: number, status: "sent" | "failed", externalId: string | null) => {
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await services.database.transaction(async (tx) => {
        await lockMessageConversation(tx, sql`m.id = ${id} AND m.client_id = ${clientId}`)
        return rowsOf(
          await tx.execute(sql`UPDATE messages SET status = ${status}, external_id = coalesce(${externalId}, external_id)
            WHERE id = ${id} AND client_id = ${clientId} AND status = 'queued' RETURNING conversation_id`),
        )
      })
      if (row) emitChat(services, clientId, "chat:message-status", { conversation_id: Number(row.conversation_id), message_id: id, status })
      return
    } catch (error) {
      if (attempt >= MARK_ATTEMPTS) throw error
    }
  }
}

const handOver = async (job: Job, ctx: { services: Services }) => {
  const clientId = Number(job.clientId)
  const ids = (job.payload.message_ids as number[]) ?? []
  for (const id of ids) {
    const [m] = rowsOf(
      await ctx.services.database.db.execute(sql`SELECT m.type, m.body, m.payload, m.status, ct.channel, ct.number
        FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
        WHERE m.id = ${id} AND m.client_id = ${clientId} AND m.direction = 'out'`),
    )
    if (m?.status !== "queued") continue
    let externalId: string
    try {
      ;({ externalId } = await chatHubOf(ctx.services).channel.send({
        clientId,
        channel: String(m.channel) as Channel,
        number: String(m.number),
        type: String(m.type),
        body: String(m.body ?? ""),
        payload: json(m.payload),
      }))
    } catch (error) {
      if (job.attempts >= job.maxAttempts) await mark(ctx.services, clientId, id, "failed", null)
      throw error
    }
    await mark(ctx.services, clientId, id, "sent", externalId)
  }
}

export const jobHandlers: JobHandler[] = [{ kind: DELIVER_JOB, prepare: handOver, run: async () => {}, sharesCommit: true }]
