/**
 * A tenant's shop: catalogues with products (each photo a stored file, ./media.ts) and its customers' orders in every
 * state, each order from a WhatsApp customer's conversation, numbered and priced as orders/order-hook.ts does
 * ('ORD-' and the order's id; items at the catalogue's price in minor units), dated in the past.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { catalogues, products } from "../schema/commerce"
import { storeMedia } from "./media"
import { makeRng } from "./prng"

const HOUR = 3_600_000

interface ProductSeed {
  readonly name: string
  readonly sku: string
  readonly description: string
  readonly price: number
  readonly stock: number
}

export interface ShopPlan {
  readonly clientId: number
  readonly catalogues: readonly { readonly name: string; readonly description: string; readonly products: readonly ProductSeed[] }[]
  readonly orders: number
  readonly seed: number
}

/** The order states in the order a shop moves through them; some orders stop at each. */
const STATES = ["received", "confirmed", "preparing", "shipped", "delivered", "delivered", "cancelled"] as const

export const seedShop = async (db: Db, plan: ShopPlan) => {
  const rng = makeRng(plan.seed)
  const { clientId } = plan
  const made: { id: number; name: string; sku: string; price: number }[] = []
  for (const c of plan.catalogues) {
    const [catalogue] = await db.insert(catalogues).values({ clientId, name: c.name, description: c.description }).returning()
    const photos = await storeMedia(
      db,
      clientId,
      c.products.map(() => ({ kind: "image" as const, messageId: null })),
    )
    const rows = await db
      .insert(products)
      .values(
        c.products.map((p, i) => ({
          clientId,
          catalogueId: catalogue.id,
          name: p.name,
          sku: p.sku,
          retailerId: p.sku.toLowerCase(),
          description: p.description,
          priceMinor: p.price,
          stock: p.stock,
          imageFileId: photos[i],
        })),
      )
      .returning()
    made.push(...rows.map((r) => ({ id: r.id, name: r.name, sku: r.sku, price: r.priceMinor })))
  }
  // Orders come from WhatsApp customers, in their conversation.
  const buyers = rowsOf(
    await db.execute(sql`SELECT DISTINCT ON (ct.id) ct.id AS contact_id, c.id AS conversation_id, c.started_at
      FROM contacts ct JOIN conversations c ON c.contact_id = ct.id
      WHERE ct.client_id = ${clientId} AND ct.channel = 'whatsapp' AND NOT ct.blocked ORDER BY ct.id, c.started_at DESC`),
  )
  const now = Date.now()
  const orders = Array.from({ length: Math.min(plan.orders, buyers.length) }, (_, i) => {
    const buyer = buyers[i]
    const items = Array.from({ length: rng.int(1, 3) }, () => rng.pick(made)).map((p) => ({
      product_id: p.id,
      retailer_id: p.sku.toLowerCase(),
      name: p.name,
      quantity: rng.int(1, 3),
      unit_price: p.price,
    }))
    const state = STATES[i % STATES.length]
    // Ordered after the conversation started; the last change (updated_at) later, both before now.
    const created = Math.min(new Date(String(buyer.started_at)).getTime() + rng.int(1, 30) * 60_000, now - HOUR)
    const updated = state === "received" ? created : Math.min(created + rng.int(1, 72) * HOUR, now - 60_000)
    return {
      contact_id: Number(buyer.contact_id),
      conversation_id: Number(buyer.conversation_id),
      status: state,
      items,
      total: items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0),
      created: new Date(created).toISOString(),
      updated: new Date(updated).toISOString(),
      note: state === "cancelled" ? "The customer changed their mind" : null,
    }
  })
  if (orders.length === 0) return
  await db.execute(sql`WITH x AS (
      SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, x.* FROM jsonb_to_recordset(${JSON.stringify(orders)}::jsonb)
        AS x(contact_id int, conversation_id int, status text, items jsonb, total bigint, created text, updated text, note text))
    INSERT INTO orders (id, client_id, contact_id, conversation_id, order_number, status, items, total_minor, currency, note, created_at, updated_at)
    SELECT x.id, ${clientId}, x.contact_id, x.conversation_id, 'ORD-' || lpad(x.id::text, 6, '0'), x.status, x.items, x.total, 'USD', x.note,
      x.created::timestamptz, x.updated::timestamptz FROM x`)
}

export const ACME_SHOP: Omit<ShopPlan, "clientId"> = {
  seed: 505,
  orders: 14,
  catalogues: [
    {
      name: "Electronics",
      description: "Phones, audio and accessories",
      products: [
        { name: "Wireless earbuds", sku: "ACME-EAR-01", description: "Noise-cancelling, 24 h battery", price: 4990, stock: 120 },
        { name: "USB-C charger 30 W", sku: "ACME-CHG-30", description: "Fast charger for phones and tablets", price: 1990, stock: 340 },
        { name: "Smart watch", sku: "ACME-WCH-02", description: "Heart rate, GPS, 7-day battery", price: 12900, stock: 45 },
        { name: "Bluetooth speaker", sku: "ACME-SPK-05", description: "Waterproof, 12 h of music", price: 3990, stock: 0 },
        { name: "Phone case", sku: "ACME-CASE-11", description: "Shock-absorbing silicone", price: 1290, stock: 500 },
      ],
    },
    {
      name: "Home & living",
      description: "For the kitchen and the living room",
      products: [
        { name: "Desk lamp", sku: "ACME-LMP-03", description: "Dimmable LED, warm to cool light", price: 2990, stock: 60 },
        { name: "Coffee grinder", sku: "ACME-GRD-07", description: "Conical burr, 15 settings", price: 5490, stock: 25 },
        { name: "Throw blanket", sku: "ACME-BLK-09", description: "Soft fleece, 130 × 170 cm", price: 2490, stock: 80 },
      ],
    },
  ],
}

export const GLOBEX_SHOP: Omit<ShopPlan, "clientId"> = {
  seed: 606,
  orders: 4,
  catalogues: [
    {
      name: "Pantry",
      description: "Dry goods delivered next day",
      products: [
        { name: "Basmati rice 5 kg", sku: "GLX-RICE-5", description: "Aged long-grain rice", price: 1850, stock: 90 },
        { name: "Olive oil 1 l", sku: "GLX-OIL-1", description: "Extra virgin, cold pressed", price: 1200, stock: 150 },
        { name: "Dates 1 kg", sku: "GLX-DATE-1", description: "Medjool dates", price: 2200, stock: 40 },
      ],
    },
  ],
}
