/**
 * A customer's message tells the consoles what changed (receive.ts), over a real server and database: when auto-assign
 * takes a waiting conversation on the customer's next message, the other agents' queues drop it; a new conversation
 * handed out at once tells nobody else.
 */
import { sql } from "drizzle-orm"
import type { Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectUsers, next, pause, record } from "../../testing/calls-peer"
import { callOf, customerWrites, DB_KINDS, send, useServer } from "../../testing/harness"

describe.each(DB_KINDS)("a customer's message on %s", (kind) => {
  // No job runner: the hand-out happens in the message's own transaction, not in a `settings.assign` job.
  const ctx = useServer(kind, { jobs: { autoStart: false } })
  const users: Awaited<ReturnType<typeof connectUsers>> = {}
  const conversations: { conversation: { id: number; agent_id: number | null } }[] = []
  let agent2: Socket

  beforeAll(async () => {
    Object.assign(users, await connectUsers(ctx.url, ["admin", "agent1", "agent2"]))
    agent2 = users.agent2.socket
    agent2.on("chat:conversation", (p) => void conversations.push(p))
  })
  afterAll(() => {
    for (const user of Object.values(users)) user.socket.close()
  })

  const writes = async (number: string, text: string) => {
    const written = await customerWrites(ctx.server, number, { text })
    expect(written.status).toBe(200)
    return written.body.data as { conversationId: number }
  }

  it("auto-assign taking a waiting conversation on the customer's next message takes it out of every queue", async () => {
    const settings = (payload: Record<string, unknown>) =>
      send(ctx.url, callOf("onboarding", "updateAllsettings"), payload, users.admin.headers)
    await ctx.server.services.database.db.execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    expect((await settings({ auto_assign: true, max_chats_per_agent: 100 })).status).toBe(200)
    // Nobody online: it waits in the queue, which agent2 shows.
    const waiting = next(agent2, "chat:message", (p) => p.message.body === "anyone there?")
    const { conversationId } = await writes("+905557790001", "anyone there?")
    expect((await waiting).conversation).toMatchObject({ id: conversationId, agent_id: null })
    // agent1 comes online (its `settings.assign` job does not run here); the customer writes again.
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, users.agent1.headers)).status).toBe(200)
    const left = next(agent2, "chat:conversation", (p) => p.conversation.id === conversationId)
    const held = next(users.agent1.socket, "chat:message", (p) => p.message.body === "hello?")
    await writes("+905557790001", "hello?")
    expect((await left).conversation).toMatchObject({ agent_id: users.agent1.id, status: "active" })
    expect((await held).conversation).toMatchObject({ id: conversationId, agent_id: users.agent1.id })
    // A new customer handed out at once was in nobody's queue: agent2 hears nothing of it.
    const heard = record(agent2, "chat:message")
    const fresh = await writes("+905557790002", "first words")
    await pause(1_000)
    expect(heard).toEqual([])
    expect(conversations.filter((p) => p.conversation.id === fresh.conversationId)).toEqual([])
    await settings({ auto_assign: false })
  })
})
