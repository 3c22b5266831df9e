/** Canned messages on both databases: chat and call kinds, unique shortcuts (409), private ones, paging, isolation. */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const k = (
  name:
    | "cannedMessagesByType"
    | "fetchListCannedMessages"
    | "cannedMessagesCreate"
    | "cannedMessagesUpdateById"
    | "cannedMessagesDeleteById",
) => callOf("cannedMessages", name)
type M = {
  id: number
  type: string
  title: string
  text: string
  shortcut: string | null
  shared: boolean
  created_by: number | null
}

describe.each(DB_KINDS)("canned messages on %s", (kind) => {
  const ctx = useServer(kind)

  it("keeps the composer's replies and the call card's quick replies apart", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const call = await send(
      ctx.url,
      k("cannedMessagesCreate"),
      { type: "call", title: "Call back", text: "We will call you back in 5 minutes" },
      h,
    )
    expect(call.status).toBe(200)
    expect(call.body.data).toMatchObject({
      type: "call",
      title: "Call back",
      shortcut: null,
      shared: true,
      created_by: admin.user_data.id,
    })
    const chat = (
      await send(
        ctx.url,
        k("cannedMessagesCreate"),
        { type: "chat", title: "Greeting", text: "Hello! How can I help?", shortcut: "hello" },
        h,
      )
    ).body.data
    const calls: M[] = (await send(ctx.url, k("cannedMessagesByType"), { type: "call" }, h)).body.data
    const chats: M[] = (await send(ctx.url, k("cannedMessagesByType"), { type: "chat" }, h)).body.data
    expect(calls.every((m) => m.type === "call")).toBe(true)
    expect(calls.map((m) => m.id)).toContain(call.body.data.id)
    expect(chats.every((m) => m.type === "chat")).toBe(true)
    expect(chats.map((m) => m.id)).toContain(chat.id)
    expect(chats.map((m) => m.id)).not.toContain(call.body.data.id)
    // The seeded replies are chat replies whose shortcuts read without the slash.
    expect(chats.some((m) => m.shortcut === "r1")).toBe(true)
    expect((await send(ctx.url, k("cannedMessagesByType"), { type: "sms" }, h)).status).toBe(400)
  })

  it("answers 409 naming the shortcut when it is taken in the tenant, whatever the kind or a leading slash", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const first = (
      await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "Thanks", text: "Thank you!", shortcut: "thx" }, h)
    ).body.data
    const clash = await send(
      ctx.url,
      k("cannedMessagesCreate"),
      { type: "call", title: "Thanks again", text: "Thanks", shortcut: "thx" },
      h,
    )
    expect(clash.status).toBe(409)
    expect(clash.body.error).toMatchObject({ code: "CONFLICT", field: "shortcut" })
    expect(clash.body.error.message).toContain("/thx")
    // "/r1" was seeded with a slash: "r1" is the same shortcut.
    expect((await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "x", text: "y", shortcut: "r1" }, h)).status).toBe(409)
    const other = (await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "Bye", text: "Goodbye", shortcut: "bye" }, h)).body
      .data
    expect((await send(ctx.url, k("cannedMessagesUpdateById"), { id: other.id, shortcut: "thx" }, h)).status).toBe(409)
    // Keeping its own shortcut is no clash.
    expect(
      (await send(ctx.url, k("cannedMessagesUpdateById"), { id: first.id, shortcut: "thx", title: "Thanks!" }, h)).body.data.title,
    ).toBe("Thanks!")
    // Another tenant may use the same shortcut.
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect(
      (await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "Thanks", text: "Thank you!", shortcut: "thx" }, h2)).status,
    ).toBe(200)
  })

  it("keeps private shortcuts per author and never names another agent's private text in a clash", async () => {
    const agent1 = as((await login(ctx.url, "agent1")).user_token)
    const agent2 = as((await login(ctx.url, "agent2")).user_token)
    const create = (h: Record<string, string>, payload: Record<string, unknown>) =>
      send(ctx.url, k("cannedMessagesCreate"), { type: "chat", text: "private text SECRET", ...payload }, h)
    const secret = await create(agent1, { title: "agent1 private SECRET", shortcut: "sec", shared: false })
    expect(secret.status).toBe(200)
    // Another agent's private reply may use the same shortcut: each sees only their own.
    const theirs = await create(agent2, { title: "agent2 own", shortcut: "sec", shared: false })
    expect(theirs.status).toBe(200)
    // A shared reply would shadow agent1's private one in agent1's menu: refused, without naming it.
    const shared = await create(agent2, { title: "for everyone", shortcut: "sec", shared: true })
    expect(shared.status).toBe(409)
    expect(shared.body.error.field).toBe("shortcut")
    expect(JSON.stringify(shared.body)).not.toMatch(/SECRET|agent1/)
    const published = await send(ctx.url, k("cannedMessagesUpdateById"), { id: theirs.body.data.id, shared: true }, agent2)
    expect(published.status).toBe(409)
    expect(JSON.stringify(published.body)).not.toMatch(/SECRET|agent1/)
    // The author's own clash may name the author's own reply.
    const again = await create(agent1, { title: "second", shortcut: "sec", shared: false })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toContain("agent1 private SECRET")
  })

  it("answers 400 for bad fields, naming them", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const bad = async (payload: Record<string, unknown>) => (await send(ctx.url, k("cannedMessagesCreate"), payload, h)).body.error
    expect(await bad({ type: "chat", title: "x", text: "y", shortcut: "Has Space" })).toMatchObject({
      code: "BAD_REQUEST",
      field: "shortcut",
    })
    expect(await bad({ type: "chat", title: "", text: "y" })).toMatchObject({ field: "title" })
    expect(await bad({ type: "chat", title: "x", text: "y".repeat(4097) })).toMatchObject({ field: "text" })
    expect(await bad({ type: "email", title: "x", text: "y" })).toMatchObject({ field: "type" })
    const m = (await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "Edit me", text: "y" }, h)).body.data
    expect((await send(ctx.url, k("cannedMessagesUpdateById"), { id: m.id }, h)).status).toBe(400)
  })

  it("shows an unshared message to its author only, and edits and deletes", async () => {
    const agent1 = as((await login(ctx.url, "agent1")).user_token)
    const mine = (
      await send(ctx.url, k("cannedMessagesCreate"), { type: "chat", title: "My private note", text: "only me", shared: false }, agent1)
    ).body.data
    const agent2 = as((await login(ctx.url, "agent2")).user_token)
    const seen = (await send(ctx.url, k("cannedMessagesByType"), { type: "chat" }, agent2)).body.data as M[]
    expect(seen.map((m) => m.id)).not.toContain(mine.id)
    expect((await send(ctx.url, k("cannedMessagesDeleteById"), { id: mine.id }, agent2)).status).toBe(404)
    const updated = (await send(ctx.url, k("cannedMessagesUpdateById"), { id: mine.id, text: "now for everyone", shared: true }, agent1))
      .body.data
    expect(updated).toMatchObject({ text: "now for everyone", shared: true })
    expect(((await send(ctx.url, k("cannedMessagesByType"), { type: "chat" }, agent2)).body.data as M[]).map((m) => m.id)).toContain(
      mine.id,
    )
    expect((await send(ctx.url, k("cannedMessagesDeleteById"), { id: mine.id }, agent1)).body).toEqual({
      data: { ok: true },
    })
    expect((await send(ctx.url, k("cannedMessagesDeleteById"), { id: mine.id }, agent1)).status).toBe(404)
  })

  it("pages and searches the list, by kind, within the tenant", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    for (let i = 0; i < 6; i++)
      await send(ctx.url, k("cannedMessagesCreate"), { type: "call", title: `Quick ${i}`, text: `Quick reply ${i}`, shortcut: `q${i}` }, h)
    const first = (await send(ctx.url, k("fetchListCannedMessages"), { type: "call", page: 1, limit: 4 }, h)).body.data
    const second = (await send(ctx.url, k("fetchListCannedMessages"), { type: "call", page: 2, limit: 4 }, h)).body.data
    expect(first.totalItems).toBeGreaterThanOrEqual(6)
    expect(first.items).toHaveLength(4)
    expect(new Set([...first.items, ...second.items].map((m: M) => m.id)).size).toBe(first.items.length + second.items.length)
    expect([...first.items, ...second.items].every((m: M) => m.type === "call")).toBe(true)
    const found = (await send(ctx.url, k("fetchListCannedMessages"), { search: "/q3" }, h)).body.data
    expect(found.items.map((m: M) => m.title)).toEqual(["Quick 3"])
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, k("fetchListCannedMessages"), { search: "Quick 3" }, h2)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, k("cannedMessagesUpdateById"), { id: found.items[0].id, title: "hijack" }, h2)).status).toBe(404)
    expect((await send(ctx.url, k("cannedMessagesDeleteById"), { id: found.items[0].id }, h2)).status).toBe(404)
  })
})
