/** The eight auto-reply calls on both databases: saves pass the flow rules, away messages are their owner's, tenants are apart. */
import { describe, expect, it } from "vitest"
import type { CallName } from "../../../src/contract/catalogue"
import { salesFlow } from "../../../src/contract/chatbots/flows.testing"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const k = (name: CallName<"chatbots">) => callOf("chatbots", name)
const bot = (name: string) => ({
  name,
  trigger: { type: "keyword", match: "contains", keywords: ["menu"] },
  channel_type: "whatsapp",
  flow: salesFlow,
})
const away = {
  name: "Away",
  trigger: { type: "first_message" },
  channel_type: "whatsapp",
  flow: {
    start: "m",
    nodes: [
      { id: "m", kind: "message", text: "I am away until Monday", next: "h" },
      { id: "h", kind: "handoff" },
    ],
  },
}

describe.each(DB_KINDS)("auto-replies on %s", (kind) => {
  const ctx = useServer(kind)

  it("creates, lists, reads and changes a bot, and switches it off without touching its flow", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const created = await send(ctx.url, k("createAutoreply"), bot("Sales menu"), h)
    expect(created.status).toBe(200)
    const b = shaped(k("createAutoreply"), created.body).data
    expect(b).toMatchObject({ name: "Sales menu", active: true, self_service: false, owner_id: null, flow: salesFlow })
    const list = shaped(k("getAutoreply"), (await send(ctx.url, k("getAutoreply"), {}, h)).body).data
    expect(list.map((x: { id: number }) => x.id)).toContain(b.id)
    expect((await send(ctx.url, k("getAutoreplyById"), { id: b.id }, h)).body.data.name).toBe("Sales menu")
    const renamed = await send(ctx.url, k("updateAutoreply"), { id: b.id, name: "Menu", trigger: { type: "button", payload: "MENU" } }, h)
    expect(renamed.body.data).toMatchObject({ name: "Menu", trigger: { type: "button", payload: "MENU" }, flow: salesFlow })
    const off = await send(ctx.url, k("updateAttributeAutoreply"), { id: b.id, active: false, attributes: { team: "sales" } }, h)
    expect(off.body.data).toMatchObject({ active: false, attributes: { team: "sales" }, name: "Menu", flow: salesFlow })
  })

  it("refuses a flow that breaks the rules with a 400 naming the problem, and stores nothing", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = (await send(ctx.url, k("getAutoreply"), {}, h)).body.data.length
    const deadEnd = { start: "m", nodes: [{ id: "m", kind: "message", text: "Hi" }] }
    const r1 = await send(ctx.url, k("createAutoreply"), { ...bot("Broken"), flow: deadEnd }, h)
    expect(r1.status).toBe(400)
    expect(r1.body.error).toMatchObject({ field: "flow" })
    expect(r1.body.error.message).toContain("leads nowhere")
    const orphan = { ...salesFlow, nodes: [...salesFlow.nodes, { id: "lost", kind: "handoff" }] }
    expect((await send(ctx.url, k("createAutoreply"), { ...bot("Orphan"), flow: orphan }, h)).body.error.message).toContain(
      "lost cannot be reached",
    )
    const regex = { type: "keyword", match: "regex", keywords: ["(a+)+$"] }
    const r3 = await send(ctx.url, k("createAutoreply"), { ...bot("Regex"), trigger: regex }, h)
    expect(r3.status).toBe(400)
    expect(r3.body.error.field).toBe("trigger")
    expect(
      (await send(ctx.url, k("createAutoreply"), { ...bot("Bad kind"), flow: { start: "x", nodes: [{ id: "x", kind: "jump" }] } }, h))
        .status,
    ).toBe(400)
    const good = (await send(ctx.url, k("createAutoreply"), bot("Good"), h)).body.data
    const r4 = await send(ctx.url, k("updateAutoreply"), { id: good.id, flow: deadEnd }, h)
    expect(r4.status).toBe(400)
    expect((await send(ctx.url, k("getAutoreplyById"), { id: good.id }, h)).body.data.flow).toEqual(salesFlow)
    expect((await send(ctx.url, k("getAutoreply"), {}, h)).body.data.length).toBe(before + 1)
  })

  it("keeps an agent's away message theirs: messages and a hand-off only, invisible to colleagues, not changed by the plain forms", async () => {
    const agent = await login(ctx.url, "agent1")
    const ha = as(agent.user_token)
    const mine = await send(ctx.url, k("createSelfAutoreply"), away, ha)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ self_service: true, owner_id: agent.user_data.id })
    expect((await send(ctx.url, k("createSelfAutoreply"), { ...away, flow: salesFlow }, ha)).body.error.message).toContain("away message")
    const off = await send(ctx.url, k("updateAttributeSelfAutoreply"), { id: mine.body.data.id, active: false }, ha)
    expect(off.body.data.active).toBe(false)
    // Agents may not build the tenant's bots.
    expect((await send(ctx.url, k("createAutoreply"), bot("Agent bot"), ha)).status).toBe(403)
    const admin = as((await login(ctx.url, "admin")).user_token)
    expect((await send(ctx.url, k("getAutoreplyById"), { id: mine.body.data.id }, admin)).status).toBe(404)
    expect((await send(ctx.url, k("updateSelfAutoreply"), { id: mine.body.data.id, name: "Mine now" }, admin)).status).toBe(404)
    expect((await send(ctx.url, k("getAutoreply"), {}, admin)).body.data.map((x: { id: number }) => x.id)).not.toContain(mine.body.data.id)
    const tenantBot = (await send(ctx.url, k("createAutoreply"), bot("Tenant"), admin)).body.data
    expect((await send(ctx.url, k("updateSelfAutoreply"), { id: tenantBot.id, name: "x" }, ha)).status).toBe(404)
    expect((await send(ctx.url, k("updateAutoreply"), { id: mine.body.data.id, name: "x" }, admin)).status).toBe(404)
  })

  it("keeps tenants apart on every call", async () => {
    const h1 = as((await login(ctx.url, "admin")).user_token)
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const b = (await send(ctx.url, k("createAutoreply"), bot("Tenant one"), h1)).body.data
    expect((await send(ctx.url, k("getAutoreplyById"), { id: b.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("updateAutoreply"), { id: b.id, name: "x" }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("updateAttributeAutoreply"), { id: b.id, active: false }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("updateSelfAutoreply"), { id: b.id, name: "x" }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("updateAttributeSelfAutoreply"), { id: b.id, active: false }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("getAutoreply"), {}, h2)).body.data.map((x: { id: number }) => x.id)).not.toContain(b.id)
    expect((await send(ctx.url, k("getAutoreplyById"), { id: b.id }, h1)).body.data.active).toBe(true)
  })
})
