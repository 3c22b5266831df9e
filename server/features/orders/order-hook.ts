/**
 * WhatsApp `order` messages (the chat's `inboundStored` hook, chat-reactions.ts, in the chat's transaction): the cart becomes an order with its items, in the same transaction as the message, and an
 * `orders.notify` job tells the customer it was received. Each item is matched to the tenant's product by retailer id
 * (then by SKU): its name, price and currency come from the product; an unknown item keeps its retailer id as its name
 * and the price the message gave (0 without one).
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { enqueue } from "../../core/jobs"

interface CartItem {
  readonly product_retailer_id: string
  readonly quantity: number
  readonly item_price?: number
  readonly currency?: string
}

const itemsOf = (payload: Record<string, unknown>): CartItem[] => {
  const order = payload.order as { product_items?: unknown } | undefined
  const items = Array.isArray(order?.product_items) ? (order.product_items as CartItem[]) : []
  return items.filter((i) => typeof i?.product_retailer_id === "string" && Number.isInteger(i.quantity) && i.quantity > 0)
}

export const placeOrderFrom = async (
  db: Db,
  clientId: number,
  message: { contactId: number; conversationId: number; messageId: number; type: string; payload: Record<string, unknown> },
) => {
  if (message.type !== "order") return null
  const cart = itemsOf(message.payload)
  if (cart.length === 0) return null
  const refs = cart.map((i) => i.product_retailer_id)
  const products = rowsOf(
    await db.execute(sql`SELECT id, sku, retailer_id, name, price_minor, currency FROM products WHERE client_id = ${clientId}
      AND (retailer_id IN (${sql.join(
        refs.map((r) => sql`${r}`),
        sql`, `,
      )}) OR sku IN (${sql.join(
        refs.map((r) => sql`${r}`),
        sql`, `,
      )}))`),
  )
  const find = (ref: string) => products.find((p) => p.retailer_id === ref) ?? products.find((p) => p.sku === ref)
  const items = cart.map((i) => {
    const p = find(i.product_retailer_id)
    return {
      product_id: p ? Number(p.id) : null,
      retailer_id: i.product_retailer_id,
      name: p ? String(p.name) : i.product_retailer_id,
      quantity: i.quantity,
      unit_price: p ? Number(p.price_minor) : Math.max(0, Math.round((Number(i.item_price) || 0) * 100)),
      currency: p ? String(p.currency) : (i.currency ?? null),
    }
  })
  const currency = items.find((i) => i.currency)?.currency ?? "USD"
  const total = items.reduce((sum, i) => sum + i.quantity * i.unit_price, 0)
  const stored = items.map(({ currency: _, ...item }) => item)
  const [row] = rowsOf(
    await db.execute(sql`WITH n AS (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id)
    INSERT INTO orders (id, client_id, contact_id, conversation_id, order_number, status, items, total_minor, currency, catalogue_ref)
    SELECT n.id, ${clientId}, ${message.contactId}, ${message.conversationId}, 'ORD-' || lpad(n.id::text, 6, '0'), 'received',
      ${JSON.stringify(stored)}::jsonb, ${total}, ${currency}, ${String((message.payload.order as { catalog_id?: unknown })?.catalog_id ?? "") || null}
    FROM n RETURNING id`),
  )
  await enqueue(db, {
    kind: "orders.notify",
    clientId,
    payload: { order_id: Number(row.id), status: "received" },
    idempotencyKey: `orders.notify:${Number(row.id)}:received`,
  })
  return Number(row.id)
}
