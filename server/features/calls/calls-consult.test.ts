/**
 * Warm transfer over a real server and database: the colleague's card rings as a consult, the two agents hear each
 * other while the customer hears only the hold tone, and the call is handed over (the customer and the colleague hear
 * each other, the sender's card leaves) or the talk is cancelled (the colleague's card leaves, the call stays held).
 * Media is real: werift peers stand in for both browsers, the simulator plays the customer's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { DB_KINDS, devFetch, callOf, login, send, as, useServer } from "../../testing/harness"
import { browserPeer, connect, next } from "../../testing/calls-peer"

describe.each(DB_KINDS)("warm transfer on %s", (kind) => {
  const ctx = useServer(kind)
  const s: Record<string, Socket> = {}
  const ids: Record<string, number> = {}
  let adminToken = ""

  beforeAll(async () => {
    for (const name of ["admin", "agent1"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      if (name === "admin") adminToken = session.user_token
      s[name] = await connect(ctx.url, session.user_token)
    }
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  const transfersOf = async (callId: string) => {
    const today = new Date().toISOString().slice(0, 10)
    const reply = await send(
      ctx.url,
      callOf("reports", "callsList"),
      { start_date: `${today} 00:00:00`, end_date: `${today} 23:59:59`, limit: 100, page: 1 },
      as(adminToken),
    )
    return (reply.body.whatsappCalls.whatsappCalls as any[]).find((row) => row.call_id === callId)
  }
  const heardOf = async (callId: string) =>
    ((await (await devFetch(ctx.server, `/dev/simulator/calls/${callId}`)).json()) as any).data.media.heard as {
      agent: number
      tone: number
    }

  /** agent1 answers a fresh call and asks admin to talk before handing it over; admin's peer joins the talk. */
  const consulting = async (number: string) => {
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === number)
    const placed = await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number, name: `Caller ${number}` })
    const callId = ((await placed.json()) as { data: { callId: string } }).data.callId
    await ringing
    const agent = await browserPeer()
    const answer = next(s.agent1, "browser-answer", (p) => p.callId === callId)
    s.agent1.emit("browser-offer", { callId, sdp: agent.offer })
    await agent.accept((await answer).sdp)
    await agent.connected()

    const card = next(s.admin, "call-is-coming", (p) => p.callId === callId)
    s.agent1.emit("consult", { callId, to: { kind: "agent", id: ids.admin } })
    expect(await card).toMatchObject({ callerNumber: number, consultBy: "Kerem Agent" })
    expect((await card).transferredBy).toBeUndefined()
    const colleague = await browserPeer()
    const started = next(s.agent1, "consult-started", (p) => p.callId === callId)
    const colleagueAnswer = next(s.admin, "browser-answer", (p) => p.callId === callId)
    s.admin.emit("browser-offer", { callId, sdp: colleague.offer })
    await colleague.accept((await colleagueAnswer).sdp)
    expect(await started).toEqual({ callId, colleague: "Aylin Admin" })
    await colleague.connected()
    return { callId, agent, colleague }
  }

  it("the agents talk while the customer hears the hold tone; handed over, the customer and the colleague talk", async () => {
    const { callId, agent, colleague } = await consulting("+905550000131")
    try {
      await expect.poll(async () => (await heardOf(callId)).tone, { timeout: 5000 }).toBeGreaterThan(5)
      const before = await heardOf(callId)
      await Promise.all([agent.talk(15), colleague.talk(15)])
      await expect.poll(() => colleague.received.packets, { timeout: 5000 }).toBeGreaterThan(5)
      await expect.poll(() => agent.received.packets, { timeout: 5000 }).toBeGreaterThan(5)
      const during = await heardOf(callId)
      expect(during.agent).toBe(before.agent)
      expect(during.tone).toBeGreaterThan(before.tone)

      const gone = next(s.agent1, "remove-call", (p) => p.callId === callId)
      const handed = next(s.admin, "consult-ended", (p) => p.callId === callId)
      s.agent1.emit("consult-complete", { callId })
      expect(await gone).toEqual({ callId, userId: ids.admin })
      expect(await handed).toEqual({ callId, handedOver: true })
      const heardBefore = colleague.received.packets
      await colleague.talk(15)
      // The customer hears the colleague now, and the colleague hears the customer (the simulator echoes it).
      await expect.poll(async () => (await heardOf(callId)).agent, { timeout: 5000 }).toBeGreaterThan(during.agent + 5)
      await expect.poll(() => colleague.received.packets, { timeout: 5000 }).toBeGreaterThan(heardBefore + 5)

      const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
      s.admin.emit("terminate-call", { callId })
      await ended
      expect(await transfersOf(callId)).toMatchObject({
        call_status: "COMPLETED",
        username: "admin",
        transfers: [{ from: "agent1", to: "admin", taken_by: "admin", outcome: "taken" }],
      })
    } finally {
      await Promise.all([agent.close(), colleague.close()])
    }
  }, 40_000)

  it("cancelled by the colleague: their card leaves, the call is held with the sender, who resumes it", async () => {
    const { callId, agent, colleague } = await consulting("+905550000132")
    try {
      const gone = next(s.admin, "remove-call", (p) => p.callId === callId)
      const back = next(s.agent1, "consult-ended", (p) => p.callId === callId)
      s.admin.emit("consult-cancel", { callId })
      await gone
      expect(await back).toEqual({ callId, handedOver: false })
      // Still held: the customer hears the tone, not the agent; the colleague's peer hears nothing more.
      const before = await heardOf(callId)
      await agent.talk(10)
      await expect.poll(async () => (await heardOf(callId)).tone, { timeout: 5000 }).toBeGreaterThan(before.tone + 5)
      expect((await heardOf(callId)).agent).toBe(before.agent)

      const resumed = next(s.agent1, "call-resumed", (p) => p.callId === callId)
      s.agent1.emit("resume", { callId })
      await resumed
      await agent.talk(10)
      await expect.poll(async () => (await heardOf(callId)).agent, { timeout: 5000 }).toBeGreaterThan(before.agent + 5)
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { callId })
      await ended
      expect((await transfersOf(callId)).transfers).toEqual([{ from: "agent1", to: "admin", taken_by: null, outcome: "cancelled" }])
    } finally {
      await Promise.all([agent.close(), colleague.close()])
    }
  }, 40_000)

  it("declined, the warm transfer goes back to the sender as a blind one does; a complete from the colleague does nothing", async () => {
    const { callId, agent, colleague } = await consulting("+905550000133")
    try {
      // Only the sender hands over.
      const ignored = next(s.admin, "consult-ended", (p) => p.callId === callId, 800).catch(() => "nothing")
      s.admin.emit("consult-complete", { callId })
      expect(await ignored).toBe("nothing")
      const back = next(s.agent1, "consult-ended", (p) => p.callId === callId)
      s.agent1.emit("consult-cancel", { callId })
      await back

      const card = next(s.admin, "call-is-coming", (p) => p.callId === callId)
      s.agent1.emit("consult", { callId, to: { kind: "agent", id: ids.admin } })
      await card
      const returned = next(s.agent1, "transfer-returned", (p) => p.callId === callId)
      s.admin.emit("reject-call", { callId })
      expect(await returned).toEqual({ callId, notTakenBy: "Aylin Admin" })
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { callId })
      await ended
    } finally {
      await Promise.all([agent.close(), colleague.close()])
    }
  }, 40_000)
})
