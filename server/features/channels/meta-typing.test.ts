/**
 * The agent's typing indicator through the fake Meta (GRAPH_BASE_URL=self): WhatsApp gets Meta's read mark with
 * `typing_indicator` on the customer's last message, Messenger and Instagram `sender_action` typing_on / typing_off;
 * nothing is stored and nothing is sent for a tenant's number the customer never wrote to.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { connectNumber, connectPage, dev, eventually } from "./channels.testing"

const typing = (to: string, state: "typing" | "paused") => ({
  type: "typing_indicator",
  typing_indicator: { to: [to], message: { state } },
})

describe.each(DB_KINDS)("the agent's typing indicator at Meta (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const byType = callOf("chat", "messagesSendByType")
  const actionsOf = async (id: string) => (await dev(ctx.server, `/dev/meta/actions?id=${id}`)).body.data.items as any[]
  const messageCount = async () =>
    Number((await ctx.server.services.database.query("SELECT count(*)::int AS n FROM messages WHERE client_id = 1")).rows[0].n)

  it("WhatsApp: Meta's typing indicator on the customer's last message; paused sends nothing", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const number = await connectNumber(ctx.server, admin, 1, "310000000000001", "typing")
    const writes = (text: string) =>
      dev(ctx.server, "/dev/meta/customer-writes", { phone_number_id: number.phoneNumberId, from: "16505550101", text })
    await writes("Hello")
    const last = await writes("Is my order ready?")
    expect(last.body.data.status).toBe(200)
    const history = () => send(ctx.url, callOf("chat", "agentHistoryChat"), { number: "+16505550101", limit: 10 }, admin)
    await eventually(async () => (await history()).body.data.items.some((m: any) => m.external_id === last.body.data.id))
    const stored = await messageCount()

    const shown = await send(ctx.url, byType, typing("+16505550101", "typing"), admin)
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(await actionsOf(number.phoneNumberId)).toMatchObject([{ action: "typing", to: "16505550101", messageId: last.body.data.id }])
    expect((await send(ctx.url, byType, typing("+16505550101", "paused"), admin)).status).toBe(200)
    expect(await actionsOf(number.phoneNumberId)).toHaveLength(1)
    expect(await messageCount()).toBe(stored)
    // Another tenant's agent cannot type to this customer.
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, byType, typing("+16505550101", "typing"), admin2)).status).toBe(404)
    expect(await actionsOf(number.phoneNumberId)).toHaveLength(1)
  })

  it("Messenger and Instagram: sender_action typing_on, then typing_off", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    await connectPage(ctx.server, admin, 1, "4100001", "17841410000000001")
    for (const [id, from] of [
      ["4100001", "7100000000000001"],
      ["17841410000000001", "7100000000000002"],
    ]) {
      const wrote = await dev(ctx.server, "/dev/meta/page-writes", { page_id: id, from, text: "Are you there?" })
      expect(wrote.body.data.status).toBe(200)
      await eventually(
        async () => (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number: from, limit: 5 }, admin)).body.data.items.length,
      )
      expect((await send(ctx.url, byType, typing(from, "typing"), admin)).status).toBe(200)
      expect((await send(ctx.url, byType, typing(from, "paused"), admin)).status).toBe(200)
      // Instagram through Facebook Login acts from its linked page, as its sends do.
      expect((await actionsOf("4100001")).filter((a) => a.to === from).map((a) => [a.to, a.action])).toEqual([
        [from, "typing_on"],
        [from, "typing_off"],
      ])
    }
  })
})
