/**
 * Auto-assign and a chatbot on both databases, as the customer and the agent see them: while the bot talks with a
 * customer (it answered and waits for them) no agent is handed the conversation, neither when it arrives, nor on the
 * customer's next message, nor when an agent comes online and takes the waiting customers no bot answers; once the bot
 * hands over, the online agent gets it. A customer the bot does not answer joins the agents' queue when the bot's turn
 * ends, and the agents' queue screens are told (they read the queue again on the announcement).
 */
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { salesFlow } from "../../../src/contract/chatbots/flows.testing"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, useServer } from "../../testing/harness"
import { connectUsers, next } from "../../testing/calls-peer"

describe.each(DB_KINDS)("auto-assign with a chatbot on %s", (kind) => {
  const ctx = useServer(kind, { jobs: { autoStart: false } })
  const writes = async (number: string, text: string) => {
    expect((await customerWrites(ctx.server, number, { text })).status).toBe(200)
    await ctx.server.jobs.runDue()
  }
  const phone = async (number: string) =>
    (
      (await (
        await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
      ).json()) as { data: { items: { body: string }[] } }
    ).data.items.map((m) => m.body)
  const holderOf = async (number: string) => {
    const [row] = rowsOf(
      await ctx.server.services.database.db.execute(sql`SELECT c.status, c.assigned_user_id FROM conversations c
        JOIN contacts ct ON ct.id = c.contact_id WHERE ct.client_id = 1 AND ct.number = ${number} AND c.status <> 'closed'`),
    )
    return { status: String(row.status), agent: row.assigned_user_id === null ? null : Number(row.assigned_user_id) }
  }

  it("keeps a bot's conversation in the queue until the bot hands over, then the online agent gets it", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const bot = await send(
      ctx.url,
      callOf("chatbots", "createAutoreply"),
      {
        name: "Sales menu",
        trigger: { type: "keyword", match: "contains", keywords: ["menu"] },
        channel_type: "whatsapp",
        flow: salesFlow,
      },
      admin,
    )
    expect(bot.status).toBe(200)
    await ctx.server.services.database.db.execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    const agent1 = await login(ctx.url, "agent1")
    const agent = as(agent1.user_token)
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, agent)).status).toBe(200)
    expect(
      (await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: true, max_chats_per_agent: 100 }, admin)).status,
    ).toBe(200)

    const number = "+905550000301"
    await writes(number, "Show me the menu")
    expect(await phone(number)).toEqual(["Welcome! What can we do for you?"])
    expect(await holderOf(number)).toEqual({ status: "unassigned", agent: null })
    await writes(number, "Sales")
    expect(await phone(number)).toHaveLength(2)
    expect(await holderOf(number)).toEqual({ status: "unassigned", agent: null })
    // Offline, a customer no bot answers waits; back online, the agent takes that one and not the bot's.
    const other = "+905550000302"
    expect((await send(ctx.url, callOf("auth", "agentOffline"), {}, agent)).status).toBe(200)
    await writes(other, "Hello")
    expect(await phone(other)).toEqual([])
    expect(await holderOf(other)).toEqual({ status: "unassigned", agent: null })
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, agent)).status).toBe(200)
    await ctx.server.jobs.runDue()
    expect(await holderOf(other)).toEqual({ status: "active", agent: agent1.user_data.id })
    expect(await holderOf(number)).toEqual({ status: "unassigned", agent: null })

    await writes(number, "ana@example.com")
    await ctx.server.jobs.runDue()
    expect((await phone(number)).at(-1)).toBe("Thanks, a sales agent will write to you")
    expect(await holderOf(number)).toEqual({ status: "active", agent: agent1.user_data.id })
  })

  it("a customer the bot does not answer joins the agents' queue when the turn ends, and their queue screens hear it", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const bot = await send(
      ctx.url,
      callOf("chatbots", "createAutoreply"),
      {
        name: "Orders menu",
        trigger: { type: "keyword", match: "contains", keywords: ["orders"] },
        channel_type: "whatsapp",
        flow: salesFlow,
      },
      admin,
    )
    expect(bot.status).toBe(200)
    expect((await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: false }, admin)).status).toBe(200)
    const { agent1 } = await connectUsers(ctx.url, ["agent1"])
    const waitingIds = async () => {
      const reply = await send(ctx.url, callOf("routing", "routingQueue"), {}, agent1.headers)
      expect(reply.status).toBe(200)
      return (reply.body.data.entries as { conversation_id: number }[]).map((e) => e.conversation_id)
    }
    try {
      const written = await customerWrites(ctx.server, "+905550000303", { text: "Is anyone there?" })
      expect(written.status).toBe(200)
      const conversationId = Number(written.body.data.conversationId)
      // The bot's turn is due: not yet waiting for an agent.
      expect(await waitingIds()).not.toContain(conversationId)
      const told = next(agent1.socket, "chat:conversation", (p: any) => p.conversation.id === conversationId)
      await ctx.server.jobs.runDue()
      expect((await told).conversation).toMatchObject({ id: conversationId, status: "unassigned" })
      expect(await waitingIds()).toContain(conversationId)
    } finally {
      agent1.socket.disconnect()
    }
  })
})
