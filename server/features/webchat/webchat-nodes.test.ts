/**
 * The web chat across two nodes behind one Redis (server/testing/nodes.ts): the visitor's widget is connected to node
 * A, the agent to node B. The agent's typing, reply and read reach the widget, and the agent sees the reply delivered
 * and then read by the visitor, whichever node each report starts on. And the queue raced from both nodes at once
 * (routing, tenant-settings/auto-assign.ts): customers writing through A and B, closes on A and B, both nodes' job
 * runners serving the queue; nobody goes over their cap, no conversation is given twice, the queue is served in its
 * order, and the visitor on A sees their place fall.
 */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { rowsOf } from "../../db/rows"
import { as, callOf, customerWrites, login, send } from "../../testing/harness"
import { connect, next } from "../../testing/calls-peer"
import { useNodes } from "../../testing/nodes"
import { enableWidget, visitorCall, visitorSocket } from "./webchat.testing"

const SITE = "https://shop.example.com"

describe("web chat with the widget on node A and the agent on node B", () => {
  const cluster = useNodes(2)
  const nodeA = () => cluster.nodes[0]
  const nodeB = () => cluster.nodes[1]
  const sockets: Socket[] = []
  let agent: Socket
  let agentHeaders: Record<string, string>
  let visitor: Socket
  let visitorId = ""

  beforeAll(async () => {
    const agent1 = await login(nodeB().url, "agent1")
    agentHeaders = as(agent1.user_token)
    agent = await connect(nodeB().url, agent1.user_token)
    const { key } = await enableWidget(nodeB().url, "admin", [SITE])
    const started = await visitorCall(nodeA().url, "session", SITE, { key, visitor: { name: "Grace Hopper" } })
    expect(started.status).toBe(200)
    visitorId = started.body.token.split(".")[2]
    visitor = await visitorSocket(nodeA().url, SITE, { key, token: started.body.token })
    sockets.push(agent, visitor)
  })
  afterAll(() => {
    for (const socket of sockets) socket.close()
  })

  it("the visitor's message written on A is in the agent's inbox on B", async () => {
    const inbox = next<any>(agent, "chat:message", (p) => p.message.number === visitorId, 10_000)
    const ack = await visitor.timeout(10_000).emitWithAck("message", { text: "Where is my parcel?" })
    expect(ack.message.text).toBe("Where is my parcel?")
    const { conversation, message } = await inbox
    expect(message.channel_type).toBe("webchat")
    // The agent opens it: its delivery states go to the consoles that have it open (chat-audience.ts).
    await agent.timeout(5000).emitWithAck("chat:watch", { all: false, conversation_ids: [conversation.id] })
  })

  it("the agent's typing and reply sent through B reach the widget on A, and B's agent sees it delivered", async () => {
    const typing = next<any>(visitor, "typing", undefined, 10_000)
    await send(
      nodeB().url,
      callOf("chat", "messagesSendByType"),
      { type: "typing_indicator", typing_indicator: { to: [visitorId], message: { state: "typing" } } },
      agentHeaders,
    )
    expect((await typing).state).toBe("typing")

    const reply = next<any>(visitor, "message", (m) => m.from === "agent", 10_000)
    const delivered = next<any>(agent, "chat:message-status", (p) => p.status === "delivered", 10_000)
    const sent = await send(
      nodeB().url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [visitorId], message: { text: "It arrives tomorrow" } } },
      agentHeaders,
    )
    expect(sent.status).toBe(200)
    expect((await reply).text).toBe("It arrives tomorrow")
    expect((await delivered).message_id).toBeGreaterThan(0)
  })

  it("the agent's read on B shows on the widget on A; the visitor's read on A reaches the agent on B", async () => {
    const seen = next<any>(visitor, "read", undefined, 10_000)
    expect((await send(nodeB().url, callOf("chat", "messagesReset"), { number: visitorId }, agentHeaders)).status).toBe(200)
    await seen
    const read = next<any>(agent, "chat:message-status", (p) => p.status === "read", 10_000)
    visitor.emit("read", {})
    expect((await read).message_id).toBeGreaterThan(0)
  })

  it("two nodes serve the queue at once: within the caps, each conversation once, in order; the visitor's place falls", async () => {
    const db = nodeA().services.database.db
    const admin = as((await login(nodeB().url, "admin")).user_token)
    await db.execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'`)
    await db.execute(sql`UPDATE users SET online = (username IN ('agent1', 'agent2')) WHERE client_id = 1`)
    const settings = await send(
      nodeB().url,
      callOf("onboarding", "updateAllsettings"),
      { auto_assign: true, max_chats_per_agent: 1 },
      admin,
    )
    expect(settings.status).toBe(200)
    const open = async () =>
      rowsOf(
        await db.execute(sql`SELECT c.id, c.assigned_user_id, c.queued_at IS NOT NULL AS waiting FROM conversations c
          WHERE c.client_id = 1 AND c.status <> 'closed' ORDER BY c.queue_priority DESC, c.queued_at, c.id`),
      )
    const until = async (done: (rows: Record<string, unknown>[]) => boolean) => {
      for (let i = 0; i < 100; i++) {
        const rows = await open()
        if (done(rows)) return rows
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`The queue did not settle: ${JSON.stringify(await open())}`)
    }
    const numbers = Array.from({ length: 6 }, (_, i) => `+90555313${String(i).padStart(4, "0")}`)
    const written = await Promise.all(numbers.map((n, i) => customerWrites(i % 2 === 0 ? nodeA() : nodeB(), n, { text: "Hello" })))
    expect(written.map((w) => w.status)).toEqual(numbers.map(() => 200))
    const first = await until((rows) => rows.length === 6 && rows.filter((r) => r.waiting).length === 4)
    const held = first.filter((r) => !r.waiting)
    expect(new Set(held.map((r) => r.assigned_user_id)).size).toBe(2)

    // The visitor on A joins the queue behind the four.
    const fifth = next<any>(visitor, "queue", (q) => q.position === 5, 10_000)
    await visitor.timeout(10_000).emitWithAck("message", { text: "Anyone there?" })
    expect((await fifth).position).toBe(5)
    const order = (await until((rows) => rows.filter((r) => r.waiting).length === 5)).filter((r) => r.waiting).map((r) => Number(r.id))

    // Both held conversations close at once, one through each node: the two at the head of the queue take the places.
    const third = next<any>(visitor, "queue", (q) => q.position === 3, 15_000)
    const closed = await Promise.all(
      held.map((r, i) => send((i === 0 ? nodeA() : nodeB()).url, callOf("chat", "chatClose"), { conversation_id: Number(r.id) }, admin)),
    )
    expect(closed.map((c) => c.status)).toEqual([200, 200])
    expect((await third).position).toBe(3)
    const after = await until((rows) => rows.filter((r) => r.waiting).length === 3)
    expect(
      after
        .filter((r) => !r.waiting)
        .map((r) => Number(r.id))
        .sort(),
    ).toEqual(order.slice(0, 2).sort())
    const loads = rowsOf(
      await db.execute(sql`SELECT l.held FROM agent_loads l JOIN users u ON u.id = l.user_id WHERE u.username IN ('agent1', 'agent2')`),
    )
    expect(loads.map((l) => Number(l.held))).toEqual([1, 1])
    const given = rowsOf(
      await db.execute(sql`SELECT data ->> 'conversation_id' AS id, count(*)::int AS n FROM domain_events
        WHERE client_id = 1 AND type = 'conversation.assigned' AND data ->> 'previous_agent_id' IS NULL
          AND (data ->> 'conversation_id')::int = ANY(string_to_array(${[...held.map((r) => r.id), ...order].join(",")}, ',')::int[]) GROUP BY 1`),
    )
    expect(given.every((g) => Number(g.n) === 1)).toBe(true)
    expect(given).toHaveLength(4)
    await send(nodeB().url, callOf("onboarding", "updateAllsettings"), { auto_assign: false, max_chats_per_agent: 5 }, admin)
  })
})
