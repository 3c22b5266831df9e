/**
 * The send of a scheduled message, on the one job queue: one `scheduled-sends.send` job per row and due time, run at
 * that time. The job locks its row and sends only while the row is still `scheduled`, marking it `sent` in the same
 * transaction as the message it stores: a second job for the same row (a re-claim after a crash, an edited time's
 * older job, another node) finds it sent and does nothing, and an edit or a cancel waits for the job's commit.
 *
 * It takes the live send's path: a text is checked against the 24-hour window and the tenant's limits at send time
 * and stored `queued` in the customer's open conversation for the chat outbox to hand over; a template goes through
 * the templates' one send path (approved, parameters, opt-outs, charged). A refusal ends the row `failed` with its
 * reason, shown in the thread.
 */
import { enqueue, type JobContext, type JobHandler } from "../../core/jobs"
import { ApiError } from "../../http/errors"
import { type ChatWriter, checkSend, handOverAfterCommit, openConversationOf, queueOutbound, sendChecked } from "../chat"
import { sendTemplateTo, templateSendByName } from "../templates"
import type { Db } from "../../db/db"
import { finishScheduled, loadScheduled, type ScheduledRow } from "./scheduled-rows"

export const SEND_JOB = "scheduled-sends.send"
const CLOCK_SLACK_MS = 5_000

/** In the writer's transaction: the job that sends row `id` at `sendAt` (one per row and time). */
export const enqueueSend = (db: Db, clientId: number, id: number, sendAt: Date) =>
  enqueue(db, {
    kind: SEND_JOB,
    clientId,
    payload: { scheduled_id: id },
    runAt: sendAt,
    idempotencyKey: `scheduled-send:${id}:${sendAt.getTime()}`,
  })

/** Sends the row's message now through the live send's path; answers the stored message's id. */
const sendNow = async (writer: ChatWriter, { send, clientId, contact }: ScheduledRow, now: Date): Promise<number> => {
  if (send.kind === "template" && send.template) {
    const named = await templateSendByName(writer.db, clientId, send.template, contact.number, {
      userId: send.created_by,
      ref: `scheduled-send:${send.id}`,
    })
    return (await sendTemplateTo(writer, { ...named, headerValue: send.template.header_value })).messageId
  }
  checkSend(contact, contact.number, "text", now.getTime())
  await sendChecked.run({ db: writer.db, clientId, count: 1 })
  const conversation = await openConversationOf(writer.db, clientId, contact, now)
  const input = { conversation, type: "text", body: send.text, payload: { scheduled_send_id: send.id }, senderUserId: send.created_by }
  const messageId = await queueOutbound(writer, clientId, input)
  await handOverAfterCommit(writer, clientId, [messageId])
  return messageId
}

const run = async (job: { payload: Record<string, unknown>; clientId: number | null }, ctx: JobContext) => {
  const clientId = Number(job.clientId)
  const id = Number(job.payload.scheduled_id)
  const row = await loadScheduled(ctx.db, clientId, id, true)
  if (row?.send.state !== "scheduled") return
  const now = ctx.clock.now()
  // Moved later since this job was queued: the edit queued the job of the new time. The slack absorbs a database
  // clock a little ahead of this process's (the claim compares run_at with the database's).
  if (new Date(row.send.send_at).getTime() > now.getTime() + CLOCK_SLACK_MS) return
  try {
    // A savepoint: a refusal part-way leaves none of the send's writes behind.
    const messageId = await ctx.db.transaction((db) => sendNow({ ...ctx, db }, row, now))
    await finishScheduled(ctx.db, id, "sent", { messageId })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    await finishScheduled(ctx.db, id, "failed", { error: error.message })
  }
}

export const sendJob: JobHandler = { kind: SEND_JOB, run }
