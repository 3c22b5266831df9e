/**
 * Agent groups and team chat on both databases: who manages groups, members only see a group and its messages,
 * tenant isolation, history paging, unread counts and read marks, and live messages reaching members' sockets only.
 */
import { sql } from "drizzle-orm"
import { io, type Socket } from "socket.io-client"
import { describe, expect, it } from "vitest"
import { TEAM_PAGE_SIZE } from "../../../src/contract/agent-groups-events"
import type { CallName } from "../../../src/contract/catalogue"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const g = (name: CallName<"agentGroups">) => callOf("agentGroups", name)

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
      if (!match(p)) return
      clearTimeout(timer)
      socket.off(event, on)
      resolve(p)
    }
    socket.on(event, on)
  })

describe.each(DB_KINDS)("agent groups on %s", (kind) => {
  const ctx = useServer(kind)
  let n = 0
  /** A fresh team-chat agent of tenant one (agent1's role and password), logged in. */
  const newAgent = async () => {
    n += 1
    const username = `teamagent${n}`
    await ctx.server.services.database.db.execute(sql`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name)
      SELECT client_id, role_id, ${username}, ${`${username}@acme.example`}, password_hash, ${`Team Agent ${n}`} FROM users WHERE username = 'agent1'`)
    const session = await login(ctx.url, username)
    return { h: as(session.user_token), token: session.user_token as string }
  }
  const who = async (username: string) => {
    const session = await login(ctx.url, username)
    return { h: as(session.user_token), token: session.user_token as string }
  }
  const idOf = async (username: string) => {
    const { rows } = (await ctx.server.services.database.db.execute(sql`SELECT id FROM users WHERE username = ${username}`)) as unknown as {
      rows: { id: number }[]
    }
    return Number(rows[0].id)
  }

  it("lets an admin create, rename and fill a group; members see it with unread counts, others get 404", async () => {
    const admin = await who("admin")
    const a = await newAgent()
    const b = await newAgent()
    const outsider = await newAgent()
    const aId = await idOf(`teamagent${n - 2}`)
    const bId = await idOf(`teamagent${n - 1}`)
    const created = await send(
      ctx.url,
      g("groupCreate"),
      { name: `Night shift ${kind}`, description: "Weekend cover", member_ids: [aId] },
      admin.h,
    )
    expect(created.status).toBe(200)
    const group = shaped(g("groupCreate"), created.body).data
    expect(group).toMatchObject({ name: `Night shift ${kind}`, description: "Weekend cover", members_count: 2 })
    expect(group.members.map((m: { role: string }) => m.role)).toEqual(["owner", "member"])

    // An agent may not manage groups; a name the tenant already has is a 409 on `name`, whatever its case.
    expect((await send(ctx.url, g("groupCreate"), { name: "Mine" }, a.h)).status).toBe(403)
    const clash = await send(ctx.url, g("groupCreate"), { name: `NIGHT SHIFT ${kind}` }, admin.h)
    expect([clash.status, clash.body.error.field]).toEqual([409, "name"])
    expect((await send(ctx.url, g("groupCreate"), { name: "   " }, admin.h)).status).toBe(400)

    await send(ctx.url, g("addMember"), { group_id: group.id, user_ids: [bId] }, admin.h)
    const renamed = await send(ctx.url, g("groupsUpdateById"), { id: group.id, name: `Late shift ${kind}` }, admin.h)
    expect(renamed.body.data).toMatchObject({ name: `Late shift ${kind}`, members_count: 3 })

    // Members see it in their list; the outsider neither lists it nor reads it, nor its members, nor its messages.
    const mine = shaped(g("fetchListAgentGroups"), (await send(ctx.url, g("fetchListAgentGroups"), {}, b.h)).body).data
    expect(mine.map((x: { name: string }) => x.name)).toContain(`Late shift ${kind}`)
    const theirs = (await send(ctx.url, g("fetchListAgentGroups"), {}, outsider.h)).body.data
    expect(theirs.map((x: { id: number }) => x.id)).not.toContain(group.id)
    for (const [call, payload] of [
      [g("groupsInfoById"), { id: group.id }],
      [g("membersListByGroupId"), { group_id: group.id }],
      [g("messagesGroupsConversationsByGroupId"), { group_id: group.id }],
      [g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: "let me in" }],
    ] as const)
      expect((await send(ctx.url, call, payload, outsider.h)).status, call.name).toBe(404)
    // A member may see but not change it.
    expect((await send(ctx.url, g("membersListByGroupId"), { group_id: group.id }, a.h)).body.data).toHaveLength(3)
    expect((await send(ctx.url, g("groupUpdate"), { group_id: group.id, name: "Taken over" }, a.h)).status).toBe(403)

    // Unread: b's count grows with a's messages and clears when b opens the conversation.
    await send(ctx.url, g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: "first" }, a.h)
    await send(ctx.url, g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: "second" }, a.h)
    const unreadOf = async (h: Record<string, string>) =>
      (await send(ctx.url, g("fetchListAgentGroups"), {}, h)).body.data.find((x: { id: number }) => x.id === group.id)?.unread
    expect(await unreadOf(b.h)).toBe(2)
    expect(await unreadOf(a.h)).toBe(0)
    const page = (await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id }, b.h)).body.data
    expect(page.map((m: { text: string }) => m.text)).toEqual(["second", "first"])
    expect(page[0]).toMatchObject({ sender_id: aId, sender_name: `Team Agent ${n - 2}` })
    expect(await unreadOf(b.h)).toBe(0)

    // Removing a member takes the group away from them at once; deleting it removes it for everyone.
    expect((await send(ctx.url, g("membersRemove"), { group_id: group.id, user_ids: [bId] }, admin.h)).status).toBe(200)
    expect((await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id }, b.h)).status).toBe(404)
    expect((await send(ctx.url, g("membersRemove"), { group_id: group.id, user_ids: [bId] }, admin.h)).status).toBe(400)
    expect((await send(ctx.url, g("groupsRemoveByGroupId"), { group_id: group.id }, admin.h)).status).toBe(200)
    expect((await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id }, a.h)).status).toBe(404)
  })

  it("keeps groups, members and colleagues inside the tenant", async () => {
    const admin = await who("admin")
    const admin2 = await who("admin2")
    const a = await newAgent()
    const aId = await idOf(`teamagent${n}`)
    const group = (await send(ctx.url, g("groupCreate"), { name: `Tenant one ${kind}`, member_ids: [aId] }, admin.h)).body.data
    // Tenant two's admin cannot reach tenant one's group, nor add tenant one's agent to their own group.
    for (const [call, payload] of [
      [g("groupsInfoById"), { id: group.id }],
      [g("groupsUpdateById"), { id: group.id, name: "Hijacked" }],
      [g("addMember"), { group_id: group.id, user_ids: [aId] }],
      [g("groupsRemoveByGroupId"), { group_id: group.id }],
      [g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: "hi" }],
    ] as const)
      expect((await send(ctx.url, call, payload, admin2.h)).status, call.name).toBe(404)
    const foreign = await send(ctx.url, g("groupCreate"), { name: `Tenant two ${kind}`, member_ids: [aId] }, admin2.h)
    expect([foreign.status, foreign.body.error.field]).toEqual([400, "member_ids"])
    expect((await send(ctx.url, g("userMessages"), { user_id: aId, text: "psst" }, admin2.h)).status).toBe(404)
    const list = (await send(ctx.url, g("fetchListWtGroups"), { limit: 100 }, admin2.h)).body.data
    expect(list.items.map((x: { id: number }) => x.id)).not.toContain(group.id)
    const colleagues = shaped(g("userList"), (await send(ctx.url, g("userList"), {}, admin2.h)).body).data
    expect(colleagues.map((u: { id: number }) => u.id)).not.toContain(aId)
    // The limited agent holds no team-chat permission: refused, and not offered as a colleague.
    expect((await send(ctx.url, g("fetchListAgentGroups"), {}, (await who("agent2")).h)).status).toBe(403)
    const mine = (await send(ctx.url, g("userList"), {}, a.h)).body.data.map((u: { username: string }) => u.username)
    expect(mine).toContain("admin")
    expect(mine).not.toContain("agent2")
    expect(mine).not.toContain(`teamagent${n}`)
  })

  it("pages a group's history back with before_id, newest first", async () => {
    const admin = await who("admin")
    const group = (await send(ctx.url, g("groupCreate"), { name: `Paging ${kind}` }, admin.h)).body.data
    const total = TEAM_PAGE_SIZE + 5
    for (let i = 1; i <= total; i++)
      await send(ctx.url, g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: `m${i}` }, admin.h)
    const first = (await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id }, admin.h)).body.data
    expect(first).toHaveLength(TEAM_PAGE_SIZE)
    expect(first[0].text).toBe(`m${total}`)
    const before_id = first[first.length - 1].id
    const second = (await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id, before_id }, admin.h)).body.data
    expect(second.map((m: { text: string }) => m.text)).toEqual(["m5", "m4", "m3", "m2", "m1"])
    const bad = await send(ctx.url, g("messagesGroupsConversationsByGroupId"), { group_id: group.id, before_id: "x" }, admin.h)
    expect(bad.status).toBe(400)
  })

  it("delivers a group message live to members' sockets only, and one-to-one messages with unread counts and read ticks", async () => {
    const admin = await who("admin")
    const a = await newAgent()
    const aId = await idOf(`teamagent${n}`)
    const outsider = await newAgent()
    const adminId = await idOf("admin")
    const group = (await send(ctx.url, g("groupCreate"), { name: `Live ${kind}`, member_ids: [aId] }, admin.h)).body.data
    const member = await connect(ctx.url, a.token)
    const stranger = await connect(ctx.url, outsider.token)
    const leaked: unknown[] = []
    stranger.on("team:group-message", (p) => leaked.push(p))
    stranger.on("team:direct-message", (p) => leaked.push(p))
    try {
      const arrives = nextEvent(member, "team:group-message", (p: any) => p.message.group_id === group.id)
      await send(ctx.url, g("messagesGroupSendTextByGroupId"), { group_id: group.id, text: "Standup in 5" }, admin.h)
      expect((await arrives).message).toMatchObject({ text: "Standup in 5", sender_id: adminId })

      const direct = nextEvent(member, "team:direct-message", (p: any) => p.message.from_user_id === adminId)
      const sent = await send(ctx.url, g("userMessages"), { user_id: aId, text: "Can you take table 4?" }, admin.h)
      expect(shaped(g("userMessages"), sent.body).data[0]).toMatchObject({ text: "Can you take table 4?", read: false })
      expect((await direct).message.text).toBe("Can you take table 4?")
      const unread = async () =>
        (await send(ctx.url, g("userList"), {}, a.h)).body.data.find((u: { id: number }) => u.id === adminId).unread
      expect(await unread()).toBe(1)
      // a opens the thread: unread clears, and admin hears the read mark and sees the tick.
      const readMark = connect(ctx.url, admin.token).then((s) => ({
        s,
        on: nextEvent(s, "team:direct-read", (p: any) => p.reader_id === aId),
      }))
      const { s: adminSocket, on } = await readMark
      await send(ctx.url, g("userMessages"), { user_id: adminId }, a.h)
      expect(await unread()).toBe(0)
      await on
      adminSocket.close()
      const thread = (await send(ctx.url, g("userMessages"), { user_id: aId }, admin.h)).body.data
      expect(thread[0]).toMatchObject({ text: "Can you take table 4?", read: true })
      expect((await send(ctx.url, g("userMessages"), { user_id: adminId, text: "   " }, a.h)).status).toBe(400)
      expect((await send(ctx.url, g("userMessages"), { user_id: aId }, a.h)).status).toBe(400)
      await new Promise((r) => setTimeout(r, 200))
      expect(leaked).toEqual([])
    } finally {
      member.close()
      stranger.close()
    }
  })

  it("names customers of the tenant for numbers, null when unknown", async () => {
    const admin = await who("admin")
    const { rows } = (await ctx.server.services.database.db.execute(
      sql`SELECT number, name FROM contacts WHERE client_id = 1 ORDER BY id LIMIT 1`,
    )) as unknown as { rows: { number: string; name: string }[] }
    const reply = await send(ctx.url, g("fetchListCustomerNames"), { numbers: [rows[0].number, "+19999999999"] }, admin.h)
    expect(shaped(g("fetchListCustomerNames"), reply.body).data).toEqual([
      { number: rows[0].number, name: rows[0].name },
      { number: "+19999999999", name: null },
    ])
    const foreign = await send(ctx.url, g("fetchListCustomerNames"), { numbers: [rows[0].number] }, (await who("admin2")).h)
    expect(foreign.body.data[0].name).toBeNull()
  })
})
