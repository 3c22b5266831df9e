/**
 * The `scheduled_sends` rows (migration 0047): what an agent scheduled (a text, or a template with its parameters),
 * for when (UTC), by whom and where it stands. A row and its customer are read together, locked when the caller is
 * about to change it, so an edit, a cancel and the send job take turns on it.
 */
import { sql } from "drizzle-orm"
import type { ScheduledSend, ScheduledTemplate } from "../../../src/contract/groups/scheduled-sends"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { ContactRow } from "../chat"

export interface ScheduledRow {
  readonly send: ScheduledSend
  readonly clientId: number
  readonly contact: ContactRow
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString()

const templateOf = (value: unknown): ScheduledTemplate | null =>
  value == null ? null : ((typeof value === "string" ? JSON.parse(value) : value) as ScheduledTemplate)

export const scheduledOf = (r: Record<string, unknown>): ScheduledRow => ({
  clientId: Number(r.client_id),
  contact: {
    id: Number(r.contact_id),
    channel: String(r.channel) as Channel,
    number: String(r.number),
    blocked: Boolean(r.blocked),
    lastInboundAt: r.last_inbound_at ? new Date(iso(r.last_inbound_at)) : null,
  },
  send: {
    id: Number(r.id),
    conversation_id: Number(r.conversation_id),
    kind: r.kind === "template" ? "template" : "text",
    text: String(r.body ?? ""),
    template: templateOf(r.template),
    send_at: iso(r.send_at),
    state: String(r.state) as ScheduledSend["state"],
    error: r.error == null ? null : String(r.error),
    created_by: r.created_by == null ? null : Number(r.created_by),
    created_by_name: r.created_by_name == null ? null : String(r.created_by_name),
    created_at: iso(r.created_at),
  },
})

const SELECT = sql`SELECT s.*, ct.channel, ct.number, ct.blocked, ct.last_inbound_at, u.display_name AS created_by_name
  FROM scheduled_sends s JOIN contacts ct ON ct.id = s.contact_id LEFT JOIN users u ON u.id = s.created_by`

/** One of the tenant's rows; `lock`: held until the caller's transaction ends. */
export const loadScheduled = async (db: Db, clientId: number, id: number, lock = false): Promise<ScheduledRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`${SELECT} WHERE s.id = ${id} AND s.client_id = ${clientId} ${lock ? sql`FOR UPDATE OF s` : sql``}`),
  )
  return row ? scheduledOf(row) : null
}

/** What waits for (or failed to reach) the customer of a conversation, soonest first: what its thread shows. */
export const pendingFor = async (db: Db, clientId: number, contactId: number): Promise<ScheduledSend[]> =>
  rowsOf(
    await db.execute(sql`${SELECT} WHERE s.client_id = ${clientId} AND s.contact_id = ${contactId}
      AND s.state IN ('scheduled', 'failed') ORDER BY s.send_at, s.id`),
  ).map((r) => scheduledOf(r).send)

export interface NewScheduled {
  readonly clientId: number
  readonly conversationId: number
  readonly contactId: number
  readonly kind: "text" | "template"
  readonly body: string
  readonly template: ScheduledTemplate | null
  readonly sendAt: Date
  readonly userId: number
}

export const insertScheduled = async (db: Db, s: NewScheduled): Promise<number> => {
  const [row] = rowsOf(
    await db.execute(sql`INSERT INTO scheduled_sends (client_id, conversation_id, contact_id, kind, body, template, send_at, created_by)
      VALUES (${s.clientId}, ${s.conversationId}, ${s.contactId}, ${s.kind}, ${s.body},
        ${s.template === null ? null : JSON.stringify(s.template)}::jsonb, ${s.sendAt.toISOString()}::timestamptz, ${s.userId})
      RETURNING id`),
  )
  return Number(row.id)
}

/** Ends a row that was still waiting: sent (with its message), failed (with the reason) or cancelled. */
export const finishScheduled = (
  db: Db,
  id: number,
  state: "sent" | "failed" | "cancelled",
  detail: { readonly messageId?: number; readonly error?: string } = {},
) =>
  db.execute(sql`UPDATE scheduled_sends SET state = ${state}, message_id = ${detail.messageId ?? null},
    error = ${detail.error?.slice(0, 500) ?? null}, finished_at = now() WHERE id = ${id}`)

export const rescheduleRow = (db: Db, id: number, sendAt: Date, body: string) =>
  db.execute(sql`UPDATE scheduled_sends SET send_at = ${sendAt.toISOString()}::timestamptz, body = ${body} WHERE id = ${id}`)

/** The tenant's time zone (client setting `time_zone`; UTC when unset or unknown). */
export const tenantZone = async (db: Db, clientId: number): Promise<string> => {
  const [row] = rowsOf(await db.execute(sql`SELECT tenant_zone(${clientId}) AS zone`))
  return String(row?.zone ?? "UTC")
}
