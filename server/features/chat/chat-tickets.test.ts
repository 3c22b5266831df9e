/**
 * Tickets follow the chat on both databases: a customer's message that opens a conversation opens one Pending ticket
 * (subject: the customer's first words), later messages of that conversation open none, and closing the conversation
 * (chat.chatClose, or chat.chatUpdateByNumber with status closed) resolves it, credited to the agent who held it.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { jsonOf, rowsOf } from "../../db/rows"
import { DB_KINDS, devFetch, as, callOf, login, send, useServer } from "../../testing/harness"

describe.each(DB_KINDS)("tickets from conversations on %s", (kind) => {
  const ctx = useServer(kind)
  const token: Record<string, Record<string, string>> = {}
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    for (const name of ["admin", "agent1"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      token[name] = as(session.user_token)
    }
  })

  const customer = async (number: string, body: Record<string, unknown>, clientId = 1) => {
    const response = await devFetch(ctx.server, "/dev/simulator/messages", { clientId, channel: "whatsapp", number, ...body })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { conversationId: number; messageId: number } }).data
  }
  const chat = (name: "chatClose" | "chatUpdateByNumber", payload: Record<string, unknown>) =>
    send(ctx.url, callOf("chat", name), payload, token.agent1)
  /** The tickets of one list whose customer has `number` (search matches the number; "+" left out). */
  const listed = async (list: "unassignedTicket" | "activeTickets" | "ongoingTickets" | "resolvedTickets", number: string) => {
    const reply = await send(ctx.url, callOf("tickets", list), { search: number.slice(1), limit: 100 }, token.admin)
    expect(reply.status).toBe(200)
    return reply.body.data.items as any[]
  }

  it("a customer's first message opens one Pending ticket with their first words; the next message opens none", async () => {
    const number = "+905551110001"
    const first = await customer(number, { name: "Ayla Ticket", text: "My order #4411 never arrived" })
    const pending = await listed("unassignedTicket", number)
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({
      conversation_id: first.conversationId,
      number,
      name: "Ayla Ticket",
      channel_type: "whatsapp",
      status: "Pending",
      subject: "My order #4411 never arrived",
      agent_id: null,
      last_closed: null,
    })
    expect(pending[0].ticket_number).toMatch(/^TK-1-\d+$/)
    const second = await customer(number, { text: "Any news?" })
    expect(second.conversationId).toBe(first.conversationId)
    const active = await listed("activeTickets", number)
    expect(active).toHaveLength(1)
    expect(active[0]).toMatchObject({
      ticket_number: pending[0].ticket_number,
      subject: "My order #4411 never arrived",
      last_message: "Any news?",
    })
    expect(await listed("resolvedTickets", number)).toEqual([])
  })

  it("closing the chat resolves its ticket with the agent who held it; the next message opens a new one", async () => {
    const number = "+905551110002"
    const { conversationId } = await customer(number, { text: "Where is my refund?" })
    const [opened] = await listed("unassignedTicket", number)
    const taken = await chat("chatUpdateByNumber", { number, agent_id: ids.agent1 })
    expect(taken.status).toBe(200)
    expect((await listed("ongoingTickets", number)).map((t) => [t.ticket_number, t.status, t.agent_id])).toEqual([
      [opened.ticket_number, "Ongoing", ids.agent1],
    ])
    const closed = await chat("chatClose", { conversation_id: conversationId, resolution: "Refunded" })
    expect(closed.status).toBe(200)
    expect(await listed("activeTickets", number)).toEqual([])
    const [resolved] = await listed("resolvedTickets", number)
    expect(resolved).toMatchObject({
      ticket_number: opened.ticket_number,
      conversation_id: conversationId,
      status: "Resolved",
      agent_id: ids.agent1,
    })
    expect(resolved.last_closed).not.toBeNull()

    const again = await customer(number, { text: "Thanks, one more question" })
    expect(again.conversationId).not.toBe(conversationId)
    const [fresh] = await listed("unassignedTicket", number)
    expect(fresh).toMatchObject({
      conversation_id: again.conversationId,
      status: "Pending",
      subject: "Thanks, one more question",
    })
    expect(fresh.ticket_number).not.toBe(opened.ticket_number)
  })

  it("closing by number (chatUpdateByNumber status closed) resolves the ticket too", async () => {
    const number = "+905551110003"
    const { conversationId } = await customer(number, { text: "Can I change my address?" })
    const closed = await chat("chatUpdateByNumber", { number, agent_id: ids.agent1, status: "closed" })
    expect(closed.status).toBe(200)
    expect(closed.body.data).toMatchObject({ id: conversationId, status: "closed", agent_id: ids.agent1, unread: 0 })
    expect(await listed("activeTickets", number)).toEqual([])
    expect((await listed("resolvedTickets", number)).map((t) => [t.conversation_id, t.status, t.agent_id, t.subject])).toEqual([
      [conversationId, "Resolved", ids.agent1, "Can I change my address?"],
    ])
  })

  it("a chat an agent started with a template has no ticket until the customer answers: their words open it", async () => {
    const number = "+905551110005"
    const template = await send(
      ctx.url,
      callOf("chat", "messagesSendByType"),
      { type: "template", template: { to: [number], message: { name: "order_update", language: "en", params: ["Ali", "A-18"] } } },
      token.agent1,
    )
    expect(template.status).toBe(200)
    expect(await listed("activeTickets", number)).toEqual([])
    const answer = await customer(number, { text: "Which courier is it?" })
    expect((await listed("activeTickets", number)).map((t) => [t.conversation_id, t.subject])).toEqual([
      [answer.conversationId, "Which courier is it?"],
    ])
    await customer(number, { text: "Hello?" })
    expect(await listed("activeTickets", number)).toHaveLength(1)
  })

  it("a first message that is a file without words gets the inbox's preview as subject", async () => {
    const number = "+905551110004"
    await customer(number, { type: "image", link: "https://example.com/broken-box.jpg" })
    expect((await listed("unassignedTicket", number)).map((t) => t.subject)).toEqual(["[image]"])
  })

  it("a tenant's first conversations get tickets numbered on, each told to its webhooks once as ticket.created", async () => {
    // Tenant 2 has no ticket yet: its first starts the tenant's number series, the next is written with the message.
    const db = ctx.server.services.database.db
    const opened: number[] = []
    for (const number of ["+905551110091", "+905551110092"]) {
      const { conversationId } = await customer(number, { text: `Hello from ${number}` }, 2)
      const tickets = rowsOf(
        await db.execute(
          sql`SELECT ticket_number, subject, status FROM tickets WHERE client_id = 2 AND conversation_id = ${conversationId}`,
        ),
      )
      expect(tickets).toEqual([expect.objectContaining({ subject: `Hello from ${number}`, status: "Pending" })])
      const ticket = String(tickets[0].ticket_number)
      const events = rowsOf(
        await db.execute(sql`SELECT data FROM domain_events WHERE client_id = 2 AND type = 'ticket.created'
          AND data->>'conversation_id' = ${String(conversationId)}`),
      ).map((e) => jsonOf(e.data))
      expect(events).toEqual([{ ticket_number: ticket, conversation_id: conversationId, channel_type: "whatsapp", status: "Pending" }])
      opened.push(Number(ticket.replace(/^TK-2-/, "")))
    }
    expect(opened[1]).toBe(opened[0] + 1)
  })
})
