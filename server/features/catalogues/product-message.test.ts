/**
 * An agent sends the tenant's products from the composer through the chat's one send path (/messages/send/products),
 * on both databases: one product with a retailer id in a catalogue Meta knows goes as WhatsApp's product message, one
 * without as its image and text, several as the bots' product list; web chat gets the text. Another tenant's or an
 * unknown product id is refused naming it, an out-of-stock one too, and outside the 24-hour window it is refused as
 * any free-form message; nothing is stored when refused.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { catalogue } from "../../../src/contract/catalogue"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"

const chat = catalogue.chat.calls
const C = (name: keyof typeof catalogue.catalogues.calls) => callOf("catalogues", name)

describe.each(DB_KINDS)("products sent from the composer on %s", (kind) => {
  const ctx = useServer(kind)
  let agent: Record<string, string> = {}
  let admin: Record<string, string> = {}
  const ids: Record<string, number> = {}

  const sql = (query: string, params: unknown[] = []) => ctx.server.services.database.query(query, params)
  const sendProducts = (to: string, product_ids: number[]) =>
    send(ctx.url, callOf("chat", "messagesSendByType"), { type: "products", products: { to: [to], message: { product_ids } } }, agent)
  const phoneOf = async (number: string, channel = "whatsapp") =>
    (
      (await (
        await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=${channel}&number=${encodeURIComponent(number)}`)
      ).json()) as { data: { items: { type: string; body: string; attachments: { url: string }[] }[] } }
    ).data.items
  const storedOf = async (number: string) =>
    shaped(chat.agentHistoryChat, (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number, limit: 20 }, agent)).body).data.items

  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
    agent = as((await login(ctx.url, "agent1")).user_token)
    const shop = (await send(ctx.url, C("catalogueCreate"), { name: "Composer shop" }, admin)).body.data
    await sql("UPDATE catalogues SET external_id = 'meta-cat-77' WHERE id = $1", [shop.id])
    const insert = async (body: Record<string, unknown>, headers = admin) => {
      const reply = await send(ctx.url, C("productInsert"), { currency: "USD", stock: 5, ...body }, headers)
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return reply.body.data.id as number
    }
    ids.cake = await insert({ sku: "CP-1", name: "Pistachio cake", price: 1250, catalogue_id: shop.id, retailer_id: "cake-77" })
    ids.tart = await insert({ sku: "CP-2", name: "Lemon tart", price: 375, image_url: "https://cdn.example.com/tart.jpg" })
    ids.pie = await insert({ sku: "CP-3", name: "Apple pie", price: 900, description: "Warm, with cinnamon" })
    ids.gone = await insert({ sku: "CP-4", name: "Sold-out scone", price: 200, stock: 0 })
    ids.foreign = await insert({ sku: "CP-9", name: "Their bread", price: 100 }, as((await login(ctx.url, "admin2")).user_token))
  })

  it("an agent (no catalogue permission) lists the tenant's in-stock products to pick from, best match first", async () => {
    expect((await send(ctx.url, C("products"), {}, agent)).status).toBe(403)
    const all = shaped(
      catalogue.chatProducts.calls.chatProducts,
      (await send(ctx.url, callOf("chatProducts", "chatProducts"), {}, agent)).body,
    )
    const names = all.data.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(["Apple pie", "Lemon tart", "Pistachio cake"]))
    expect(names).not.toContain("Sold-out scone")
    expect(names).not.toContain("Their bread")
    const typo = (await send(ctx.url, callOf("chatProducts", "chatProducts"), { search: "pistacho" }, agent)).body.data
    expect(typo[0]?.name).toBe("Pistachio cake")
    expect((await send(ctx.url, callOf("chatProducts", "chatProducts"), { search: "bread" }, agent)).body.data).toEqual([])
  })

  it("one catalogued product reaches the phone as WhatsApp's product message and the thread shows name and price", async () => {
    const number = "+905551230101"
    await customerWrites(ctx.server, number)
    const reply = await sendProducts(number, [ids.cake!])
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(await phoneOf(number)).toMatchObject([{ type: "interactive", body: "Pistachio cake\n12.50 USD" }])
    const [last] = await storedOf(number)
    expect(last).toMatchObject({
      direction: "outbound",
      type: "interactive",
      body: "Pistachio cake\n12.50 USD",
      agent_name: expect.any(String),
    })
    expect(last?.interactive).toMatchObject({ type: "product", body: "Pistachio cake\n12.50 USD" })
  })

  it("a product without a retailer id goes as its image with name and price; several go as the product list", async () => {
    const number = "+905551230102"
    await customerWrites(ctx.server, number)
    expect((await sendProducts(number, [ids.tart!])).status).toBe(200)
    expect((await sendProducts(number, [ids.pie!, ids.cake!, ids.pie!])).status).toBe(200)
    const phone = await phoneOf(number)
    expect(phone.map((m) => m.type)).toEqual(["image", "interactive"])
    expect(phone[0]).toMatchObject({ body: "Lemon tart\n3.75 USD", attachments: [{ url: "https://cdn.example.com/tart.jpg" }] })
    expect(phone[1]?.body).toContain("1. Apple pie: 9.00 USD\nWarm, with cinnamon\n\n2. Pistachio cake: 12.50 USD")
    const [list] = await storedOf(number)
    expect(list?.body).toContain("1. Apple pie: 9.00 USD\nWarm, with cinnamon")
    expect(list?.interactive?.actions_list.buttons).toEqual([{ title: "Apple pie" }, { title: "Pistachio cake" }])
  })

  it("web chat gets the plain text", async () => {
    const number = "+905551230103"
    await customerWrites(ctx.server, number, { channel: "webchat" })
    expect((await sendProducts(number, [ids.cake!])).status).toBe(200)
    const [last] = await storedOf(number)
    expect(last).toMatchObject({ type: "text", body: "Pistachio cake\n12.50 USD", interactive: null })
  })

  it("refuses another tenant's, unknown and out-of-stock products naming them, and sends nothing", async () => {
    const number = "+905551230104"
    await customerWrites(ctx.server, number)
    const before = (await storedOf(number)).length
    const foreign = await sendProducts(number, [ids.cake!, ids.foreign!, 99999999])
    expect(foreign.status).toBe(400)
    expect(foreign.body.error).toMatchObject({ field: "product_ids", message: `Unknown products: ${ids.foreign}, 99999999` })
    const gone = await sendProducts(number, [ids.gone!])
    expect(gone.status).toBe(400)
    expect(gone.body.error.message).toBe(`Out of stock: Sold-out scone (${ids.gone})`)
    expect(
      (
        await sendProducts(
          number,
          Array.from({ length: 11 }, () => ids.cake!),
        )
      ).status,
    ).toBe(400)
    expect((await storedOf(number)).length).toBe(before)
    expect(await phoneOf(number)).toHaveLength(0)
  })

  it("outside the 24-hour window it is refused like text (409 WINDOW_CLOSED)", async () => {
    const number = "+905551230105"
    await customerWrites(ctx.server, number)
    await sql("UPDATE contacts SET last_inbound_at = now() - interval '25 hours' WHERE client_id = 1 AND number = $1", [number])
    const late = await sendProducts(number, [ids.cake!])
    expect(late.status).toBe(409)
    expect(late.body.error.code).toBe("WINDOW_CLOSED")
    expect(await storedOf(number)).toHaveLength(1)
  })
})
