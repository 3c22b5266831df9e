/**
 * Voice calls over two server processes' worth of servers on one PostgreSQL and one Redis (testing/nodes.ts): a call
 * rung through node A is answered by an agent on node B (B makes the customer's media leg, the card goes away on A),
 * simultaneous accepts on both nodes have one winner, a customer's hang-up arriving at A reaches the call carried by B,
 * a warm transfer's consult between agents on both nodes is relayed by the node carrying the call, and with node A
 * gone a call it rang is still answerable on B and otherwise ends as MISSED at its time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import type { Socket } from "socket.io-client"
import { as, callOf, devFetch, login, send } from "../../testing/harness"
import { browserPeer, connect, next, pause, record } from "../../testing/calls-peer"
import { useNodes } from "../../testing/nodes"
import type { TestServer } from "../../testing/test-server"
import { rowsOf } from "../../db/rows"

describe("voice calls across two nodes", () => {
  const cluster = useNodes(2)
  const nodeA = () => cluster.nodes[0]
  const nodeB = () => cluster.nodes[1]
  // admin's tabs on A, agent1's on B.
  const onA: Socket[] = []
  const onB: Socket[] = []
  const ids: Record<string, number> = {}
  let adminToken = ""

  beforeAll(async () => {
    const admin = await login(nodeA().url, "admin")
    const agent1 = await login(nodeB().url, "agent1")
    adminToken = admin.user_token
    ids.admin = admin.user_data.id
    ids.agent1 = agent1.user_data.id
    for (let i = 0; i < 3; i++) onA.push(await connect(nodeA().url, admin.user_token))
    for (let i = 0; i < 3; i++) onB.push(await connect(nodeB().url, agent1.user_token))
  }, 60_000)
  afterAll(() => {
    for (const socket of [...onA, ...onB]) socket.close()
  })

  const place = async (node: TestServer, number: string) => {
    const response = await devFetch(node, "/dev/simulator/calls", { clientId: 1, number, name: `Caller ${number}` })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { callId: string } }).data.callId
  }
  const recordOf = async (callId: string) => {
    const [row] = rowsOf(
      await nodeB().services.database.db.execute(sql`SELECT status, accepted_by FROM call_records WHERE call_id = ${callId}`),
    )
    return { status: row.status, accepted_by: row.accepted_by === null ? null : Number(row.accepted_by) }
  }

  it("a call rung through A is answered by agent1 on B: B answers the browser, media flows, A's cards go away", async () => {
    const ringing = Promise.all([...onA, ...onB].map((s) => next(s, "call-is-coming", (p) => p.callerNumber === "+905550008001", 10_000)))
    const callId = await place(nodeA(), "+905550008001")
    await ringing
    const peer = await browserPeer()
    try {
      const removed = Promise.all(onA.map((s) => next(s, "remove-call", (p) => p.callId === callId, 10_000)))
      const answered = next(onB[0], "browser-answer", (p) => p.callId === callId, 10_000)
      onB[0].emit("browser-offer", { callId, sdp: peer.offer })
      for (const removal of await removed) expect(removal).toEqual({ callId, userId: ids.agent1 })
      await peer.accept((await answered).sdp)
      await peer.connected()
      await peer.talk(25)
      await pause(300)
      // The customer's leg is B's: its media figures are there.
      const reply = await devFetch(nodeB(), `/dev/simulator/calls/${callId}`)
      // Should the call have ended already (media failing on a loaded machine), say how it ended.
      expect(reply.status, `the call's record: ${JSON.stringify(await recordOf(callId))}`).toBe(200)
      const stats = (await reply.json()) as any
      expect(stats.data.media.packetsReceived).toBeGreaterThan(10)
      expect(peer.received.packets).toBeGreaterThan(10)
      // The customer hangs up through A; the call carried by B ends everywhere.
      const ended = Promise.all([onA[0], onB[0]].map((s) => next(s, "call-ended", (p) => p.callId === callId, 10_000)))
      expect((await devFetch(nodeA(), `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")).status).toBe(200)
      await ended
      expect(await recordOf(callId)).toEqual({ status: "COMPLETED", accepted_by: ids.agent1 })
      // B let its peer go (its media figures are gone once the call ended).
      await pause(300)
      expect((await devFetch(nodeB(), `/dev/simulator/calls/${callId}`)).status).toBe(404)
    } finally {
      await peer.close()
    }
  }, 60_000)

  it("six tabs on two nodes accept at once: exactly one wins, every other drops the card naming the winner", async () => {
    const all = [...onA, ...onB]
    const ringing = Promise.all(all.map((s) => next(s, "call-is-coming", (p) => p.callerNumber === "+905550008002", 10_000)))
    const callId = await place(nodeB(), "+905550008002")
    await ringing
    const peer = await browserPeer()
    try {
      const answers = all.map((s) => record<{ callId: string }>(s, "browser-answer"))
      const removals = all.map((s) => record<{ callId: string; userId: number }>(s, "remove-call"))
      for (const s of all) s.emit("browser-offer", { callId, sdp: peer.offer })
      await pause(4000)
      const winners = answers.map((list, i) => (list.some((p) => p.callId === callId) ? i : -1)).filter((i) => i >= 0)
      expect(winners).toHaveLength(1)
      const winnerUser = winners[0] < onA.length ? ids.admin : ids.agent1
      removals.forEach((list, i) => {
        const mine = list.filter((p) => p.callId === callId)
        if (i === winners[0]) expect(mine).toEqual([])
        else expect(mine.length).toBeGreaterThan(0)
        for (const removal of mine) expect(removal.userId).toBe(winnerUser)
      })
      expect(await recordOf(callId)).toEqual({ status: "ACCEPTED", accepted_by: winnerUser })
      const ended = next(onA[1], "call-ended", (p) => p.callId === callId, 10_000)
      all[winners[0]].emit("terminate-call", { callId })
      await ended
    } finally {
      await peer.close()
    }
  }, 60_000)

  it("warm transfer across nodes: agent1 on B talks with admin on A through B's relay, then hands the call over", async () => {
    const heard = async () =>
      ((await (await devFetch(nodeB(), `/dev/simulator/calls/${callId}`)).json()) as any).data.media.heard as {
        agent: number
        tone: number
      }
    const ringing = next(onB[0], "call-is-coming", (p) => p.callerNumber === "+905550008005", 10_000)
    const callId = await place(nodeA(), "+905550008005")
    await ringing
    const [agent, colleague] = [await browserPeer(), await browserPeer()]
    try {
      const answered = next(onB[0], "browser-answer", (p) => p.callId === callId, 10_000)
      onB[0].emit("browser-offer", { callId, sdp: agent.offer })
      await agent.accept((await answered).sdp)
      await agent.connected()
      // agent1 asks admin (on A) to talk first; admin's answer comes from B, which carries the call.
      const card = next(onA[0], "call-is-coming", (p) => p.callId === callId, 10_000)
      onB[0].emit("consult", { callId, to: { kind: "agent", id: ids.admin } })
      expect(await card).toMatchObject({ consultBy: expect.any(String) })
      const started = next(onB[0], "consult-started", (p) => p.callId === callId, 10_000)
      const colleagueAnswer = next(onA[0], "browser-answer", (p) => p.callId === callId, 10_000)
      onA[0].emit("browser-offer", { callId, sdp: colleague.offer })
      await colleague.accept((await colleagueAnswer).sdp)
      await started
      await colleague.connected()
      const before = await heard()
      await Promise.all([agent.talk(15), colleague.talk(15)])
      await expect.poll(() => colleague.received.packets, { timeout: 5000 }).toBeGreaterThan(5)
      await expect.poll(() => agent.received.packets, { timeout: 5000 }).toBeGreaterThan(5)
      expect((await heard()).agent).toBe(before.agent)

      const handed = next(onA[0], "consult-ended", (p) => p.callId === callId, 10_000)
      const gone = next(onB[1], "remove-call", (p) => p.callId === callId, 10_000)
      onB[0].emit("consult-complete", { callId })
      expect(await handed).toEqual({ callId, handedOver: true })
      expect(await gone).toEqual({ callId, userId: ids.admin })
      await colleague.talk(15)
      await expect.poll(async () => (await heard()).agent, { timeout: 5000 }).toBeGreaterThan(before.agent + 5)
      expect(await recordOf(callId)).toEqual({ status: "ACCEPTED", accepted_by: ids.admin })
      const ended = next(onB[1], "call-ended", (p) => p.callId === callId, 10_000)
      onA[0].emit("terminate-call", { callId })
      await ended
    } finally {
      await Promise.all([agent.close(), colleague.close()])
    }
  }, 60_000)

  it("node A stops with two calls ringing that it rang: one is still answered on B, the other ends as MISSED at its time", async () => {
    expect((await send(nodeB().url, callOf("onboarding", "callSetting"), { ring_timeout_seconds: 10 }, as(adminToken))).status).toBe(200)
    const ringing = Promise.all([
      next(onB[0], "call-is-coming", (p) => p.callerNumber === "+905550008003", 10_000),
      next(onB[0], "call-is-coming", (p) => p.callerNumber === "+905550008004", 10_000),
    ])
    const rangAt = Date.now()
    const answerable = await place(nodeA(), "+905550008003")
    const unanswered = await place(nodeA(), "+905550008004")
    await ringing
    await nodeA().stop()
    const peer = await browserPeer()
    try {
      const answered = next(onB[0], "browser-answer", (p) => p.callId === answerable, 10_000)
      onB[0].emit("browser-offer", { callId: answerable, sdp: peer.offer })
      await peer.accept((await answered).sdp)
      await peer.connected()
      expect(await recordOf(answerable)).toEqual({ status: "ACCEPTED", accepted_by: ids.agent1 })
      await next(onB[1], "call-ended", (p) => p.callId === unanswered, 30_000)
      expect(Date.now() - rangAt).toBeGreaterThanOrEqual(14_000)
      expect(await recordOf(unanswered)).toEqual({ status: "MISSED", accepted_by: null })
      const ended = next(onB[1], "call-ended", (p) => p.callId === answerable, 10_000)
      onB[0].emit("terminate-call", { callId: answerable })
      await ended
      expect((await recordOf(answerable)).status).toBe("COMPLETED")
    } finally {
      await peer.close()
    }
  }, 90_000)
})
