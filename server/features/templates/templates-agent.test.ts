/**
 * The chat composer's template list (templates.getTemplateMessageAgent) on both databases: an agent with the chat
 * permission but not the template administration one gets the tenant's approved templates, its own tenant's only,
 * with the placeholder count the composer asks parameters for; search narrows by name.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

describe.each(DB_KINDS)("templates an agent may send, on %s", (kind) => {
  const ctx = useServer(kind)
  const token: Record<string, Record<string, string>> = {}

  beforeAll(async () => {
    for (const name of ["agent1", "agent2", "admin2"]) token[name] = as((await login(ctx.url, name)).user_token)
  })
  const list = (who: string, payload: Record<string, unknown> = {}) =>
    send(ctx.url, callOf("templates", "getTemplateMessageAgent"), payload, token[who])

  it("lists the tenant's approved templates to agents without the templates permission, with their parameter count", async () => {
    for (const who of ["agent1", "agent2"]) {
      const reply = await list(who)
      expect(reply.status).toBe(200)
      const items = reply.body.data.items as { name: string; status: string; params_count: number }[]
      expect(items.map((t) => t.name)).toEqual(["order_update", "welcome"])
      expect(items.every((t) => t.status === "APPROVED")).toBe(true)
      expect(items.find((t) => t.name === "order_update")?.params_count).toBe(2)
    }
    // Administration of templates stays out of reach for agents.
    expect((await send(ctx.url, callOf("templates", "templateMessageFetch"), {}, token.agent1)).status).toBe(403)
  })

  it("searches by name and never shows another tenant's templates", async () => {
    const found = await list("agent1", { search: "welc" })
    expect((found.body.data.items as { name: string }[]).map((t) => t.name)).toEqual(["welcome"])
    const other = await list("admin2")
    expect(other.status).toBe(200)
    expect(other.body.data.totalItems).toBe(2)
    const ids = new Set(((await list("agent1")).body.data.items as { id: number }[]).map((t) => t.id))
    expect((other.body.data.items as { id: number }[]).some((t) => ids.has(t.id))).toBe(false)
  })
})
