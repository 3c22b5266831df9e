/**
 * The scheduled-send calls: list what waits for a conversation's customer, schedule a text or a template, edit (text
 * and time) or cancel one until it leaves. Scoped to the caller's tenant and the chat permission (the group's); a
 * conversation or row of another tenant is not found. Once a row has left (or failed), an edit or cancel is refused
 * with 409 NOT_SCHEDULED naming what became of it. The job that sends is scheduled-job.ts.
 */
import { sql } from "drizzle-orm"
import { MAX_SCHEDULE_DAYS, type ScheduledSend, type ScheduledTemplate } from "../../../src/contract/groups/scheduled-sends"
import { handle } from "../../core/registry"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf, userOf } from "../../http/context"
import { ApiError, badRequest, idOf, notFound } from "../../http/errors"
import { type ContactRow, WINDOW_MS, checkSend } from "../chat"
import { refusalsOf, templateSendByName } from "../templates"
import { enqueueSend, sendJob } from "./scheduled-job"
import { finishScheduled, insertScheduled, loadScheduled, pendingFor, rescheduleRow, tenantZone } from "./scheduled-rows"

/** The least time ahead a send may be scheduled: sooner is a live send. */
export const MIN_LEAD_MS = 10_000

const conversationOf = async (db: Db, clientId: number, id: number): Promise<{ id: number; contact: ContactRow }> => {
  const [r] = rowsOf(
    await db.execute(sql`SELECT c.id, ct.id AS contact_id, ct.channel, ct.number, ct.blocked, ct.last_inbound_at
      FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ${id} AND c.client_id = ${clientId}`),
  )
  if (!r) throw notFound("Conversation")
  const last = r.last_inbound_at
  return {
    id: Number(r.id),
    contact: {
      id: Number(r.contact_id),
      channel: String(r.channel) as ContactRow["channel"],
      number: String(r.number),
      blocked: Boolean(r.blocked),
      lastInboundAt: last ? (last instanceof Date ? last : new Date(String(last))) : null,
    },
  }
}

/** The instant asked for, refused when not a time, too soon or too far. */
const sendAtOf = (value: string, now: Date): Date => {
  const at = new Date(value)
  if (Number.isNaN(at.getTime())) throw badRequest(`${value} is not a time`, "send_at")
  if (at.getTime() < now.getTime() + MIN_LEAD_MS) throw badRequest("Pick a time in the future", "send_at")
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    throw badRequest(`A send can be scheduled at most ${MAX_SCHEDULE_DAYS} days ahead`, "send_at")
  return at
}

/** A text must find WhatsApp's window still open when it leaves (a new message from the customer reopens it later). */
const checkTextAt = (contact: ContactRow, at: Date) => {
  checkSend(contact, contact.number, "text")
  const last = contact.lastInboundAt?.getTime()
  if (contact.channel === "whatsapp" && (last === undefined || at.getTime() - last > WINDOW_MS))
    throw new ApiError(409, "WINDOW_CLOSED", "The 24-hour WhatsApp window closes before this time: schedule a template instead", "send_at")
}

const checkTemplate = async (db: Db, clientId: number, contact: ContactRow, template: ScheduledTemplate, userId: number) => {
  if (contact.channel !== "whatsapp") throw badRequest("Templates are sent on WhatsApp only", "template")
  const named = await templateSendByName(db, clientId, template, contact.number, { userId })
  const [refusal] = await refusalsOf(db, [{ ...named, headerValue: template.header_value }])
  if (refusal) throw refusal
}

const notScheduled = (send: ScheduledSend) =>
  new ApiError(
    409,
    "NOT_SCHEDULED",
    send.state === "sent"
      ? "This message has already been sent"
      : send.state === "cancelled"
        ? "This scheduled message was cancelled"
        : `This scheduled message did not go out: ${send.error ?? "it failed"}`,
  )

const lockedRow = async (db: Db, clientId: number, id: unknown) => {
  const row = await loadScheduled(db, clientId, idOf(id, "Scheduled send"), true)
  if (!row) throw notFound("Scheduled send")
  return row
}

const shown = async (db: Db, clientId: number, id: number) => ({ data: (await loadScheduled(db, clientId, id))!.send })

export const handlers = [
  handle("scheduledSends", "scheduledSendList", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { contact } = await conversationOf(ctx.db, clientId, idOf(input.conversation_id, "Conversation"))
    return { data: { zone: await tenantZone(ctx.db, clientId), items: await pendingFor(ctx.db, clientId, contact.id) } }
  }),

  handle("scheduledSends", "scheduledSendCreate", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const conversation = await conversationOf(ctx.db, clientId, idOf(input.conversation_id, "Conversation"))
    const sendAt = sendAtOf(input.send_at, new Date())
    const text = input.text?.trim() ?? ""
    if ((text === "") === (input.template === undefined)) throw badRequest("Schedule either a text or a template", "text")
    if (input.template) await checkTemplate(ctx.db, clientId, conversation.contact, input.template, userId)
    else checkTextAt(conversation.contact, sendAt)
    const id = await insertScheduled(ctx.db, {
      clientId,
      conversationId: conversation.id,
      contactId: conversation.contact.id,
      kind: input.template ? "template" : "text",
      body: input.template ? "" : text,
      template: input.template ?? null,
      sendAt,
      userId,
    })
    await enqueueSend(ctx.db, clientId, id, sendAt)
    return shown(ctx.db, clientId, id)
  }),

  handle("scheduledSends", "scheduledSendUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { send, contact } = await lockedRow(ctx.db, clientId, input.id)
    if (send.state !== "scheduled") throw notScheduled(send)
    const sendAt = input.send_at === undefined ? new Date(send.send_at) : sendAtOf(input.send_at, new Date())
    const text = input.text?.trim()
    if (text !== undefined && send.kind === "template") throw badRequest("A template's text is the template's", "text")
    if (text === "") throw badRequest("The message is empty", "text")
    if (send.kind === "text") checkTextAt(contact, sendAt)
    await rescheduleRow(ctx.db, send.id, sendAt, text ?? send.text)
    await enqueueSend(ctx.db, clientId, send.id, sendAt)
    return shown(ctx.db, clientId, send.id)
  }),

  handle("scheduledSends", "scheduledSendCancel", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { send } = await lockedRow(ctx.db, clientId, input.id)
    if (send.state !== "scheduled" && send.state !== "failed") throw notScheduled(send)
    await finishScheduled(ctx.db, send.id, "cancelled")
    return { data: { ok: true } }
  }),
]

export const jobHandlers = [sendJob]
