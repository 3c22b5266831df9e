/**
 * The idle close (session-rule.ts): a schedule of THE job queue finds open conversations with no message either way
 * for the tenant's `timeout_minutes` (tenants whose rule is on) and enqueues one `settings.idle-close` job per
 * conversation and idle spell (keyed by its last message's time, so a restart or a second process adds nothing). The
 * job checks again under the conversation's lock (a message meanwhile keeps it open), says the session message (the
 * tenant's own, or ours in its language), closes the conversation (closed by nobody) like an agent's close, and with it
 * the survey and the waiting queue follow (chat/assignment.ts `closeConversation`).
 */
import { sql } from "drizzle-orm"
import { enqueue, type JobHandler, type Schedule } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Channel } from "../../../src/contract/schemas/common"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import { closeConversation, next, announceConversation, loadConversation, handOverAfterCommit } from "../chat"
import { queueMessageAsBot } from "../chatbots"
import { tenantSettings } from "./settings-store"
import { ownOr } from "./customer-texts"
import { sessionRuleOf } from "./session-rule"

export const IDLE_JOB = "settings.idle-close"
/** Conversations one tick hands to jobs at most (the next tick takes the rest). */
const PER_TICK = 500

export const schedules: Schedule[] = [
  {
    name: "idle-close",
    tick: async (db: Db, now: Date) => {
      const idle = rowsOf(
        await db.execute(sql`SELECT c.id, c.client_id, extract(epoch FROM c.last_message_at)::text AS epoch FROM client_settings s
          JOIN conversations c ON c.client_id = s.client_id AND c.status <> 'closed'
            AND c.last_message_at <= ${now.toISOString()}::timestamptz - make_interval(mins => (s.value->>'timeout_minutes')::int)
          WHERE s.key = 'session_message' AND s.value->>'enabled' = 'true' AND s.value->>'timeout_minutes' ~ '^[0-9]{1,5}$'
          LIMIT ${PER_TICK}`),
      )
      let added = 0
      for (const r of idle) {
        const epoch = String(r.epoch)
        const id = await enqueue(db, {
          kind: IDLE_JOB,
          clientId: Number(r.client_id),
          payload: { conversation_id: Number(r.id), epoch },
          idempotencyKey: `idle:${r.id}:${epoch}`,
          runAt: now,
        })
        if (id !== null) added++
      }
      return added
    },
  },
]

export const jobHandlers: JobHandler[] = [
  {
    kind: IDLE_JOB,
    run: async (job, ctx) => {
      const clientId = job.clientId!
      const { conversation_id, epoch } = job.payload as { conversation_id: number; epoch: string }
      // Still idle since the same last message (a message meanwhile moved last_message_at), and open.
      const [row] = rowsOf(
        await ctx.db.execute(sql`SELECT c.id, c.status, c.assigned_user_id, ct.channel, ct.number FROM conversations c
          JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ${conversation_id} AND c.client_id = ${clientId}
            AND extract(epoch FROM c.last_message_at)::text = ${epoch} FOR UPDATE OF c`),
      )
      if (!row || String(row.status) === "closed") return
      const [rule, settings] = await Promise.all([sessionRuleOf(ctx.db, clientId), tenantSettings(ctx.db, clientId)])
      if (!rule.enabled) return
      const conversation = {
        id: conversation_id,
        status: String(row.status) as ConversationStatus,
        agentId: row.assigned_user_id === null ? null : Number(row.assigned_user_id),
      }
      const target = { clientId, conversation, channel: String(row.channel) as Channel, number: String(row.number) }
      const text = ownOr(rule.message, "sessionClosed", settings.language)
      const said = await queueMessageAsBot(ctx, target, { type: "text", body: text, payload: { auto: "session_closed" } })
      await handOverAfterCommit(ctx, clientId, [said])
      await closeConversation(ctx.db, clientId, conversation_id, next(conversation, { type: "close" }), null)
      await announceConversation(ctx, clientId, await loadConversation(ctx.db, clientId, conversation_id))
    },
  },
]
