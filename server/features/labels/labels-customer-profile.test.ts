/** The chat's customer panel on both databases: contacts.fetchCustomerProfile and contacts.updateCustomerAttributes. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { io } from "socket.io-client"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const profile = callOf("contacts", "fetchCustomerProfile")
const update = callOf("contacts", "updateCustomerAttributes")

describe.each(DB_KINDS)("customer profile on %s", (kind) => {
  const ctx = useServer(kind)
  const rows = async (q: ReturnType<typeof sql>) => ((await ctx.server.services.database.db.execute(q)) as unknown as { rows: any[] }).rows

  it("shows the customer with their conversations, open tickets and the labels on their chats", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const [c] =
      await rows(sql`SELECT ct.id, ct.number, ct.name, cv.id AS conversation_id FROM contacts ct JOIN conversations cv ON cv.contact_id = ct.id
      WHERE ct.client_id = 1 AND cv.status <> 'closed' ORDER BY ct.id LIMIT 1`)
    const before = (await send(ctx.url, profile, { number: c.number }, h)).body.data
    expect(before).toMatchObject({ id: c.id, number: c.number, name: c.name })
    expect(before.conversations).toBeGreaterThanOrEqual(1)
    expect(before.last_conversation_at).not.toBeNull()
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM tickets t LEFT JOIN conversations cv ON cv.id = t.conversation_id
      WHERE t.status <> 'Resolved' AND coalesce(t.contact_id, cv.contact_id) = ${c.id}`)
    expect(before.open_tickets).toBe(Number(n))
    const label = (await send(ctx.url, callOf("tagging", "createLabel"), { name: "Loyal", color: "#8f398f" }, h)).body.data
    await send(ctx.url, callOf("tagging", "labelUser"), { label_id: label.id, conversation_id: c.conversation_id }, h)
    const after = (await send(ctx.url, profile, { number: c.number }, h)).body.data
    expect(after.labels).toContain("Loyal")
    expect((await send(ctx.url, profile, { number: "+19999999999" }, h)).status).toBe(404)
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, profile, { number: c.number }, h2)).status).toBe(404)
  })

  it("merges attributes (null removes one), edits name and email, and tells agents the new name", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const [c] =
      await rows(sql`SELECT ct.number, ct.attributes, cv.id AS conversation_id FROM contacts ct JOIN conversations cv ON cv.contact_id = ct.id
      WHERE ct.client_id = 1 AND cv.status <> 'closed' ORDER BY ct.id DESC LIMIT 1`)
    const socket = io(ctx.url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      auth: { user_token: admin.user_token },
      reconnection: false,
      forceNew: true,
    })
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()))
    try {
      const renamed = new Promise<any>((resolve) =>
        socket.on("chat:conversation", (p: any) => p.conversation.id === c.conversation_id && resolve(p)),
      )
      const reply = await send(
        ctx.url,
        update,
        {
          number: c.number,
          name: "Selin Yıldız",
          email: "selin@mail.example",
          attributes: { tier: "gold", city: null, orders: 3 },
        },
        h,
      )
      expect(reply.status).toBe(200)
      const contact = reply.body.data
      expect(contact).toMatchObject({ number: c.number, name: "Selin Yıldız", email: "selin@mail.example" })
      const expected = { ...c.attributes, tier: "gold", orders: 3 }
      delete expected.city
      expect(contact.attributes).toEqual(expected)
      expect((await renamed).conversation.name).toBe("Selin Yıldız")
      expect((await send(ctx.url, profile, { number: c.number }, h)).body.data.attributes).toEqual(expected)
    } finally {
      socket.close()
    }
    expect((await send(ctx.url, update, { number: c.number }, h)).status).toBe(400)
    expect((await send(ctx.url, update, { number: c.number, email: "nope" }, h)).body.error.field).toBe("email")
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]))
    const tooMany = await send(ctx.url, update, { number: c.number, attributes: many }, h)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error.field).toBe("attributes")
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, update, { number: c.number, name: "hijacked" }, h2)).status).toBe(404)
  })
})
