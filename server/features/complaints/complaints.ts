/**
 * The complaint screens: active and resolved lists, filing a complaint (from a conversation or by hand), editing what
 * it says, and moving it along (assign, resolve with a note, reopen). The report and its search box live in
 * reports/complaint-report.ts; both read rows through complaint-rows.ts.
 */
import { sql, type SQL } from "drizzle-orm"
import { handle } from "../../core/registry"
import { publish } from "../../core/events"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { rangeOf } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"
import { COMPLAINT_COLUMNS, complaintOf } from "./complaint-rows"
import { COMPLAINT_NUMBERS, nextNumber } from "../../db/number-series"

interface ListInput {
  readonly page?: number
  readonly limit?: number
  readonly search?: string
  readonly start_date?: string
  readonly end_date?: string
  readonly channel_type?: string
  readonly agent_id?: number
}

const listOf = async (ctx: Ctx, input: ListInput, resolved: boolean) => {
  const clientId = tenantOf(ctx)
  const { page, limit, offset } = pageOf(input)
  const range = rangeOf(input.start_date, input.end_date)
  const parts: SQL[] = [sql`c.client_id = ${clientId}`, resolved ? sql`c.status = 'Resolved'` : sql`c.status <> 'Resolved'`]
  if (range.from) parts.push(sql`c.dt >= ${range.from.toISOString()}::timestamptz`)
  if (range.to) parts.push(sql`c.dt < ${range.to.toISOString()}::timestamptz`)
  if (input.channel_type) parts.push(sql`c.channel_type = ${input.channel_type}`)
  if (input.agent_id !== undefined) parts.push(sql`c.agent_id = ${input.agent_id}`)
  if (input.search?.trim()) {
    const like = likeOf(input.search)
    parts.push(sql`(c.ticket_number ILIKE ${like} OR c.name ILIKE ${like} OR c.number ILIKE ${like} OR c.customer_message ILIKE ${like})`)
  }
  const where = sql.join(parts, sql` AND `)
  // Resolved complaints read newest-closed first: the one just resolved is on top.
  const order = resolved ? sql`c.last_closed DESC NULLS LAST, c.id DESC` : sql`c.dt DESC, c.id DESC`
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT ${COMPLAINT_COLUMNS} FROM complaints c LEFT JOIN users u ON u.id = c.agent_id
    WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`),
  )
  const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM complaints c WHERE ${where}`))
  return { data: { items: rows.map(complaintOf), totalItems: Number(count?.n ?? 0), page, limit } }
}

const loadComplaint = async (ctx: Ctx, clientId: number, ticketNumber: string) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${COMPLAINT_COLUMNS} FROM complaints c LEFT JOIN users u ON u.id = c.agent_id
    WHERE c.client_id = ${clientId} AND c.ticket_number = ${ticketNumber}`),
  )
  if (!row) throw notFound("Complaint")
  return complaintOf(row)
}

/** The tenant's active user, or 404 (another tenant's user is simply unknown here). */
const agentOf = async (ctx: Ctx, clientId: number, agentId: number) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT id FROM users WHERE id = ${agentId} AND client_id = ${clientId} AND status <> 'deleted'`),
  )
  if (!row) throw notFound("Agent")
  return agentId
}

export const handlers = [
  handle("complaints", "activeComplaints", (ctx, input) => listOf(ctx, input, false)),
  handle("complaints", "resolvedComplaints", (ctx, input) => listOf(ctx, input, true)),

  handle("complaints", "getComplaintMetadata", async (ctx, input) => ({
    data: await loadComplaint(ctx, tenantOf(ctx), input.ticket_number),
  })),

  handle("complaints", "postComplaintMetadata", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    let contactId: number | null = null
    let name = input.name ?? null
    let number = input.number
    let channel: string = input.channel_type
    if (input.conversation_id !== undefined) {
      // Filed from a chat: the conversation names the customer; its number and channel win over what the form sent.
      const [conv] = rowsOf(
        await ctx.db.execute(sql`SELECT ct.id, ct.name, ct.number, cv.channel FROM conversations cv
        JOIN contacts ct ON ct.id = cv.contact_id WHERE cv.id = ${input.conversation_id} AND cv.client_id = ${clientId}`),
      )
      if (!conv) throw notFound("Conversation")
      contactId = Number(conv.id)
      number = String(conv.number)
      channel = String(conv.channel)
      name ??= (conv.name as string | null) || null
    } else {
      const [contact] = rowsOf(
        await ctx.db.execute(sql`SELECT id, name FROM contacts
        WHERE client_id = ${clientId} AND number = ${number} ORDER BY (channel = ${channel}) DESC, id LIMIT 1`),
      )
      if (contact) {
        contactId = Number(contact.id)
        name ??= (contact.name as string | null) || null
      }
    }
    const ticketNumber = await nextNumber(ctx.db, COMPLAINT_NUMBERS, clientId)
    const agentId = ctx.principal.userId
    await ctx.db.execute(sql`INSERT INTO complaints (client_id, ticket_number, contact_id, name, number, channel_type, status, customer_message, agent_id, category)
      VALUES (${clientId}, ${ticketNumber}, ${contactId}, ${name ?? number}, ${number}, ${channel}, 'Pending', ${input.customer_message},
        ${agentId}, ${input.category ?? null})`)
    const complaint = await loadComplaint(ctx, clientId, ticketNumber)
    await publish(ctx.db, clientId, "complaint.created", { complaint })
    return { data: complaint }
  }),

  handle("complaints", "updateComplaintMetadata", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const sets: SQL[] = []
    if (input.category !== undefined) sets.push(sql`category = ${input.category}`)
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.customer_message !== undefined) sets.push(sql`customer_message = ${input.customer_message}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send category, name or customer_message")
    const updated = rowsOf(
      await ctx.db.execute(sql`UPDATE complaints SET ${sql.join(sets, sql`, `)}
      WHERE client_id = ${clientId} AND ticket_number = ${input.ticket_number} RETURNING id`),
    )
    if (updated.length === 0) throw notFound("Complaint")
    const complaint = await loadComplaint(ctx, clientId, input.ticket_number)
    await publish(ctx.db, clientId, "complaint.updated", { complaint })
    return { data: complaint }
  }),

  handle("complaints", "updateComplaint", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const current = await loadComplaint(ctx, clientId, input.ticket_number)
    const sets: SQL[] = []
    if (input.agent_id !== undefined) sets.push(sql`agent_id = ${await agentOf(ctx, clientId, input.agent_id)}`)
    if (input.resolution_note !== undefined) sets.push(sql`resolution_note = ${input.resolution_note}`)
    if (input.status !== undefined && input.status !== current.status) {
      sets.push(sql`status = ${input.status}`)
      // Resolving stamps the end (the report's resolution time); reopening clears it and the old note.
      if (input.status === "Resolved") sets.push(sql`last_closed = now()`)
      else {
        sets.push(sql`last_closed = NULL`)
        if (input.resolution_note === undefined) sets.push(sql`resolution_note = NULL`)
      }
    }
    if (input.status === undefined && input.agent_id === undefined && input.resolution_note === undefined) {
      throw badRequest("Nothing to update: send status, agent_id or resolution_note")
    }
    if (sets.length > 0) {
      await ctx.db.execute(
        sql`UPDATE complaints SET ${sql.join(sets, sql`, `)} WHERE client_id = ${clientId} AND ticket_number = ${input.ticket_number}`,
      )
    }
    const complaint = await loadComplaint(ctx, clientId, input.ticket_number)
    if (sets.length > 0) await publish(ctx.db, clientId, "complaint.updated", { complaint })
    return { data: complaint }
  }),
]
