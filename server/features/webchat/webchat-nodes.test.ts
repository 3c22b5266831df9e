/**
 * The web chat across two nodes behind one Redis (server/testing/nodes.ts): the visitor's widget is connected to node
 * A, the agent to node B. The agent's typing, reply and read reach the widget, and the agent sees the reply delivered
 * and then read by the visitor, whichever node each report starts on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { as, callOf, login, send } from "../../testing/harness"
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
})
