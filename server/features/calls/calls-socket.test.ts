/**
 * The voice-call socket over a real server and database: ringing fan-out to the tenant's agents holding
 * FRONT:/channels/whatsapp-call, accept -> remove-call, reject, hang-ups, outgoing calls, call records, isolation,
 * and real media through the simulator (a werift peer plays the browser; the simulator echoes its audio).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { io, type Socket } from "socket.io-client"
import { DB_KINDS, devFetch, callOf, login, send, as, useServer } from "../../testing/harness"
import { browserPeer, connect, next, pause, record } from "../../testing/calls-peer"

process.env.SIM_ANSWER_MS = "300"
// The test files of a worker share one process (the server suite runs them without isolation): give it back.
afterAll(() => {
  delete process.env.SIM_ANSWER_MS
})

describe.each(DB_KINDS)("voice-call socket on %s", (kind) => {
  const ctx = useServer(kind)
  const s: Record<string, Socket> = {}
  const ids: Record<string, number> = {}
  const tokens: Record<string, string> = {}
  let adminToken = ""

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "agent2", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      tokens[name] = session.user_token
      if (name === "admin") adminToken = session.user_token
      s[name] = await connect(ctx.url, session.user_token)
    }
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  const place = async (number: string, clientId = 1) => {
    const response = await devFetch(ctx.server, "/dev/simulator/calls", { clientId, number, name: `Caller ${number}` })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: { callId: string } }).data.callId
  }
  /** Today's Call History as the admin sees it. */
  const recordsOf = async (filter: { transferred?: boolean } = {}) => {
    const today = new Date().toISOString().slice(0, 10)
    const reply = await send(
      ctx.url,
      callOf("reports", "callsList"),
      { start_date: `${today} 00:00:00`, end_date: `${today} 23:59:59`, limit: 100, page: 1, ...filter },
      as(adminToken),
    )
    expect(reply.status).toBe(200)
    return reply.body.whatsappCalls.whatsappCalls as any[]
  }
  const recordOf = async (callId: string) => (await recordsOf()).find((row) => row.call_id === callId)

  it("rings every online agent of the tenant holding the voice-call key, and nobody else", async () => {
    const limited = record(s.agent2, "call-is-coming")
    const foreign = record(s.admin2, "call-is-coming")
    const [a, b] = await Promise.all([
      next(s.admin, "call-is-coming", (p) => p.callerNumber === "+905550000101"),
      next(s.agent1, "call-is-coming", (p) => p.callerNumber === "+905550000101"),
      place("+905550000101"),
    ])
    expect(a).toEqual(b)
    expect(a).toMatchObject({ callerName: "Caller +905550000101", callerNumber: "+905550000101" })
    await pause(200)
    expect(limited).toEqual([])
    expect(foreign).toEqual([])
    expect(await recordOf(a.callId)).toMatchObject({
      call_type: "incoming",
      call_status: "RINGING",
      number: "+905550000101",
    })
  })

  it("accept: the others get remove-call, the acceptor a browser answer, media flows both ways, terminate records it", async () => {
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === "+905550000102")
    const callId = await place("+905550000102")
    await ringing
    const peer = await browserPeer()
    try {
      const removed = next(s.admin, "remove-call", (p) => p.callId === callId)
      const answered = next(s.agent1, "browser-answer", (p) => p.callId === callId)
      const timer = next(s.agent1, "start-browser-timer", (p) => p.callId === callId, 10_000)
      s.agent1.emit("browser-offer", { clientId: 1, userId: ids.agent1, callId, sdp: peer.offer })
      expect(await removed).toEqual({ callId, userId: ids.agent1 })
      await peer.accept((await answered).sdp)
      await Promise.all([timer, peer.connected()])
      await peer.talk(25)
      await pause(300)
      const stats = (await (await devFetch(ctx.server, `/dev/simulator/calls/${callId}`)).json()) as any
      expect(stats.data.media.packetsReceived).toBeGreaterThan(10)
      expect(peer.received.packets).toBeGreaterThan(10)
      // A late accept by someone else only drops their card.
      const late = next(s.admin, "remove-call", (p) => p.callId === callId)
      s.admin.emit("browser-offer", { callId, sdp: peer.offer })
      expect((await late).userId).toBe(ids.agent1)
      await pause(1100)
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { clientId: 1, userId: ids.agent1, callId })
      await ended
      const row = await recordOf(callId)
      expect(row).toMatchObject({ call_status: "COMPLETED", username: "agent1", call_type: "incoming" })
      expect(row.call_duration).toBeGreaterThanOrEqual(1)
      expect(row.call_end_time).toBeGreaterThanOrEqual(row.call_start_time)
    } finally {
      await peer.close()
    }
  }, 30_000)

  it("hold and switch: the held customer hears the tone and never the agent; a new tab finds the call held and resumes it", async () => {
    const numbers = ["+905550000111", "+905550000112"]
    const rang = Promise.all(numbers.map((n) => next(s.agent1, "call-is-coming", (p) => p.callerNumber === n)))
    const [a, b] = [await place(numbers[0]), await place(numbers[1])]
    await rang
    const heard = async (callId: string) =>
      ((await (await devFetch(ctx.server, `/dev/simulator/calls/${callId}`)).json()) as any).data.media.heard as {
        agent: number
        tone: number
      }
    const answer = async (callId: string) => {
      const peer = await browserPeer()
      const answered = next(s.agent1, "browser-answer", (p) => p.callId === callId)
      s.agent1.emit("browser-offer", { callId, sdp: peer.offer })
      await peer.accept((await answered).sdp)
      await peer.connected()
      return peer
    }
    const peerA = await answer(a)
    let tab: Socket | null = null
    const peers = [peerA]
    try {
      await peerA.talk(10)
      await pause(200)
      const talking = await heard(a)
      expect(talking.agent).toBeGreaterThan(5)
      expect(talking.tone).toBe(0)

      const held = next(s.agent1, "call-held", (p) => p.callId === a)
      s.agent1.emit("hold", { callId: a })
      expect(await held).toMatchObject({ callId: a, callerNumber: numbers[0] })
      await pause(200)
      const echoed = peerA.received.packets
      const onHold = await heard(a)
      await peerA.talk(25)
      const later = await heard(a)
      // About 25 tone packets (20 ms each) in the 500 ms of talking; none of the agent's audio, nothing back to them.
      expect(later.tone - onHold.tone).toBeGreaterThan(15)
      expect(later.agent).toBe(onHold.agent)
      expect(peerA.received.packets).toBe(echoed)

      // With A on hold the agent answers B; resuming A holds B in the same step.
      const peerB = await answer(b)
      peers.push(peerB)
      const switched = Promise.all([
        next(s.agent1, "call-held", (p) => p.callId === b),
        next(s.agent1, "call-resumed", (p) => p.callId === a),
      ])
      s.agent1.emit("resume", { callId: a })
      await switched
      await peerA.talk(10)
      await pause(200)
      expect((await heard(a)).agent).toBeGreaterThan(later.agent)
      expect(peerA.received.packets).toBeGreaterThan(echoed)
      const bHeld = await heard(b)
      await peerB.talk(10)
      expect((await heard(b)).agent).toBe(bHeld.agent)

      await pause(600)
      // A reload: the agent's new tab hears of B on hold and takes it back with its own media.
      // Listening before it connects (the same session, as a reloaded tab): the server tells it of the held calls as it joins.
      const tabSocket = io(ctx.url, { path: "/rt/socket.io", transports: ["websocket"], auth: { user_token: tokens.agent1 } })
      tab = tabSocket
      const found = next(tabSocket, "call-held", (p) => p.callId === b)
      expect(await found).toMatchObject({ callId: b, callerNumber: numbers[1] })
      expect((await found).heldSeconds).toBeGreaterThanOrEqual(0)
      const peerB2 = await browserPeer()
      peers.push(peerB2)
      const answered = next(tabSocket, "browser-answer", (p) => p.callId === b)
      const aHeld = next(s.agent1, "call-held", (p) => p.callId === a)
      tabSocket.emit("resume", { callId: b, sdp: peerB2.offer })
      await peerB2.accept((await answered).sdp)
      await Promise.all([peerB2.connected(), aHeld])
      const before = (await heard(b)).agent
      await peerB2.talk(10)
      await pause(200)
      expect((await heard(b)).agent).toBeGreaterThan(before)
      expect(peerB2.received.packets).toBeGreaterThan(0)

      const ended = Promise.all([a, b].map((id) => next(s.admin, "call-ended", (p) => p.callId === id)))
      s.agent1.emit("terminate-call", { callId: a })
      tabSocket.emit("terminate-call", { callId: b })
      await ended
      const [rowA, rowB] = [await recordOf(a), await recordOf(b)]
      expect(rowA).toMatchObject({ call_status: "COMPLETED", username: "agent1" })
      expect(rowA.hold_seconds).toBeGreaterThanOrEqual(1)
      expect(rowA.hold_seconds).toBeLessThanOrEqual(rowA.call_duration)
      expect(rowB.hold_seconds).toBeGreaterThanOrEqual(1)
    } finally {
      tab?.close()
      await Promise.all(peers.map((peer) => peer.close()))
    }
  }, 40_000)

  /** agent1 answers a fresh call from `number` with a werift peer standing in for their browser. */
  const answered = async (number: string) => {
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === number)
    const callId = await place(number)
    await ringing
    const peer = await browserPeer()
    const answer = next(s.agent1, "browser-answer", (p) => p.callId === callId)
    s.agent1.emit("browser-offer", { callId, sdp: peer.offer })
    await peer.accept((await answer).sdp)
    return { callId, peer }
  }
  const heardOf = async (callId: string) =>
    ((await (await devFetch(ctx.server, `/dev/simulator/calls/${callId}`)).json()) as any).data.media.heard as {
      agent: number
      tone: number
    }
  const setCallWaiting = async (on: boolean) =>
    expect((await send(ctx.url, callOf("onboarding", "updateAllsettings"), { call_waiting: on }, as(adminToken))).status).toBe(200)

  it("blind transfer taken: it rings the colleague as transferred, the customer hears the tone, then the taker's voice", async () => {
    const { callId, peer } = await answered("+905550000121")
    const peers = [peer]
    try {
      await peer.connected()
      const targets = next(s.agent1, "transfer-targets", (p) => p.callId === callId)
      s.agent1.emit("transfer-targets", { callId })
      expect((await targets).agents).toEqual([{ id: ids.admin, name: "Aylin Admin" }])
      const card = next(s.admin, "call-is-coming", (p) => p.callId === callId)
      s.agent1.emit("transfer", { callId, to: { kind: "agent", id: ids.admin } })
      expect(await card).toMatchObject({ callerNumber: "+905550000121", transferredBy: "Kerem Agent" })
      await expect.poll(async () => (await heardOf(callId)).tone, { timeout: 5000 }).toBeGreaterThan(5)

      const taker = await browserPeer()
      peers.push(taker)
      const gone = next(s.agent1, "remove-call", (p) => p.callId === callId)
      const answer = next(s.admin, "browser-answer", (p) => p.callId === callId)
      s.admin.emit("browser-offer", { callId, sdp: taker.offer })
      await taker.accept((await answer).sdp)
      expect(await gone).toEqual({ callId, userId: ids.admin })
      await taker.connected()
      const before = await heardOf(callId)
      await taker.talk(10)
      await expect.poll(async () => (await heardOf(callId)).agent, { timeout: 5000 }).toBeGreaterThan(before.agent + 5)
      expect(taker.received.packets).toBeGreaterThan(0)

      const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
      s.admin.emit("terminate-call", { callId })
      await ended
      expect(await recordOf(callId)).toMatchObject({ call_status: "COMPLETED", username: "admin" })
      expect((await recordOf(callId)).hold_seconds).toBeGreaterThanOrEqual(0)
      // Call History tells it was transferred, by whom, to whom and who took it; its filter finds it.
      expect((await recordOf(callId)).transfers).toEqual([{ from: "agent1", to: "admin", taken_by: "admin", outcome: "taken" }])
      const transferred = await recordsOf({ transferred: true })
      expect(transferred.map((row) => row.call_id)).toContain(callId)
      expect(transferred.every((row) => row.transfers.length > 0)).toBe(true)
    } finally {
      await Promise.all(peers.map((p) => p.close()))
    }
  }, 40_000)

  it("a transfer nobody takes comes back to the sender's card; a busy agent is not rung unless call waiting is on", async () => {
    const { callId, peer } = await answered("+905550000122")
    try {
      const card = next(s.admin, "call-is-coming", (p) => p.callId === callId)
      s.agent1.emit("transfer", { callId, to: { kind: "agent", id: ids.admin } })
      await card
      const back = next(s.agent1, "transfer-returned", (p) => p.callId === callId)
      const gone = next(s.admin, "remove-call", (p) => p.callId === callId)
      s.admin.emit("reject-call", { callId })
      expect(await back).toEqual({ callId, notTakenBy: "Aylin Admin" })
      await gone
      expect((await recordOf(callId)).transfers).toEqual([{ from: "agent1", to: "admin", taken_by: null, outcome: "not_taken" }])
      const resumed = next(s.agent1, "call-resumed", (p) => p.callId === callId)
      s.agent1.emit("resume", { callId })
      await resumed

      // agent1 is on an active call: busy, so only admin is rung; with call waiting on, agent1 too.
      const cards = record(s.agent1, "call-is-coming")
      const rang = next(s.admin, "call-is-coming", (p) => p.callerNumber === "+905550000123")
      const busyCall = await place("+905550000123")
      await rang
      await setCallWaiting(true)
      try {
        const both = Promise.all(
          [s.admin, s.agent1].map((socket) => next(socket, "call-is-coming", (p) => p.callerNumber === "+905550000124")),
        )
        const waitingCall = await place("+905550000124")
        await both
        expect(cards.map((p) => p.callerNumber)).toEqual(["+905550000124"])
        for (const id of [busyCall, waitingCall]) await devFetch(ctx.server, `/dev/simulator/calls/${id}/hangup`, undefined, "POST")
      } finally {
        await setCallWaiting(false)
      }
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { callId })
      await ended
    } finally {
      await peer.close()
    }
  }, 40_000)

  it("the voice cap: a held call frees the agent; a cap of 2 rings an agent already on a call", async () => {
    const { callId, peer } = await answered("+905550000126")
    const rings = async (number: string) => {
      const cards = record(s.agent1, "call-is-coming")
      const rang = next(s.admin, "call-is-coming", (p) => p.callerNumber === number)
      const id = await place(number)
      await rang
      // admin's card and agent1's go out together: a card for agent1 has come by the time admin's did.
      await pause(200)
      await devFetch(ctx.server, `/dev/simulator/calls/${id}/hangup`, undefined, "POST")
      return cards.some((p) => p.callerNumber === number)
    }
    const setCap = async (cap: number) =>
      expect((await send(ctx.url, callOf("onboarding", "updateAllsettings"), { max_calls_per_agent: cap }, as(adminToken))).status).toBe(
        200,
      )
    try {
      await peer.connected()
      expect(await rings("+905550000127")).toBe(false)
      const held = next(s.agent1, "call-held", (p) => p.callId === callId)
      s.agent1.emit("hold", { callId })
      await held
      expect(await rings("+905550000128")).toBe(true)
      const resumed = next(s.agent1, "call-resumed", (p) => p.callId === callId)
      s.agent1.emit("resume", { callId })
      await resumed
      await setCap(2)
      try {
        expect(await rings("+905550000129")).toBe(true)
      } finally {
        await setCap(1)
      }
      expect(await rings("+905550000130")).toBe(false)
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { callId })
      await ended
    } finally {
      await peer.close()
    }
  }, 40_000)

  it("a call nobody can take is not rung: the customer gets the away message and the call is missed", async () => {
    const number = "+905550000125"
    const offline = callOf("auth", "agentOffline")
    for (const name of ["admin", "agent1"]) expect((await send(ctx.url, offline, {}, as(tokens[name]))).status).toBe(200)
    try {
      const cards = [record(s.admin, "call-is-coming"), record(s.agent1, "call-is-coming")]
      const callId = await place(number)
      await expect.poll(async () => (await recordOf(callId))?.call_status, { timeout: 5000 }).toBe("MISSED")
      const inbox = async () =>
        (
          (await (
            await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
          ).json()) as any
        ).data.items as { body: string }[]
      await expect.poll(async () => (await inbox()).length, { timeout: 10_000 }).toBe(1)
      expect((await inbox())[0].body).toMatch(/closed right now/)
      expect(cards).toEqual([[], []])
    } finally {
      const online = callOf("auth", "agentOnline")
      for (const name of ["admin", "agent1"]) await send(ctx.url, online, {}, as(tokens[name]))
    }
  })

  it("reject: one agent declining keeps ringing the others; when all rung agents decline the call is rejected", async () => {
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === "+905550000103")
    const callId = await place("+905550000103")
    await ringing
    const ends = record(s.agent1, "call-ended")
    s.admin.emit("reject-call", { clientId: 1, userId: ids.admin, callId })
    await pause(200)
    expect(ends).toEqual([])
    const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
    s.agent1.emit("reject-call", { clientId: 1, userId: ids.agent1, callId })
    await ended
    expect((await recordOf(callId)).call_status).toBe("REJECTED")
  })

  it("the customer hanging up a ringing call ends it everywhere as MISSED", async () => {
    const ringing = next(s.admin, "call-is-coming", (p) => p.callerNumber === "+905550000104")
    const callId = await place("+905550000104")
    await ringing
    const ended = Promise.all([
      next(s.admin, "call-ended", (p) => p.callId === callId),
      next(s.agent1, "call-ended", (p) => p.callId === callId),
    ])
    expect((await devFetch(ctx.server, `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")).status).toBe(200)
    await ended
    expect(await recordOf(callId)).toMatchObject({ call_status: "MISSED", call_duration: 0, username: null })
  })

  it("other tenants and agents without the permission cannot act on a call", async () => {
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === "+905550000105")
    const callId = await place("+905550000105")
    await ringing
    const removes = record(s.agent1, "remove-call")
    const ends = record(s.agent1, "call-ended")
    s.admin2.emit("browser-offer", { clientId: 1, callId, sdp: "v=0" })
    s.admin2.emit("terminate-call", { clientId: 1, callId })
    s.agent2.emit("reject-call", { clientId: 1, callId })
    s.agent2.emit("browser-offer", { clientId: 1, callId, sdp: "v=0" })
    await pause(300)
    expect(removes).toEqual([])
    expect(ends).toEqual([])
    expect((await recordOf(callId)).call_status).toBe("RINGING")
    const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
    await devFetch(ctx.server, `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")
    await ended
  })

  it("outgoing: initiated-call-response, RINGING, whatsapp-answer and ACCEPTED, then terminate records it", async () => {
    const peer = await browserPeer()
    try {
      const initiated = next(s.agent1, "initiated-call-response", (p) => p.number === "+905550000106")
      s.agent1.emit("initiate-call", { userId: ids.agent1, clientId: 1, number: "+905550000106", sdp: peer.offer })
      const { callId, userId } = await initiated
      expect(userId).toBe(ids.agent1)
      const statuses = record<{ callId: string; callStatus: string }>(s.agent1, "call-status-update")
      const answer = await next(s.agent1, "whatsapp-answer", (p) => p.callId === callId)
      await peer.accept(answer.sdp)
      await peer.connected()
      await pause(100)
      expect(statuses.filter((p) => p.callId === callId).map((p) => p.callStatus)).toEqual(["RINGING", "ACCEPTED"])
      await peer.talk(10)
      const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { clientId: 1, userId: ids.agent1, callId })
      await ended
      expect(await recordOf(callId)).toMatchObject({
        call_type: "outgoing",
        call_status: "COMPLETED",
        username: "agent1",
        name: "Unknown",
      })
    } finally {
      await peer.close()
    }
  }, 30_000)

  it("outgoing to a declining number ends as REJECTED; the simulator hook refuses bad input", async () => {
    const peer = await browserPeer()
    try {
      const initiated = next(s.admin, "initiated-call-response", (p) => p.number === "+905550001000")
      s.admin.emit("initiate-call", { number: "+905550001000", sdp: peer.offer })
      const { callId } = await initiated
      await next(s.admin, "call-ended", (p) => p.callId === callId)
      // No pause: the record is saved before call-ended goes out.
      expect((await recordOf(callId)).call_status).toBe("REJECTED")
    } finally {
      await peer.close()
    }
    const bad = await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1 })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.field).toBe("number")
  })
})
