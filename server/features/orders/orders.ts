/**
 * Orders customers placed from the catalogue in chat (order-hook.ts creates them): the list with its filters (status,
 * customer number, date range on created_at in the tenant's zone, search by order number or customer) and the status
 * change. Each change reaches the customer: as text inside WhatsApp's 24-hour window (and on channels without one);
 * outside it as the tenant's approved template `order_status` ({{1}} order number, {{2}} status) when it has one; else
 * it is not sent and the answer's order still changes (the agent sees no new message in the conversation).
 */
import { type SQL, sql } from "drizzle-orm"
import type { Order, OrderStatus } from "../../../src/contract/schemas/commerce"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { userOf } from "../../http/context"
import { ApiError, idOf, notFound } from "../../http/errors"
import type { JobHandler } from "../../core/jobs"
import { chatWriterOf, type ChatWriter } from "../chat"
import { templateSendByName, sendTemplateTo } from "../templates"
import { contactById, inWindow, messageCustomer } from "../locations"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"
import { iso } from "../../core/date-range"
import { canMove } from "../../../src/contract/order-status-rules"
import { orderStatusError, statusMessage } from "./order-status"

/** The approved template an order's status goes out as outside the 24-hour window. */
export const ORDER_STATUS_TEMPLATE = "order_status"

const COLUMNS = sql`o.id, o.order_number, o.conversation_id, o.items, o.total_minor, o.currency, o.status, o.note, o.created_at, o.updated_at,
  ct.number, nullif(ct.name, '') AS customer_name, o.contact_id`
const FROM = sql`FROM orders o LEFT JOIN contacts ct ON ct.id = o.contact_id`

const orderOf = (r: Record<string, unknown>): Order => {
  const items = (typeof r.items === "string" ? JSON.parse(r.items) : r.items) as Order["items"]
  return {
    id: Number(r.id),
    order_number: String(r.order_number),
    number: r.number === null || r.number === undefined ? "" : String(r.number),
    customer_name: r.customer_name === null || r.customer_name === undefined ? null : String(r.customer_name),
    conversation_id: r.conversation_id === null || r.conversation_id === undefined ? null : Number(r.conversation_id),
    items: items.map((i) => ({
      product_id: i.product_id ?? null,
      retailer_id: i.retailer_id ?? null,
      name: String(i.name),
      quantity: Number(i.quantity),
      unit_price: Number(i.unit_price),
    })),
    total: Number(r.total_minor),
    currency: String(r.currency),
    status: String(r.status) as OrderStatus,
    note: r.note === null || r.note === undefined ? null : String(r.note),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }
}

const loadOrder = async (db: Db, clientId: number, id: number, lock = false) => {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT ${COLUMNS} ${FROM} WHERE o.id = ${id} AND o.client_id = ${clientId} ${lock ? sql`FOR UPDATE OF o` : sql``}`,
    ),
  )
  if (!row) throw notFound("Order")
  return { order: orderOf(row), contactId: row.contact_id === null ? null : Number(row.contact_id) }
}

/** Tells the customer their order's status; answers how it went out. */
export const notifyOrderStatus = async (
  ctx: ChatWriter,
  clientId: number,
  order: Order,
  contactId: number | null,
  senderUserId: number | null,
): Promise<"text" | "template" | "not_sent"> => {
  if (contactId === null) return "not_sent"
  const contact = await contactById(ctx.db, clientId, contactId)
  if (!contact || contact.blocked) return "not_sent"
  const payload = { order_id: order.id, order_status: order.status }
  if (inWindow(contact)) {
    const sent = await messageCustomer(ctx, {
      clientId,
      contactId,
      type: "text",
      body: statusMessage(order.order_number, order.status),
      payload,
      senderUserId,
    })
    return sent === null ? "not_sent" : "text"
  }
  const [template] = rowsOf(
    await ctx.db.execute(sql`SELECT language FROM templates WHERE client_id = ${clientId} AND name = ${ORDER_STATUS_TEMPLATE}
      AND status = 'APPROVED' ORDER BY id LIMIT 1`),
  )
  if (!template) return "not_sent"
  // Outside the window: the templates' one send path (approved, not opted out, charged).
  const named = { name: ORDER_STATUS_TEMPLATE, language: String(template.language), params: [order.order_number, order.status] }
  try {
    const send = await templateSendByName(ctx.db, clientId, named, contact.number, {
      userId: senderUserId,
      ref: `order:${order.id}:${order.status}`,
    })
    await sendTemplateTo(ctx, send)
    return "template"
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return "not_sent"
    throw error
  }
}

export const handlers = [
  handle("chatbots", "orders", async (ctx, input) => {
    const { clientId } = userOf(ctx)
    const { page, limit, offset } = pageOf(input, 20, 999_999)
    const parts: SQL[] = [sql`o.client_id = ${clientId}`]
    if (input.status) parts.push(sql`o.status = ${input.status}`)
    if (input.number) parts.push(sql`ct.number = ${input.number}`)
    if (input.start_date)
      parts.push(sql`o.created_at >= (${input.start_date.slice(0, 10)}::date::timestamp AT TIME ZONE tenant_zone(${clientId}))`)
    if (input.end_date)
      parts.push(sql`o.created_at < ((${input.end_date.slice(0, 10)}::date + 1)::timestamp AT TIME ZONE tenant_zone(${clientId}))`)
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(o.order_number ILIKE ${like} OR ct.number ILIKE ${like} OR ct.name ILIKE ${like})`)
    }
    const where = sql.join(parts, sql` AND `)
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`))
    return { data: { items: rows.map(orderOf), totalItems: Number(count.n), page, limit } }
  }),

  handle("chatbots", "orderUpdateStatus", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const id = idOf(input.id, "Order")
    const { order } = await loadOrder(ctx.db, clientId, id, true)
    if (!canMove(order.status, input.status)) throw orderStatusError(order.status, input.status)
    await ctx.db.execute(sql`UPDATE orders SET status = ${input.status}, note = coalesce(${input.note ?? null}, note), updated_at = now()
      WHERE id = ${id} AND client_id = ${clientId}`)
    const changed = await loadOrder(ctx.db, clientId, id)
    await notifyOrderStatus(chatWriterOf(ctx), clientId, changed.order, changed.contactId, userId)
    return { data: changed.order }
  }),
]

export const jobHandlers: JobHandler[] = [
  {
    kind: "orders.notify",
    run: async (job, ctx) => {
      const clientId = Number(job.clientId)
      const { order_id, status } = job.payload as { order_id: number; status: OrderStatus }
      const found = await loadOrder(ctx.db, clientId, order_id).catch(() => null)
      // An agent moved the order on before the job ran: that change told the customer already.
      if (found && found.order.status === status) await notifyOrderStatus(ctx, clientId, found.order, found.contactId, null)
    },
  },
]
