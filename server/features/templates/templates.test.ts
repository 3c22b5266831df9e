/**
 * Templates on both databases: WhatsApp's limits refused with the field, PENDING until the channel's verdict arrives
 * through the job queue (approved by default, rejected with the reason a test sets, paused later), every refused
 * transition a 409 naming the status, assignment narrowing the agents' list, the admin's view across tenants, and
 * tenant isolation.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { draft, settled } from "./templates.testing"
import { templateSimulatorOf } from "../../dev/templates/template-simulator"

const t = (name: Parameters<typeof callOf<"templates">>[1]) => callOf("templates", name)

describe.each(DB_KINDS)("templates on %s", (kind) => {
  const ctx = useServer(kind)
  const h: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    for (const name of ["admin", "agent1", "agent2", "admin2", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
  })

  it("refuses what WhatsApp would refuse, naming the field, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [draft("bad", { body: "Hi {{1}} and {{3}} today", body_examples: ["a", "b", "c"] }), "body"],
      [draft("bad", { body_examples: ["Ayşe"] }), "body_examples"],
      [draft("bad", { footer: "x".repeat(61) }), "footer"],
      [draft("bad", { header_type: "text", header: "Order {{1}} {{2}}" }), "header"],
      [draft("bad", { buttons: [1, 2, 3, 4].map((i) => ({ type: "QUICK_REPLY", text: `R${i}` })) }), "buttons"],
      [
        draft("bad", {
          buttons: [
            { type: "QUICK_REPLY", text: "Ok" },
            { type: "URL", text: "Open", value: "https://x.example" },
          ],
        }),
        "buttons",
      ],
      [draft("bad", { buttons: [1, 2, 3].map(() => ({ type: "URL", text: "Open", value: "https://x.example" })) }), "buttons"],
      [draft("Bad-Name"), "name"],
    ]
    for (const [payload, field] of cases) {
      const reply = await send(ctx.url, t("templateMessageCreate"), payload, h.admin)
      expect(reply.status, JSON.stringify(payload)).toBe(400)
      expect(reply.body.error.field).toBe(field)
    }
    const list = await send(ctx.url, t("templateMessageFetch"), { search: "bad" }, h.admin)
    expect(list.body.data.totalItems).toBe(0)
  })

  it("starts PENDING and is approved by the channel through the job queue; the composer then offers it", async () => {
    const channel = templateSimulatorOf(ctx.server.services)
    channel.hold(1, "shipping_note", true)
    const created = await send(ctx.url, t("templateMessageCreate"), draft("shipping_note"), h.admin)
    expect(created.status).toBe(200)
    expect(shaped(t("templateMessageCreate"), created.body).data).toMatchObject({
      status: "PENDING",
      params_count: 2,
      body_examples: ["Ayşe", "A-100"],
    })
    // In review: not editable, not sendable.
    const edit = await send(ctx.url, t("templateMessageUpdate"), { id: created.body.data.id, footer: "Other" }, h.admin)
    expect(edit.status).toBe(409)
    expect(edit.body.error.message).toContain("PENDING")
    channel.hold(1, "shipping_note", false)
    expect((await settled(ctx.url, h.admin, "shipping_note")).status).toBe("APPROVED")
    const agentList = await send(ctx.url, t("getTemplateMessageAgent"), { search: "shipping" }, h.agent1)
    expect(agentList.body.data.items.map((x: { name: string }) => x.name)).toEqual(["shipping_note"])
    const params = await send(ctx.url, t("templateParams"), { template_name: "shipping_note" }, h.admin)
    expect(params.body.data.params).toEqual([
      { index: 1, example: "Ayşe" },
      { index: 2, example: "A-100" },
    ])
  })

  it("shows the channel's rejection with its reason; an edit resubmits it; a duplicate name is a 409", async () => {
    await devFetch(ctx.server, "/dev/templates/verdict", {
      clientId: 1,
      name: "promo_blast",
      status: "REJECTED",
      reason: "Promotional content in a utility template",
    })
    const created = await send(ctx.url, t("templateMessageCreate"), draft("promo_blast"), h.admin)
    const rejected = await settled(ctx.url, h.admin, "promo_blast")
    expect(rejected).toMatchObject({ status: "REJECTED", rejected_reason: "Promotional content in a utility template" })
    const send1 = await send(
      ctx.url,
      t("sendTemplateMessageText"),
      { template_name: "promo_blast", language: "en", to: ["+905551110001"], params: ["a", "b"] },
      h.admin,
    )
    expect(send1.status).toBe(409)
    expect(send1.body.error.message).toContain("REJECTED")
    expect((await send(ctx.url, t("templateMessageCreate"), draft("promo_blast"), h.admin)).status).toBe(409)
    await devFetch(ctx.server, "/dev/templates/verdict", { clientId: 1, name: "promo_blast", status: null })
    const edited = await send(ctx.url, t("templateMessageUpdate"), { id: created.body.data.id, category: "MARKETING" }, h.admin)
    expect(edited.body.data).toMatchObject({ status: "PENDING", rejected_reason: null, category: "MARKETING" })
    expect((await settled(ctx.url, h.admin, "promo_blast")).status).toBe("APPROVED")
  })

  it("pauses and disables when the channel says so; a disabled template is neither edited nor sent", async () => {
    await send(ctx.url, t("templateMessageCreate"), draft("to_disable"), h.admin)
    expect((await settled(ctx.url, h.admin, "to_disable")).status).toBe("APPROVED")
    await devFetch(ctx.server, "/dev/templates/status", { clientId: 1, name: "to_disable", status: "PAUSED", reason: "Low quality" })
    const until = Date.now() + 10_000
    let now = await settled(ctx.url, h.admin, "to_disable")
    while (now.status !== "PAUSED" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200))
      now = await settled(ctx.url, h.admin, "to_disable")
    }
    expect(now).toMatchObject({ status: "PAUSED", rejected_reason: "Low quality" })
    await devFetch(ctx.server, "/dev/templates/status", { clientId: 1, name: "to_disable", status: "DISABLED", reason: "Quality" })
    while (now.status !== "DISABLED" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200))
      now = await settled(ctx.url, h.admin, "to_disable")
    }
    expect(now.status).toBe("DISABLED")
    const edit = await send(ctx.url, t("templateMessageUpdate"), { id: now.id, footer: "x" }, h.admin)
    expect(edit.status).toBe(409)
    expect(edit.body.error.message).toContain("DISABLED")
  })

  it("assignment narrows the composer's list to the agents named", async () => {
    await send(ctx.url, t("templateMessageCreate"), draft("for_agent_two"), h.admin)
    const approved = await settled(ctx.url, h.admin, "for_agent_two")
    const users = (await send(ctx.url, callOf("users", "fetchListUsers"), { limit: 50 }, h.admin)).body.data.items as {
      id: number
      username: string
    }[]
    const agent2 = users.find((u) => u.username === "agent2")!.id
    const assigned = await send(ctx.url, t("assignTemplateMessage"), { template_id: approved.id, user_ids: [agent2] }, h.admin)
    expect(assigned.status).toBe(200)
    const names = async (who: string) =>
      ((await send(ctx.url, t("getTemplateMessageAgent"), { search: "for_agent" }, h[who])).body.data.items as { name: string }[]).map(
        (x) => x.name,
      )
    expect(await names("agent2")).toEqual(["for_agent_two"])
    expect(await names("agent1")).toEqual([])
    expect((await send(ctx.url, t("templateMessage"), { template_name: "for_agent_two" }, h.admin)).body.data.agent_ids).toEqual([agent2])
    // Another tenant's user is refused.
    const tenant2User = (await send(ctx.url, callOf("users", "fetchListUsers"), { limit: 50 }, h.admin2)).body.data.items[0].id
    expect(
      (await send(ctx.url, t("assignTemplateMessage"), { template_id: approved.id, user_ids: [tenant2User] }, h.admin)).body.error.field,
    ).toBe("user_ids")
  })

  it("keeps tenants apart; the super admin lists across tenants and deletes for one", async () => {
    const mine = await send(ctx.url, t("templateMessageCreate"), draft("tenant_one_only"), h.admin)
    const id = mine.body.data.id
    expect((await send(ctx.url, t("templateMessageUpdate"), { id, footer: "x" }, h.admin2)).status).toBe(404)
    expect((await send(ctx.url, t("templateMessage"), { template_name: "tenant_one_only" }, h.admin2)).status).toBe(404)
    expect((await send(ctx.url, t("assignTemplateMessage"), { template_id: id, user_ids: [1] }, h.admin2)).status).toBe(404)
    expect((await send(ctx.url, t("deleteTemplateMessageByTemplateName"), { template_name: "tenant_one_only" }, h.admin2)).status).toBe(400)
    const two = await send(ctx.url, t("templateMessageFetch"), { search: "tenant_one_only" }, h.admin2)
    expect(two.body.data.totalItems).toBe(0)
    const all = await send(ctx.url, t("templateMessageFetchAdmin"), { search: "tenant_one_only" }, h.superadmin)
    expect(all.body.data.items.map((x: { client_id: number }) => x.client_id)).toEqual([1])
    expect((await send(ctx.url, t("templateMessageFetchAdmin"), {}, h.admin)).status).toBe(403)
    expect((await send(ctx.url, t("templateMessageDeleteAdmin"), { name: "tenant_one_only", client_id: 1 }, h.superadmin)).status).toBe(200)
    expect((await send(ctx.url, t("templateMessage"), { template_name: "tenant_one_only" }, h.admin)).status).toBe(404)
  })
})
