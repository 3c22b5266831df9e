/** Labels on both databases: the list, unique names, on and off a conversation (seen live by agents), deletion, isolation. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { io, type Socket } from "socket.io-client"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const t = (name: "labels" | "createLabel" | "updateLabel" | "deleteLabel" | "labelUser" | "labelRemove" | "labelConversations") =>
  callOf("tagging", name)

const connect = (url: string, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      auth: { user_token: token },
      reconnection: false,
      forceNew: true,
    })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", reject)
  })

const nextEvent = <T = any>(socket: Socket, event: string, match: (p: T) => boolean, ms = 5000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on)
      reject(new Error(`no ${event} within ${ms} ms`))
    }, ms)
    const on = (p: T) => {
      if (match(p)) {
        clearTimeout(timer)
        socket.off(event, on)
        resolve(p)
      }
    }
    socket.on(event, on)
  })

describe.each(DB_KINDS)("labels on %s", (kind) => {
  const ctx = useServer(kind)
  const openConversation = async (clientId: number) => {
    const { rows } = (await ctx.server.services.database.db.execute(
      sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND status <> 'closed' ORDER BY id LIMIT 1`,
    )) as unknown as { rows: { id: number }[] }
    return Number(rows[0].id)
  }

  it("puts a label on a conversation and takes it off, and every agent of the tenant sees it happen", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const agent1 = await login(ctx.url, "agent1")
    const watcher = await connect(ctx.url, agent1.user_token)
    const outsider = await connect(ctx.url, (await login(ctx.url, "admin2")).user_token)
    const leaked: unknown[] = []
    outsider.on("chat:conversation", (p) => leaked.push(p))
    try {
      const label = (await send(ctx.url, t("createLabel"), { name: "VIP", color: "#d13913" }, h)).body.data
      expect(label).toMatchObject({ name: "VIP", color: "#d13913", conversations: 0 })
      const conversationId = await openConversation(1)
      const on = nextEvent(
        watcher,
        "chat:conversation",
        (p: any) => p.conversation.id === conversationId && p.conversation.labels.includes("VIP"),
      )
      expect((await send(ctx.url, t("labelUser"), { label_id: label.id, conversation_id: conversationId }, h)).body).toEqual({
        data: { ok: true },
      })
      const event = await on
      expect(event.seq).toBeGreaterThan(0)
      // Labelling twice changes nothing.
      expect((await send(ctx.url, t("labelUser"), { label_id: label.id, conversation_id: conversationId }, h)).status).toBe(200)
      const listed = (await send(ctx.url, t("labelConversations"), { label_id: label.id }, h)).body.data
      expect(listed.totalItems).toBe(1)
      expect(listed.items[0]).toMatchObject({ id: conversationId, labels: expect.arrayContaining(["VIP"]) })
      const labels = (await send(ctx.url, t("labels"), { search: "vip" }, h)).body.data.items
      expect(labels.find((l: { id: number }) => l.id === label.id).conversations).toBe(1)
      const off = nextEvent(
        watcher,
        "chat:conversation",
        (p: any) => p.conversation.id === conversationId && !p.conversation.labels.includes("VIP"),
      )
      await send(ctx.url, t("labelRemove"), { label_id: label.id, conversation_id: conversationId }, h)
      await off
      expect((await send(ctx.url, t("labelConversations"), { label_id: label.id }, h)).body.data.totalItems).toBe(0)
      expect(leaked).toEqual([])
    } finally {
      watcher.close()
      outsider.close()
    }
  })

  it("renames and deletes a label everywhere it was, live", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const watcher = await connect(ctx.url, admin.user_token)
    try {
      const label = (await send(ctx.url, t("createLabel"), { name: "Refund", color: "#238551" }, h)).body.data
      const conversationId = await openConversation(1)
      await send(ctx.url, t("labelUser"), { label_id: label.id, conversation_id: conversationId }, h)
      const renamed = nextEvent(
        watcher,
        "chat:conversation",
        (p: any) => p.conversation.id === conversationId && p.conversation.labels.includes("Refunds"),
      )
      expect((await send(ctx.url, t("updateLabel"), { id: label.id, name: "Refunds" }, h)).body.data).toMatchObject({
        name: "Refunds",
        color: "#238551",
        conversations: 1,
      })
      await renamed
      const gone = nextEvent(
        watcher,
        "chat:conversation",
        (p: any) => p.conversation.id === conversationId && !p.conversation.labels.includes("Refunds"),
      )
      expect((await send(ctx.url, t("deleteLabel"), { id: label.id }, h)).body).toEqual({ data: { ok: true } })
      await gone
      expect((await send(ctx.url, t("labelConversations"), { label_id: label.id }, h)).status).toBe(404)
    } finally {
      watcher.close()
    }
  })

  it("keeps names unique per tenant (409), checks fields (400) and pages the list", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const clash = await send(ctx.url, t("createLabel"), { name: "urgent", color: "#000000" }, h)
    expect(clash.status).toBe(409)
    expect(clash.body.error).toMatchObject({ code: "CONFLICT", field: "name" })
    const mine = (await send(ctx.url, t("createLabel"), { name: "Wholesale", color: "#000000" }, h)).body.data
    expect((await send(ctx.url, t("updateLabel"), { id: mine.id, name: "Sales" }, h)).status).toBe(409)
    expect((await send(ctx.url, t("updateLabel"), { id: mine.id, name: "Wholesale", color: "#ffffff" }, h)).body.data.color).toBe("#ffffff")
    expect((await send(ctx.url, t("createLabel"), { name: "x", color: "red" }, h)).body.error.field).toBe("color")
    expect((await send(ctx.url, t("createLabel"), { name: "", color: "#000000" }, h)).body.error.field).toBe("name")
    expect((await send(ctx.url, t("updateLabel"), { id: mine.id }, h)).status).toBe(400)
    const first = (await send(ctx.url, t("labels"), { page: 1, limit: 2 }, h)).body.data
    const second = (await send(ctx.url, t("labels"), { page: 2, limit: 2 }, h)).body.data
    expect(first.totalItems).toBeGreaterThanOrEqual(5)
    expect(new Set([...first.items, ...second.items].map((l: { id: number }) => l.id)).size).toBe(4)
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, t("createLabel"), { name: "Wholesale", color: "#000000" }, h2)).status).toBe(200)
  })

  it("gives another tenant 404 for our labels and conversations", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const label = (await send(ctx.url, t("createLabel"), { name: "Secret label", color: "#000000" }, h)).body.data
    const ours = await openConversation(1)
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const theirLabel = (await send(ctx.url, t("createLabel"), { name: "Theirs", color: "#000000" }, h2)).body.data
    const theirs = await openConversation(2)
    expect((await send(ctx.url, t("labelUser"), { label_id: label.id, conversation_id: theirs }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("labelUser"), { label_id: theirLabel.id, conversation_id: ours }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("updateLabel"), { id: label.id, name: "hijacked" }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("deleteLabel"), { id: label.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("labelConversations"), { label_id: label.id }, h2)).status).toBe(404)
    const list = (await send(ctx.url, t("labels"), { limit: 1000 }, h2)).body.data.items
    expect(list.some((l: { name: string }) => l.name === "Secret label")).toBe(false)
    expect((await send(ctx.url, t("labels"), { search: "Secret" }, h)).body.data.items[0].name).toBe("Secret label")
  })
})
