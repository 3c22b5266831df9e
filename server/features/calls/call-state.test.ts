/**
 * Voice calls whose state lives in the database, on one server over each database: the first of many simultaneous
 * accepts wins and the others drop their card; the tenant's ring time is the card's countdown and the server's MISSED
 * (a job on the queue); a call finding every online agent busy waits in the agents' queue and is served first in, first
 * out; a tenant ringing a few agents at a time rings them in turn and widens on declines and each step; a tenant with
 * calls turned off refuses them at the channel; a call whose carrying process died
 * (its lease gone) is ended by the process still alive.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import type { Socket } from "socket.io-client"
import { DB_KINDS, as, callOf, devFetch, login, send, useServer } from "../../testing/harness"
import { browserPeer, connect, next, pause, record } from "../../testing/calls-peer"
import { rowsOf } from "../../db/rows"
import { hubOf } from "./call-hub"
import { tookTurns } from "./call-widen"
import { callTakers } from "./call-takers"
import { wakeJobs } from "../../core/jobs"
import { RING_STEP_SECONDS } from "../../../src/contract/voice-calls"

describe.each(DB_KINDS)("voice calls kept in the database (%s)", (kind) => {
  const ctx = useServer(kind)
  const sockets: Socket[] = []
  const ids: Record<string, number> = {}
  let adminToken = ""
  let agentToken = ""
  let admin: Socket
  let agent1: Socket

  beforeAll(async () => {
    const a = await login(ctx.url, "admin")
    const b = await login(ctx.url, "agent1")
    adminToken = a.user_token
    agentToken = b.user_token
    ids.admin = a.user_data.id
    ids.agent1 = b.user_data.id
    // Several tabs per agent: eight sockets racing for every call.
    for (const token of [a.user_token, b.user_token]) for (let i = 0; i < 4; i++) sockets.push(await connect(ctx.url, token))
    admin = sockets[0]
    agent1 = sockets[4]
  })
  afterAll(() => {
    for (const socket of sockets) socket.close()
  })

  const place = async (number: string) => {
    const response = await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number, name: `Caller ${number}` })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { callId: string } }).data.callId
  }
  const statusOf = async (callId: string) => {
    const [row] = rowsOf(
      await ctx.server.services.database.db.execute(sql`SELECT status, accepted_by FROM call_records WHERE call_id = ${callId}`),
    )
    return { status: row.status, accepted_by: row.accepted_by === null ? null : Number(row.accepted_by) }
  }
  const setCalls = (values: Record<string, unknown>) => send(ctx.url, callOf("onboarding", "callSetting"), values, as(adminToken))

  it("eight sockets accept at once: exactly one gets the browser answer, every other drops the card naming the winner", async () => {
    const ringing = Promise.all(sockets.map((s) => next(s, "call-is-coming", (p) => p.callerNumber === "+905550007001")))
    const callId = await place("+905550007001")
    const [first] = await ringing
    expect(first.ringSeconds).toBe(60)
    const peer = await browserPeer()
    try {
      const answers = sockets.map((s) => record<{ callId: string }>(s, "browser-answer"))
      const removals = sockets.map((s) => record<{ callId: string; userId: number }>(s, "remove-call"))
      for (const s of sockets) s.emit("browser-offer", { callId, sdp: peer.offer })
      await pause(3000)
      const winners = answers.map((list, i) => (list.some((p) => p.callId === callId) ? i : -1)).filter((i) => i >= 0)
      expect(winners).toHaveLength(1)
      const winner = winners[0]
      const winnerUser = winner < 4 ? ids.admin : ids.agent1
      removals.forEach((list, i) => {
        const mine = list.filter((p) => p.callId === callId)
        if (i === winner) expect(mine).toEqual([])
        else expect(mine.length).toBeGreaterThan(0)
        for (const removal of mine) expect(removal.userId).toBe(winnerUser)
      })
      expect(await statusOf(callId)).toEqual({ status: "ACCEPTED", accepted_by: winnerUser })
      const ended = next(admin, "call-ended", (p) => p.callId === callId)
      sockets[winner].emit("terminate-call", { callId })
      await ended
      expect((await statusOf(callId)).status).toBe("COMPLETED")
    } finally {
      await peer.close()
    }
  }, 30_000)

  it("the tenant's ring time is the card's countdown, and an unanswered call ends as MISSED by the queue at that time", async () => {
    expect((await setCalls({ ring_timeout_seconds: 10 })).status).toBe(200)
    try {
      const ringing = next(agent1, "call-is-coming", (p) => p.callerNumber === "+905550007002")
      const rangAt = Date.now()
      const callId = await place("+905550007002")
      expect((await ringing).ringSeconds).toBe(10)
      await pause(8000)
      expect((await statusOf(callId)).status).toBe("RINGING")
      await next(agent1, "call-ended", (p) => p.callId === callId, 30_000)
      // Ten seconds of ringing and the grace for a last-second accept; never before.
      expect(Date.now() - rangAt).toBeGreaterThanOrEqual(14_000)
      expect(await statusOf(callId)).toEqual({ status: "MISSED", accepted_by: null })
    } finally {
      await setCalls({ ring_timeout_seconds: 60 })
    }
  }, 60_000)

  it("with calls turned off a customer's call is refused at the channel (no card rings) and so is a dial; Call History says REFUSED", async () => {
    expect((await setCalls({ enabled: false })).status).toBe(200)
    try {
      const cards = record(agent1, "call-is-coming")
      const callId = await place("+905550007003")
      await pause(500)
      expect(cards).toEqual([])
      expect(await statusOf(callId)).toEqual({ status: "REFUSED", accepted_by: null })
      expect(await hubOf(ctx.server.services).live(callId)).toBeNull()
      // The agent's dial is refused too: the console hears REFUSED (and says calls are off), Call History keeps it.
      const statuses = record<{ callId: string; callStatus: string }>(agent1, "call-status-update")
      const ends = record<{ callId: string }>(agent1, "call-ended")
      const initiated = next(agent1, "initiated-call-response", (p) => p.number === "+905550007006")
      agent1.emit("initiate-call", { number: "+905550007006", sdp: "v=0" })
      const dialled = (await initiated).callId
      await pause(300)
      expect(statuses.filter((p) => p.callId === dialled).map((p) => p.callStatus)).toEqual(["REFUSED"])
      expect(ends.filter((p) => p.callId === dialled)).toHaveLength(1)
      expect(await statusOf(dialled)).toEqual({ status: "REFUSED", accepted_by: ids.agent1 })
    } finally {
      await setCalls({ enabled: true })
    }
    const ringing = next(agent1, "call-is-coming", (p) => p.callerNumber === "+905550007004")
    const callId = await place("+905550007004")
    await ringing
    await devFetch(ctx.server, `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")
  })

  it("calls that find every online agent busy wait in the queue, ring in arrival order as a place frees, else miss with the away message", async () => {
    const presence = (name: "agentOnline" | "agentOffline") => send(ctx.url, callOf("auth", name), {}, as(adminToken))
    const inbox = async (number: string) =>
      (
        (await (
          await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
        ).json()) as any
      ).data.items as { body: string }[]
    const queuedCalls = async (token = adminToken) =>
      ((await send(ctx.url, callOf("routing", "routingQueue"), {}, as(token))).body.data.calls as any[]).map((c) => [
        c.call_id,
        c.position,
        c.ringing,
      ])
    const peers: Awaited<ReturnType<typeof browserPeer>>[] = []
    const answer = async (callId: string) => {
      const peer = await browserPeer()
      peers.push(peer)
      const answered = next(agent1, "browser-answer", (p) => p.callId === callId)
      agent1.emit("browser-offer", { callId, sdp: peer.offer })
      await answered
    }
    // The queue page hears every call join, ring from and leave the queue on the tenant's sockets; another tenant's hear nothing.
    const other = await connect(ctx.url, (await login(ctx.url, "admin2")).user_token)
    sockets.push(other)
    const foreign = record(other, "call-queue-changed")
    const changes = record<{ callId: string }>(admin, "call-queue-changed")
    // Only agent1 is online, at their voice cap of 1 once on a call.
    expect((await presence("agentOffline")).status).toBe(200)
    expect((await setCalls({ ring_timeout_seconds: 10 })).status).toBe(200)
    let talking = ""
    try {
      const rang = next(agent1, "call-is-coming", (p) => p.callerNumber === "+905550007011")
      const first = await place("+905550007011")
      await rang
      await answer(first)
      const cards = record<{ callId: string; ringSeconds: number }>(agent1, "call-is-coming")
      const second = await place("+905550007012")
      const third = await place("+905550007013")
      await pause(500)
      expect(changes.map((p) => p.callId)).toEqual([second, third])
      expect(cards).toEqual([])
      expect(await statusOf(second)).toEqual({ status: "RINGING", accepted_by: null })
      expect(await inbox("+905550007012")).toEqual([])
      expect(await queuedCalls()).toEqual([
        [second, 1, false],
        [third, 2, false],
      ])
      // An agent who takes calls sees them too.
      expect(await queuedCalls(agentToken)).toEqual(await queuedCalls())

      // The first call ends: the oldest waiting call rings agent1 with what is left of its ring time, the next waits.
      await pause(1500)
      const secondRings = next(agent1, "call-is-coming", (p) => p.callId === second)
      agent1.emit("terminate-call", { callId: first })
      const card = await secondRings
      expect(card.ringSeconds).toBeGreaterThan(0)
      expect(card.ringSeconds).toBeLessThan(10)
      await pause(300)
      expect(cards.map((p) => p.callId)).toEqual([second])
      expect(await queuedCalls()).toEqual([
        [second, 1, true],
        [third, 2, false],
      ])
      const thirdRings = next(agent1, "call-is-coming", (p) => p.callId === third)
      agent1.emit("reject-call", { callId: second })
      await thirdRings
      expect((await statusOf(second)).status).toBe("REJECTED")
      await answer(third)
      talking = third

      // Nobody frees up for the fourth: it ends as MISSED at its ring time and the customer gets the away message.
      const fourth = await place("+905550007014")
      // It rang nobody, so no console shows it: its end is in its record (and the queue pages hear it).
      await expect.poll(async () => (await statusOf(fourth)).status, { timeout: 30_000, interval: 500 }).toBe("MISSED")
      expect(await statusOf(fourth)).toEqual({ status: "MISSED", accepted_by: null })
      await expect.poll(async () => (await inbox("+905550007014")).length, { timeout: 10_000 }).toBe(1)
      expect(await inbox("+905550007013")).toEqual([])

      // A held call is not one the agent talks on: holding the third gives the place to the fifth, waiting.
      const fifth = await place("+905550007015")
      await pause(300)
      expect(await queuedCalls()).toEqual([[fifth, 1, false]])
      const fifthRings = next(agent1, "call-is-coming", (p) => p.callId === fifth)
      agent1.emit("hold", { callId: third })
      await fifthRings
      await devFetch(ctx.server, `/dev/simulator/calls/${fifth}/hangup`, undefined, "POST")
      // Each waiting call joined, rang (second, third, fifth), left taken (third) or ended (second rejected, fourth
      // missed, fifth hung up); the first, rung at once, never waited. Nothing reached the other tenant.
      await expect
        .poll(() => changes.map((p) => p.callId))
        .toEqual([second, third, second, second, third, third, fourth, fourth, fifth, fifth, fifth])
      expect(foreign).toEqual([])
    } finally {
      if (talking) agent1.emit("terminate-call", { callId: talking })
      await Promise.all(peers.map((peer) => peer.close()))
      await setCalls({ ring_timeout_seconds: 60 })
      await presence("agentOnline")
    }
  }, 60_000)

  it("ringing one agent at a time: calls go round the agents; a decline, or a step unanswered, rings the next; the last decline rejects", async () => {
    const db = ctx.server.services.database.db
    expect((await setCalls({ ring_at_once: 1 })).status).toBe(200)
    await db.execute(sql`DELETE FROM agent_ring_turns`)
    const rang = {
      [ids.admin]: record<{ callId: string }>(admin, "call-is-coming"),
      [ids.agent1]: record<{ callId: string }>(agent1, "call-is-coming"),
    }
    const rangFor = (callId: string) =>
      Object.keys(rang)
        .filter((id) => rang[Number(id)].some((p) => p.callId === callId))
        .map(Number)
    const declined = (user: number, callId: string) => (user === ids.admin ? admin : agent1).emit("reject-call", { callId })
    try {
      // Nobody rung yet: the first call rings the lower id; the second, the agent rung longest ago (never), the other.
      const a = await place("+905550007101")
      await pause(500)
      const [first] = rangFor(a)
      expect(rangFor(a)).toEqual([Math.min(ids.admin, ids.agent1)])
      const b = await place("+905550007102")
      await pause(500)
      const second = first === ids.admin ? ids.agent1 : ids.admin
      expect(rangFor(b)).toEqual([second])
      // The agent it rang declines call a: it rings the next, with what is left of its ring time; not rejected.
      declined(first, a)
      await pause(500)
      expect(rangFor(a).sort()).toEqual([ids.admin, ids.agent1].sort())
      expect((await statusOf(a)).status).toBe("RINGING")
      // Everyone who can take it declined it: rejected.
      const ended = next(admin, "call-ended", (p) => p.callId === a)
      declined(second, a)
      await ended
      expect((await statusOf(a)).status).toBe("REJECTED")
      // Call b unanswered: its next step is due RING_STEP_SECONDS after it rang, and then rings the other agent too.
      const [step] = rowsOf(
        await db.execute(sql`SELECT id, extract(epoch FROM run_at - now()) AS due_in FROM jobs
          WHERE kind = 'calls.ring-wider' AND payload ->> 'callId' = ${b} AND status = 'queued'`),
      )
      expect(Number(step.due_in)).toBeGreaterThan(RING_STEP_SECONDS - 3)
      expect(Number(step.due_in)).toBeLessThanOrEqual(RING_STEP_SECONDS)
      const widened = next(first === ids.admin ? admin : agent1, "call-is-coming", (p) => p.callId === b)
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${step.id}`)
      wakeJobs(ctx.server.services)
      expect((await widened).ringSeconds).toBeLessThan(60)
      expect(rangFor(b).sort()).toEqual([ids.admin, ids.agent1].sort())
      const bEnded = next(admin, "call-ended", (p) => p.callId === b)
      declined(ids.admin, b)
      declined(ids.agent1, b)
      await bEnded
      expect((await statusOf(b)).status).toBe("REJECTED")
    } finally {
      await setCalls({ ring_at_once: 0 })
    }
  }, 30_000)

  it("a call's end reaches the agents it rang and the open queue pages, not every agent who may take calls", async () => {
    const db = ctx.server.services.database.db
    expect((await setCalls({ ring_at_once: 1 })).status).toBe(200)
    await db.execute(sql`DELETE FROM agent_ring_turns`)
    const [rungSocket, otherTab, queuePage] = ids.admin < ids.agent1 ? [admin, sockets[5], sockets[6]] : [agent1, sockets[1], sockets[2]]
    expect(await queuePage.timeout(5000).emitWithAck("rt:watch", { channels: ["queue"] })).toEqual({ ok: true })
    const unrung = record<{ callId: string }>(otherTab, "call-ended")
    try {
      const ringing = next(rungSocket, "call-is-coming", (p) => p.callerNumber === "+905550007201")
      const callId = await place("+905550007201")
      await ringing
      const [rungHears, pageHears] = [
        next(rungSocket, "call-ended", (p) => p.callId === callId),
        next(queuePage, "call-ended", (p) => p.callId === callId),
      ]
      await devFetch(ctx.server, `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")
      await Promise.all([rungHears, pageHears])
      await pause(300)
      expect(unrung.filter((p) => p.callId === callId)).toEqual([])
    } finally {
      await queuePage.timeout(5000).emitWithAck("rt:watch", { channels: [] })
      await setCalls({ ring_at_once: 0 })
      await db.execute(sql`DELETE FROM agent_ring_turns`)
    }
  })

  it("a few at a time: the first free agents in their ring turn, one at their voice cap passed over", async () => {
    const db = ctx.server.services.database.db
    const [a, b] = [ids.admin, ids.agent1].sort((x, y) => x - y)
    const takers = (first?: number) => callTakers(ctx.server.services, { clientId: 1, first })
    await db.execute(sql`INSERT INTO agent_ring_turns (user_id, rung_at) VALUES (${a}, '2020-01-01'), (${b}, '2020-01-02')
      ON CONFLICT (user_id) DO UPDATE SET rung_at = EXCLUDED.rung_at`)
    expect(await takers(1)).toEqual([a])
    await db.execute(sql`UPDATE agent_ring_turns SET rung_at = '2019-01-01' WHERE user_id = ${b}`)
    expect(await takers(1)).toEqual([b])
    expect(await takers(5)).toEqual([b, a])
    await db.execute(sql`UPDATE users SET attributes = attributes || '{"max_voice": 0}'::jsonb WHERE id = ${b}`)
    try {
      expect(await takers(1)).toEqual([a])
      expect(await takers()).toEqual([a])
    } finally {
      await db.execute(sql`UPDATE users SET attributes = attributes - 'max_voice' WHERE id = ${b}`)
      await db.execute(sql`DELETE FROM agent_ring_turns`)
    }
  })

  // PGlite has one connection: a second transaction waits for the first whatever the statement.
  it.skipIf(kind === "pglite")("a ring turn another ringing transaction is stamping is skipped, not waited for", async () => {
    const database = ctx.server.services.database
    const [a, b] = [ids.admin, ids.agent1].sort((x, y) => x - y)
    await database.db.execute(sql`INSERT INTO agent_ring_turns (user_id, rung_at) VALUES (${a}, '2020-01-01'), (${b}, '2020-01-01')
      ON CONFLICT (user_id) DO UPDATE SET rung_at = EXCLUDED.rung_at`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked = () => {}
    const holding = new Promise<void>((resolve) => (locked = resolve))
    // Another call's ringing transaction, open, holding agent a's turn.
    const other = database.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM agent_ring_turns WHERE user_id = ${a} FOR UPDATE`)
      locked()
      await held
    })
    try {
      await holding
      const started = Date.now()
      // Waiting for agent a's turn would fail here rather than wait for the test's time-out.
      await database.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '2s'`)
        await tookTurns(tx, { callId: "turns-test", clientId: 1 }, { fresh: [a, b], width: 2, more: false })
      })
      expect(Date.now() - started).toBeLessThan(1_000)
    } finally {
      release()
      await other
    }
    const turns = rowsOf(
      await database.db.execute(sql`SELECT user_id, rung_at < '2021-01-01' AS old FROM agent_ring_turns
      WHERE user_id IN (${a}, ${b}) ORDER BY user_id`),
    )
    expect(turns.map((r) => [Number(r.user_id), r.old])).toEqual([
      [a, true],
      [b, false],
    ])
    await database.db.execute(sql`DELETE FROM agent_ring_turns`)
  })

  it("an answered call whose carrying process died (its lease gone) is ended by the process still alive", async () => {
    const ringing = next(agent1, "call-is-coming", (p) => p.callerNumber === "+905550007005")
    const callId = await place("+905550007005")
    await ringing
    const peer = await browserPeer()
    try {
      const answered = next(agent1, "browser-answer", (p) => p.callId === callId)
      agent1.emit("browser-offer", { callId, sdp: peer.offer })
      await answered
      const ended = next(admin, "call-ended", (p) => p.callId === callId, 20_000)
      // The process carrying it is gone: no lease renews it any more.
      await ctx.server.services.database.db.execute(sql`UPDATE live_calls SET owner_node = 'gone:1' WHERE call_id = ${callId}`)
      await ended
      expect(await statusOf(callId)).toEqual({ status: "COMPLETED", accepted_by: ids.agent1 })
    } finally {
      await peer.close()
    }
  }, 30_000)
})
