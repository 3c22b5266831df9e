/**
 * kill -9 of a server PROCESS holding calls (scripts/cluster-kit.ts: PostgreSQL, Redis, two `server/main.ts` child
 * processes, HAProxy with n1 in use and n2 as its backup). PostgreSQL only: PGlite cannot be shared by processes.
 *
 * Node A rings three calls; admin (socket through HAProxy, so on A) answers one, carried by A. A is killed with SIGKILL:
 * admin's socket comes back through HAProxy on B; a call A rang is still answered by agent1 on B (admin's card goes),
 * the unanswered one ends as MISSED at its ring time (the `calls.end` job, run by B), and the call A carried ends as
 * COMPLETED for admin once A's lease ran out (the `calls.orphans` schedule on B), while agent1's call on B goes on.
 */
import { join } from "node:path"
import pg from "pg"
import type { Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, startCluster } from "../../../scripts/cluster-kit"
import { as, callOf, login, send } from "../../testing/harness"
import { browserPeer, connect, next, pause } from "../../testing/calls-peer"

const RING_SECONDS = 10

describe("a node killed with kill -9 while a call rings and another is answered (PostgreSQL)", () => {
  // The nodes' and HAProxy's logs stay there for a look after a failure.
  const dir = join(import.meta.dirname, "..", "..", "..", ".tmp", "calls-node-killed")
  let cluster: Cluster
  let db: pg.Client
  const sockets: Socket[] = []
  beforeAll(async () => {
    // No load shedding on a loaded CI machine (as test servers, testing/test-server.ts).
    cluster = await startCluster({ nodes: 2, port: 0, dir, balance: "failover", env: { SHED_AFTER_MS: "0" }, log: () => {} })
    db = new pg.Client({ connectionString: cluster.databaseUrl })
    await db.connect()
  }, 240_000)
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await db?.end()
    await cluster?.stop()
  }, 60_000)

  const place = async (url: string, number: string) => {
    const response = await fetch(`${url}/dev/simulator/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-key": cluster.devKey },
      body: JSON.stringify({ clientId: 1, number, name: `Caller ${number}` }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { callId: string } }).data.callId
  }
  const recordOf = async (callId: string) => {
    const { rows } = await db.query(
      "SELECT r.status, r.accepted_by, r.duration, l.owner_node FROM call_records r LEFT JOIN live_calls l USING (call_id) WHERE r.call_id = $1",
      [callId],
    )
    const row = rows[0] as { status: string; accepted_by: number | null; duration: number | null; owner_node: string | null }
    return { ...row, accepted_by: row.accepted_by === null ? null : Number(row.accepted_by) }
  }

  it("the ringing call is answered on B or ends at its time, the answered call ends as COMPLETED for its agent", async () => {
    const [nodeA, nodeB] = cluster.nodes
    const pidA = nodeA.process?.pid
    const admin = await login(cluster.url, "admin")
    const agent1 = await login(nodeB.url, "agent1")
    expect(
      (await send(nodeB.url, callOf("onboarding", "callSetting"), { ring_timeout_seconds: RING_SECONDS }, as(admin.user_token))).status,
    ).toBe(200)
    // admin through the balancer (n1 while it is up), reconnecting by itself; agent1 straight on B.
    const onA = await connect(cluster.url, admin.user_token, true)
    const onB = await connect(nodeB.url, agent1.user_token)
    sockets.push(onA, onB)
    const numbers = ["+905550009101", "+905550009102", "+905550009103"]
    const rung = Promise.all([onA, onB].flatMap((s) => numbers.map((n) => next(s, "call-is-coming", (p) => p.callerNumber === n, 10_000))))
    const rangAt = Date.now()
    const [held, answerable, unanswered] = [
      await place(nodeA.url, numbers[0]),
      await place(nodeA.url, numbers[1]),
      await place(nodeA.url, numbers[2]),
    ]
    await rung

    // admin answers `held` on A: A carries its media.
    const adminPeer = await browserPeer()
    const agentPeer = await browserPeer()
    try {
      const adminAnswer = next(onA, "browser-answer", (p) => p.callId === held, 10_000)
      onA.emit("browser-offer", { callId: held, sdp: adminPeer.offer })
      await adminPeer.accept((await adminAnswer).sdp)
      await adminPeer.connected()
      const before = await recordOf(held)
      expect(before).toMatchObject({ status: "ACCEPTED", accepted_by: admin.user_data.id })
      expect(before.owner_node?.startsWith(`${pidA}:`)).toBe(true)

      // kill -9 of A: no graceful stop, no lease dropped, no socket told.
      const gone = new Promise<void>((resolve) => nodeA.process?.once("exit", () => resolve()))
      const dropped = new Promise<void>((resolve) => onA.once("disconnect", () => resolve()))
      const killedAt = Date.now()
      cluster.kill(0)
      await gone
      await dropped
      await new Promise<void>((resolve) => onA.once("connect", () => resolve()))
      console.log(`[calls-kill] admin's socket back through HAProxy (on B) ${Date.now() - killedAt} ms after the kill`)

      // A call A rang is still answered, on B: admin's reconnected socket drops its card naming agent1.
      const removed = next(onA, "remove-call", (p) => p.callId === answerable, 10_000)
      const agentAnswer = next(onB, "browser-answer", (p) => p.callId === answerable, 10_000)
      onB.emit("browser-offer", { callId: answerable, sdp: agentPeer.offer })
      await agentPeer.accept((await agentAnswer).sdp)
      await agentPeer.connected()
      expect(await removed).toEqual({ callId: answerable, userId: agent1.user_data.id })
      expect(await recordOf(answerable)).toMatchObject({ status: "ACCEPTED", accepted_by: agent1.user_data.id })

      // The call nobody answered ends as MISSED at its ring time (+ the 5 s grace), on both agents' screens.
      await Promise.all([onA, onB].map((s) => next(s, "call-ended", (p) => p.callId === unanswered, 30_000)))
      expect(Date.now() - rangAt).toBeGreaterThanOrEqual((RING_SECONDS + 5) * 1000 - 500)
      expect(await recordOf(unanswered)).toMatchObject({ status: "MISSED", accepted_by: null })

      // The call A carried: its media died with A; once A's lease (15 s) ran out it ends as COMPLETED, still admin's.
      if ((await recordOf(held)).status === "ACCEPTED") await next(onA, "call-ended", (p) => p.callId === held, 40_000)
      const after = await recordOf(held)
      expect(after).toMatchObject({ status: "COMPLETED", accepted_by: admin.user_data.id, owner_node: null })
      expect(after.duration).toBeGreaterThanOrEqual(1)
      console.log(`[calls-kill] the call A carried ended ${Date.now() - killedAt} ms after the kill`)

      // agent1's call, carried by B, was not touched: media still flows, and it ends when agent1 hangs up.
      const heard = agentPeer.received.packets
      await agentPeer.talk(25)
      await pause(300)
      expect(agentPeer.received.packets).toBeGreaterThan(heard)
      expect((await recordOf(answerable)).status).toBe("ACCEPTED")
      const ended = next(onA, "call-ended", (p) => p.callId === answerable, 10_000)
      onB.emit("terminate-call", { callId: answerable })
      await ended
      expect(await recordOf(answerable)).toMatchObject({ status: "COMPLETED", accepted_by: agent1.user_data.id })
    } finally {
      await adminPeer.close()
      await agentPeer.close()
    }
  }, 120_000)
})
