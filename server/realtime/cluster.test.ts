/**
 * Two server processes' worth of servers on one PostgreSQL database and one Redis (server/testing/nodes.ts): what an
 * agent sees does not depend on which node their socket or the request landed on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { as, callOf, customerWrites, login, send } from "../testing/harness"
import { connect, next } from "../testing/calls-peer"
import { useNodes } from "../testing/nodes"

describe("two nodes behind one Redis", () => {
  const cluster = useNodes(2)
  const nodeA = () => cluster.nodes[0]
  const nodeB = () => cluster.nodes[1]
  let agent1: { token: string; socket: Socket; userId: number }
  let agent2: { token: string; socket: Socket; userId: number }

  beforeAll(async () => {
    const one = await login(nodeA().url, "agent1")
    const two = await login(nodeB().url, "agent2")
    agent1 = { token: one.user_token, socket: await connect(nodeA().url, one.user_token), userId: one.user_data.id }
    agent2 = { token: two.user_token, socket: await connect(nodeB().url, two.user_token), userId: two.user_data.id }
  })
  afterAll(() => {
    agent1?.socket.close()
    agent2?.socket.close()
  })

  it("a customer's message that arrives through node B reaches agent1's socket on node A (and agent2's on B)", async () => {
    const text = `Hello across nodes ${Date.now()}`
    const onA = next(agent1.socket, "chat:message", (p: any) => p.message?.body === text, 10_000)
    const onB = next(agent2.socket, "chat:message", (p: any) => p.message?.body === text, 10_000)
    const reply = await customerWrites(nodeB(), "+905557790001", { text })
    expect(reply.status).toBe(200)
    const [a, b] = await Promise.all([onA, onB])
    expect(a.message.id).toBe(b.message.id)
  })

  it("an agent going online on node A is shown to agent2's socket on node B", async () => {
    const status = next(agent2.socket, "agent-status", (p: any) => p.userId === agent1.userId && p.online === true, 10_000)
    const reply = await send(nodeA().url, callOf("auth", "agentOnline"), {}, as(agent1.token))
    expect(reply.status).toBe(200)
    expect(await status).toEqual({ userId: agent1.userId, online: true })
  })

  it("the per-address login limit counts attempts on both nodes as one budget", async () => {
    const attempt = (url: string, i: number) =>
      fetch(`${url}/api${callOf("auth", "authUser").path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: `nobody-${i}`, password: "wrong-password" }),
      })
    const first = await attempt(nodeA().url, 0)
    expect(first.status).toBe(401)
    const left = Number(first.headers.get("x-ratelimit-remaining"))
    expect(left).toBeGreaterThan(0)
    // The rest of the budget, alternating nodes: each node alone would allow twice as many.
    for (let i = 1; i <= left; i++) {
      const reply = await attempt(i % 2 ? nodeB().url : nodeA().url, i)
      expect(reply.status).toBe(401)
      expect(Number(reply.headers.get("x-ratelimit-remaining"))).toBe(left - i)
    }
    expect((await attempt(nodeB().url, left + 1)).status).toBe(429)
    expect((await attempt(nodeA().url, left + 2)).status).toBe(429)
  })
})
