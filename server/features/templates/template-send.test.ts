/**
 * Individual template sends on both databases: the cost shown before sending is what the ledger takes, in the
 * transaction that records the message; an empty balance refuses with 402 and sends nothing; the customer's phone
 * shows the filled-in template and its statuses come back; a customer who wrote STOP is refused (409) until Clear
 * number; Check number answers the channel's rule; tenant two reaches none of it.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { draft, settled } from "./templates.testing"

const t = (name: Parameters<typeof callOf<"templates">>[1]) => callOf("templates", name)
const tools = (name: Parameters<typeof callOf<"templateTools">>[1]) => callOf("templateTools", name)

describe.each(DB_KINDS)("template sends on %s", (kind) => {
  const ctx = useServer(kind)
  const h: Record<string, Record<string, string>> = {}
  const balance = async (who = "admin") => (await send(ctx.url, callOf("auth", "getClientBalance"), {}, h[who])).body.data.balance as number
  const phone = async (number: string) =>
    (await (await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)).json())
      .data.items as { body: string; status: string; externalId?: string; id?: string }[]
  const sendTo = (number: string, params = ["Ayşe", "A-100"], who = "admin") =>
    send(ctx.url, t("sendTemplateMessageText"), { template_name: "order_ready", language: "en", to: [number], params }, h[who])

  beforeAll(async () => {
    for (const name of ["admin", "admin2", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
    await send(ctx.url, t("templateMessageCreate"), draft("order_ready"), h.admin)
    expect((await settled(ctx.url, h.admin, "order_ready")).status).toBe("APPROVED")
  })

  it("refuses with 402 on an empty balance and sends nothing; after a top-up the cost shown is the cost taken", async () => {
    // Whatever the seed left, a price above the balance leaves it short (the credit allowance is 0 unless granted).
    const start = await balance()
    const price = (n: number) => send(ctx.url, tools("templatePriceSet"), { category: "UTILITY", price: n }, h.superadmin)
    await price(Math.max(0, Math.ceil(start)) + 1)
    const refused = await sendTo("+905551230001")
    expect(refused.status).toBe(402)
    expect(refused.body.error.code).toBe("INSUFFICIENT_BALANCE")
    expect(await phone("+905551230001")).toEqual([])
    expect(await balance()).toBe(start)
    await price(0.02)
    await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: 10, reason: "Template test" }, h.superadmin)
    const before = await balance()
    const cost = shaped(
      t("costTemplate"),
      (await send(ctx.url, t("costTemplate"), { template_name: "order_ready", recipients: 1 }, h.admin)).body,
    ).data
    expect(cost).toMatchObject({ category: "UTILITY", unit_cost: 0.02, total_cost: 0.02, currency: "USD" })
    expect(cost.balance_after).toBeCloseTo(before - 0.02, 2)
    const sent = await sendTo("+905551230001")
    expect(sent.status).toBe(200)
    expect(shaped(t("sendTemplateMessageText"), sent.body).data.messages).toMatchObject([{ number: "+905551230001", status: "sent" }])
    expect(await balance()).toBeCloseTo(cost.balance_after, 2)
    const received = await phone("+905551230001")
    expect(received.map((m) => m.body)).toEqual(["Hello Ayşe, your order A-100 ships today."])
  })

  it("refuses wrong parameters with a 400 and charges nothing", async () => {
    const before = await balance()
    const few = await sendTo("+905551230002", ["only one"])
    expect(few.status).toBe(400)
    expect(few.body.error.field).toBe("params")
    expect(await balance()).toBe(before)
  })

  it("a customer who writes STOP is refused until Clear number; Check number says so", async () => {
    const number = "+905551230003"
    expect((await customerWrites(ctx.server, number, { text: "  STOP " })).status).toBe(200)
    const refused = await sendTo(number)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe("OPTED_OUT")
    const checked = await send(ctx.url, tools("templateNumbersCheck"), { numbers: [number, "+905551230000", "+905551239999"] }, h.admin)
    expect(shaped(tools("templateNumbersCheck"), checked.body).data).toEqual([
      { number, on_whatsapp: true, blacklisted: true },
      { number: "+905551230000", on_whatsapp: false, blacklisted: false },
      { number: "+905551239999", on_whatsapp: true, blacklisted: false },
    ])
    await devFetch(ctx.server, "/dev/templates/numbers", { clientId: 1, number: "+905551239999", on_whatsapp: false })
    expect((await send(ctx.url, tools("templateNumbersCheck"), { numbers: ["+905551239999"] }, h.admin)).body.data[0].on_whatsapp).toBe(
      false,
    )
    const list = await send(ctx.url, t("templateRecipientsBlacklist"), {}, h.admin)
    expect(list.body.data.map((x: { number: string }) => x.number)).toContain(number)
    // Tenant two neither sees nor clears it.
    expect(
      (await send(ctx.url, t("templateRecipientsBlacklist"), {}, h.admin2)).body.data.map((x: { number: string }) => x.number),
    ).not.toContain(number)
    expect((await send(ctx.url, tools("templateNumbersClear"), { numbers: [number] }, h.admin2)).body.data).toEqual({
      cleared: [],
      not_listed: [number],
    })
    const cleared = await send(ctx.url, tools("templateNumbersClear"), { numbers: [number, "+905551230004"] }, h.admin)
    expect(cleared.body.data).toEqual({ cleared: [number], not_listed: ["+905551230004"] })
    expect((await sendTo(number)).status).toBe(200)
  })

  it("İPTAL and إلغاء opt out too; other words do not", async () => {
    for (const [number, text] of [
      ["+905551230005", "İptal"],
      ["+905551230006", "إلغاء"],
      ["+905551230007", "stop please"],
    ]) {
      await customerWrites(ctx.server, number, { text })
    }
    const checked = await send(
      ctx.url,
      tools("templateNumbersCheck"),
      { numbers: ["+905551230005", "+905551230006", "+905551230007"] },
      h.admin,
    )
    expect(checked.body.data.map((x: { blacklisted: boolean }) => x.blacklisted)).toEqual([true, true, false])
  })

  it("statuses come back from the channel; tenant two cannot send tenant one's template or see its cost", async () => {
    const number = "+905551230008"
    expect((await sendTo(number)).status).toBe(200)
    const until = Date.now() + 5000
    let items = await phone(number)
    while (items[0]?.status !== "delivered" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      items = await phone(number)
    }
    expect(items[0].status).toBe("delivered")
    expect((await sendTo("+905551230009", ["a", "b"], "admin2")).status).toBe(404)
    expect((await send(ctx.url, t("costTemplate"), { template_name: "order_ready", recipients: 1 }, h.admin2)).status).toBe(404)
  })

  it("the super admin sets a category's price and the cost follows", async () => {
    expect((await send(ctx.url, tools("templatePriceSet"), { category: "UTILITY", price: 0.03 }, h.admin)).status).toBe(403)
    expect((await send(ctx.url, tools("templatePriceSet"), { category: "UTILITY", price: 0.03 }, h.superadmin)).status).toBe(200)
    const cost = await send(ctx.url, t("costTemplate"), { template_name: "order_ready", recipients: 3 }, h.admin)
    expect(cost.body.data).toMatchObject({ unit_cost: 0.03, total_cost: 0.09 })
    const admin = await send(ctx.url, t("costTemplateAdmin"), { template_name: "order_ready", recipients: 1, client_id: 1 }, h.superadmin)
    expect(admin.body.data.unit_cost).toBe(0.03)
  })

  it("lists what was sent with the channel's status: by status, by number, counted, per template; tenant two sees none", async () => {
    const number = "+905551230010"
    expect((await sendTo(number)).status).toBe(200)
    const list = async (name: Parameters<typeof t>[0], payload: Record<string, unknown>, who = "admin") =>
      send(ctx.url, t(name), payload, h[who])
    const mine = await list("templateSearchNumber", { number })
    expect(shaped(t("templateSearchNumber"), mine.body).data.items).toMatchObject([
      { number, template_name: "order_ready", campaign_id: null },
    ])
    const until = Date.now() + 5000
    let delivered = await list("outgoingMessageStatus", { status: "delivered", message_ids: [mine.body.data.items[0].external_id] })
    while (delivered.body.data.totalItems === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      delivered = await list("outgoingMessageStatus", { status: "delivered", message_ids: [mine.body.data.items[0].external_id] })
    }
    expect(delivered.body.data.items.map((m: { number: string }) => m.number)).toEqual([number])
    const all = await list("templateMessages", { limit: 100 })
    expect(all.body.data.totalItems).toBeGreaterThanOrEqual(3)
    const meta = shaped(t("templateOutboxMetaData"), (await list("templateOutboxMetaData", {})).body).data
    expect(meta.total).toBe(all.body.data.totalItems)
    const again = await login(ctx.url, "admin")
    const apiKey = { "x-api-key": again.client_token }
    h.admin = as(again.user_token)
    const usage = await send(ctx.url, callOf("conversationTemplates", "templateUsageStats"), { template_name: "order_ready" }, apiKey)
    expect(usage.status).toBe(200)
    expect(usage.body.data[0]).toMatchObject({ template_name: "order_ready" })
    expect(usage.body.data[0].sent).toBe(
      all.body.data.items.filter((m: { template_name: string }) => m.template_name === "order_ready").length,
    )
    const monitored = await send(ctx.url, callOf("conversationTemplates", "templateMonitoring"), { limit: 5 }, apiKey)
    expect(monitored.body.data.totalItems).toBe(all.body.data.totalItems)
    expect((await list("templateMessages", {}, "admin2")).body.data.items.some((m: { number: string }) => m.number === number)).toBe(false)
    expect((await list("templateSearchNumber", { number }, "admin2")).body.data.totalItems).toBe(0)
    const acrossTenants = await list("outgoingMessageStatusAdmin", { client_id: 1, limit: 1000 }, "superadmin")
    expect(acrossTenants.body.data.totalItems).toBe(all.body.data.totalItems)
  })

  it("lists the customers whose 24-hour window is open", async () => {
    const number = "+905551230011"
    await customerWrites(ctx.server, number, { text: "Hello" })
    const sessions = await send(ctx.url, t("fetchActiveSessions"), { search: "5551230011" }, h.admin)
    expect(shaped(t("fetchActiveSessions"), sessions.body).data.items).toMatchObject([{ number, channel_type: "whatsapp" }])
    expect((await send(ctx.url, t("fetchActiveSessions"), { search: "5551230011" }, h.admin2)).body.data.totalItems).toBe(0)
  })
})
