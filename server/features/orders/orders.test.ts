/**
 * Orders on both databases: a customer's WhatsApp order becomes an order with its items priced from the catalogue,
 * statuses move only along the allowed transitions (others: 409 naming the current status), each change reaches the
 * customer's phone and the conversation, outside the 24-hour window only as the approved template; filters and
 * tenant isolation.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"

const O = (name: "orders" | "orderUpdateStatus") => callOf("chatbots", name)

const phoneOf = async (server: TestServer, number: string) => {
  const got = await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
  return ((await got.json()) as { data: { items: { type: string; body: string }[] } }).data.items
}
const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  let value = await read()
  for (let i = 0; i < 60 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 150))
    value = await read()
  }
  return value
}

describe.each(DB_KINDS)("orders on %s", (kind) => {
  const ctx = useServer(kind)

  const placeOrder = async (h: Record<string, string>, number: string, sku: string): Promise<any> => {
    await send(
      ctx.url,
      callOf("catalogues", "productInsert"),
      { sku, name: `Pizza ${sku}`, price: 1250, currency: "EUR", stock: 9, retailer_id: `r-${sku}` },
      h,
    )
    const placed = await customerWrites(ctx.server, number, {
      type: "order",
      order: {
        product_items: [
          { product_retailer_id: `r-${sku}`, quantity: 2 },
          { product_retailer_id: "unknown-item", quantity: 1 },
        ],
      },
    })
    expect(placed.status).toBe(200)
    const list = await until(
      async () => (await send(ctx.url, O("orders"), { number }, h)).body.data.items,
      (items: unknown[]) => items.length > 0,
    )
    return list[0]
  }

  it("turns a customer's order message into an order priced from the catalogue and tells the customer it was received", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const order = await placeOrder(h, "+905550023001", "PZ-1")
    expect(order).toMatchObject({
      status: "received",
      number: "+905550023001",
      total: 2500,
      currency: "EUR",
      items: [
        expect.objectContaining({ name: "Pizza PZ-1", quantity: 2, unit_price: 1250, retailer_id: "r-PZ-1" }),
        expect.objectContaining({ name: "unknown-item", quantity: 1, unit_price: 0, product_id: null }),
      ],
    })
    expect(order.order_number).toMatch(/^ORD-\d{6,}$/)
    const phone = await until(
      () => phoneOf(ctx.server, "+905550023001"),
      (m) => m.length > 0,
    )
    expect(phone[0].body).toContain(`We received your order ${order.order_number}`)
    const listed = await send(ctx.url, O("orders"), { status: "received", search: order.order_number }, h)
    expect(shaped(O("orders"), listed.body).data.items.map((o: { id: number }) => o.id)).toEqual([order.id])
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    expect((await send(ctx.url, O("orders"), { start_date: tomorrow, search: order.order_number }, h)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, O("orders"), { status: "delivered", search: order.order_number }, h)).body.data.totalItems).toBe(0)
  })

  it("moves only along received → confirmed → preparing → shipped → delivered, cancels before shipping, and tells the customer each step", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const number = "+905550023002"
    const order = await placeOrder(h, number, "PZ-2")
    await until(
      () => phoneOf(ctx.server, number),
      (m) => m.length > 0,
    )
    const move = (status: string, note?: string) => send(ctx.url, O("orderUpdateStatus"), { id: order.id, status, note }, h)
    const refused = await move("shipped")
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: "ORDER_STATUS", field: "status" })
    expect(refused.body.error.message).toContain("received")
    for (const status of ["confirmed", "preparing", "shipped"]) {
      const moved = await move(status, status === "shipped" ? "Courier 42" : undefined)
      expect(moved.status).toBe(200)
      expect(shaped(O("orderUpdateStatus"), moved.body).data.status).toBe(status)
    }
    const late = await move("cancelled")
    expect(late.status).toBe(409)
    expect(late.body.error.message).toContain("shipped")
    expect((await move("delivered")).body.data).toMatchObject({ status: "delivered", note: "Courier 42" })
    expect((await move("confirmed")).status).toBe(409)
    const phone = await until(
      () => phoneOf(ctx.server, number),
      (m) => m.length >= 5,
    )
    expect(phone.map((m) => m.body)).toEqual([
      expect.stringContaining("received"),
      expect.stringContaining("is confirmed"),
      expect.stringContaining("being prepared"),
      expect.stringContaining("on its way"),
      expect.stringContaining("was delivered"),
    ])
    // Each change is in the conversation, sent by the agent who made it.
    const thread = (
      await ctx.server.services.database.query(
        "SELECT m.body, m.sender_user_id FROM messages m WHERE m.conversation_id = $1 AND m.direction = 'out' ORDER BY m.id",
        [order.conversation_id],
      )
    ).rows
    expect(thread.map((m) => String(m.body))).toEqual(phone.map((m) => m.body))
    expect(thread[1].sender_user_id).not.toBeNull()

    const other = await placeOrder(h, "+905550023003", "PZ-3")
    expect((await send(ctx.url, O("orderUpdateStatus"), { id: other.id, status: "cancelled" }, h)).body.data.status).toBe("cancelled")
  })

  it("outside the 24-hour window sends the status only as the approved order_status template", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const number = "+905550023004"
    const order = await placeOrder(h, number, "PZ-4")
    await until(
      () => phoneOf(ctx.server, number),
      (m) => m.length > 0,
    )
    const db = ctx.server.services.database
    await db.query("UPDATE contacts SET last_inbound_at = now() - interval '2 days' WHERE client_id = 1 AND number = $1", [number])
    expect((await send(ctx.url, O("orderUpdateStatus"), { id: order.id, status: "confirmed" }, h)).status).toBe(200)
    expect(await phoneOf(ctx.server, number)).toHaveLength(1)
    await db.query(
      "INSERT INTO templates (client_id, name, language, body, params, status) VALUES (1, 'order_status', 'en', 'Order {{1}} is now {{2}}.', '[]', 'APPROVED')",
    )
    expect((await send(ctx.url, O("orderUpdateStatus"), { id: order.id, status: "preparing" }, h)).status).toBe(200)
    // Handed to the channel by the chat outbox right after the commit.
    const phone = await until(
      () => phoneOf(ctx.server, number),
      (m) => m.length >= 2,
    )
    expect(phone).toHaveLength(2)
    expect(phone[1]).toMatchObject({ type: "template", body: `Order ${order.order_number} is now preparing.` })
  })

  it("shows another tenant none of the orders and lets it change none", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const other = as((await login(ctx.url, "admin2")).user_token)
    const order = await placeOrder(h, "+905550023005", "PZ-5")
    expect((await send(ctx.url, O("orders"), { search: order.order_number }, other)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, O("orderUpdateStatus"), { id: order.id, status: "confirmed" }, other)).status).toBe(404)
    expect((await send(ctx.url, O("orderUpdateStatus"), { id: order.id, status: "packed" }, h)).status).toBe(400)
  })
})
