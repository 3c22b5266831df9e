/** Conversation templates on both databases: create, list with search and the active filter, update, tenant isolation. */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const c = (name: Parameters<typeof callOf<"conversationTemplates">>[1]) => callOf("conversationTemplates", name)

describe.each(DB_KINDS)("conversation templates on %s", (kind) => {
  const ctx = useServer(kind)
  const h: Record<string, Record<string, string>> = {}
  beforeAll(async () => {
    for (const name of ["admin", "admin2"]) h[name] = as((await login(ctx.url, name)).user_token)
  })

  it("creates, finds, switches off and keeps each tenant's own", async () => {
    const made = await send(
      ctx.url,
      c("conversationTemplatesCreate"),
      { name: "Greeting", language: "tr", body: "Merhaba, nasıl yardımcı olabilirim?" },
      h.admin,
    )
    expect(made.status).toBe(200)
    expect(shaped(c("conversationTemplatesCreate"), made.body).data).toMatchObject({ name: "Greeting", language: "tr", active: true })
    const id = made.body.data.id
    const found = await send(ctx.url, c("fetchListConversationTemplates"), { search: "yardımcı" }, h.admin)
    expect(found.body.data.items.map((x: { id: number }) => x.id)).toEqual([id])
    const off = await send(ctx.url, c("conversationTemplatesUpdateById"), { id, active: false }, h.admin)
    expect(off.body.data).toMatchObject({ active: false, body: "Merhaba, nasıl yardımcı olabilirim?" })
    expect(
      (await send(ctx.url, c("fetchListConversationTemplates"), { search: "yardımcı", active: true }, h.admin)).body.data.totalItems,
    ).toBe(0)
    expect((await send(ctx.url, c("fetchListConversationTemplates"), { search: "yardımcı" }, h.admin2)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, c("conversationTemplatesUpdateById"), { id, active: true }, h.admin2)).status).toBe(404)
    expect((await send(ctx.url, c("conversationTemplatesCreate"), { name: "", language: "tr", body: "x" }, h.admin)).status).toBe(400)
  })
})
