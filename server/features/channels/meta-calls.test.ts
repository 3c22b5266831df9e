/**
 * WhatsApp Cloud API calls through the voice-call hub, against the fake Meta (GRAPH_BASE_URL=self): a user's call
 * arrives as a signed `calls` webhook with a real WebRTC offer, rings the tenant's agents, and the agent's accept sends
 * our SDP answer to the Graph API (pre_accept, accept); audio flows browser -> server -> Meta's phone and back; hang-ups
 * on either side; a retried connect rings nobody again; routing by phone_number_id.
 */
import type { Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserPeer, connect, next, pause, record } from "../../testing/calls-peer"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { type ConnectedNumber, connectNumber, dev, eventually, postSigned } from "./channels.testing"

process.env.SIM_ANSWER_MS = "300"
// The test files of a worker share one process (the server suite runs them without isolation): give it back.
afterAll(() => {
  delete process.env.SIM_ANSWER_MS
})

describe.each(DB_KINDS)("WhatsApp calls from Meta (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const s: Record<string, Socket> = {}
  const ids: Record<string, number> = {}
  const tokens: Record<string, Record<string, string>> = {}
  let one: ConnectedNumber
  let two: ConnectedNumber
  let caller = 16505558000

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      tokens[name] = as(session.user_token)
      s[name] = await connect(ctx.url, session.user_token)
    }
    one = await connectNumber(ctx.server, tokens.admin, 1, "106540352247001", "calls")
    two = await connectNumber(ctx.server, tokens.admin2, 2, "106540352247002", "other")
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  /** A WhatsApp user calls `number`; answers Meta's call id and the caller's number as the console shows it. */
  const place = async (number: ConnectedNumber, name = "Sheena Nelson") => {
    const from = String(++caller)
    const placed = await dev(ctx.server, "/dev/meta/calls", { phone_number_id: number.phoneNumberId, from, name })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.data.status).toBe(200)
    return { callId: placed.body.data.call_id as string, number: `+${from}` }
  }
  const atMeta = async (callId: string) => (await dev(ctx.server, `/dev/meta/calls/${callId}`)).body.data
  const recordOf = async (callId: string) => {
    const today = new Date().toISOString().slice(0, 10)
    const reply = await send(
      ctx.url,
      callOf("reports", "callsList"),
      { start_date: `${today} 00:00:00`, end_date: `${today} 23:59:59`, limit: 200, page: 1 },
      tokens.admin,
    )
    return (reply.body.whatsappCalls.whatsappCalls as any[]).find((row) => row.call_id === callId)
  }

  it("a Meta call rings the tenant's agents; accept sends our SDP answer to Meta, audio flows both ways, the agent hangs up at Meta", async () => {
    const foreign = record(s.admin2, "call-is-coming")
    const ringing = next(s.agent1, "call-is-coming", () => true, 10_000)
    const { callId, number } = await place(one)
    expect(await ringing).toEqual({ callId, callerName: "Sheena Nelson", callerNumber: number, ringSeconds: 60, quickReplies: [] })
    expect(callId).toMatch(/^wacid\./)
    const peer = await browserPeer()
    try {
      // Two WebRTC answers and two Graph calls on a loaded 2-core machine: generous waits.
      const answered = next(s.agent1, "browser-answer", (p) => p.callId === callId, 30_000)
      const timer = next(s.agent1, "start-browser-timer", (p) => p.callId === callId, 30_000)
      s.agent1.emit("browser-offer", { clientId: 1, userId: ids.agent1, callId, sdp: peer.offer })
      await peer.accept((await answered).sdp)
      await Promise.all([timer, peer.connected()])
      const meta = await eventually(async () => {
        const state = await atMeta(callId)
        return state.media.state === "connected" ? state : null
      }, 30_000)
      expect(meta.actions.map((a: any) => a.action)).toEqual(["pre_accept", "accept"])
      expect(meta.actions[1].sdp).toContain("a=fingerprint:")
      expect(meta.actions[1].sdp).toBe(meta.actions[0].sdp)
      await peer.talk(25)
      await eventually(async () => (await atMeta(callId)).media.packetsReceived > 10 && peer.received.packets > 10, 15_000)
      // The phone echoes what it hears: the browser's audio reached Meta's side and came back.
      expect((await atMeta(callId)).media.packetsReceived).toBeGreaterThan(10)
      expect(peer.received.packets).toBeGreaterThan(10)
      expect(await recordOf(callId)).toMatchObject({ call_status: "ACCEPTED", username: "agent1", number })
      await pause(1100)
      const ended = next(s.admin, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { clientId: 1, userId: ids.agent1, callId })
      await ended
      const after = await eventually(async () => {
        const state = await atMeta(callId)
        return state.state === "terminated" ? state : null
      })
      expect(after.actions.map((a: any) => a.action)).toEqual(["pre_accept", "accept", "terminate"])
      const row = await recordOf(callId)
      expect(row).toMatchObject({ call_status: "COMPLETED", call_type: "incoming" })
      expect(row.call_duration).toBeGreaterThanOrEqual(1)
      expect(foreign).toEqual([])
    } finally {
      await peer.close()
    }
  }, 120_000)

  it("Meta's terminate ends a ringing call on every agent's screen as missed, and nothing is sent back to Meta", async () => {
    const ringing = next(s.admin, "call-is-coming", () => true, 10_000)
    const { callId } = await place(one)
    await ringing
    const ended = [next(s.admin, "call-ended", (p) => p.callId === callId), next(s.agent1, "call-ended", (p) => p.callId === callId)]
    expect((await dev(ctx.server, `/dev/meta/calls/${callId}/hangup`, {})).body.data.status).toBe(200)
    await Promise.all(ended)
    await eventually(async () => (await recordOf(callId))?.call_status === "MISSED")
    expect((await atMeta(callId)).actions).toEqual([])
  })

  it("a connect Meta delivers again rings nobody again; when every agent declines, Meta hears reject", async () => {
    const ringing = next(s.agent1, "call-is-coming", () => true, 10_000)
    const { callId } = await place(one)
    await ringing
    const again = record(s.agent1, "call-is-coming")
    expect((await dev(ctx.server, `/dev/meta/calls/${callId}/connect`, {})).body.data.status).toBe(200)
    await pause(800)
    expect(again).toEqual([])
    const rows = await ctx.server.services.database.query("SELECT count(*)::int AS n FROM call_records WHERE call_id = $1", [callId])
    expect(Number(rows.rows[0].n)).toBe(1)
    const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
    s.admin.emit("reject-call", { clientId: 1, userId: ids.admin, callId })
    s.agent1.emit("reject-call", { clientId: 1, userId: ids.agent1, callId })
    await ended
    await eventually(async () => (await atMeta(callId)).state === "rejected")
    expect((await atMeta(callId)).actions.map((a: any) => a.action)).toEqual(["reject"])
    // After the end, Meta's retry still rings nobody.
    await dev(ctx.server, `/dev/meta/calls/${callId}/connect`, {})
    await pause(800)
    expect(again).toEqual([])
  })

  it("with the tenant's calls turned off, a WhatsApp call is refused at Meta: no card rings, Call History says REFUSED", async () => {
    expect((await send(ctx.url, callOf("onboarding", "callSetting"), { enabled: false }, tokens.admin)).status).toBe(200)
    try {
      const cards = record(s.agent1, "call-is-coming")
      const { callId } = await place(one)
      await eventually(async () => (await atMeta(callId)).state === "rejected")
      expect((await atMeta(callId)).actions.map((a: any) => a.action)).toEqual(["reject"])
      expect(cards).toEqual([])
      expect((await recordOf(callId))?.call_status).toBe("REFUSED")
    } finally {
      await send(ctx.url, callOf("onboarding", "callSetting"), { enabled: true }, tokens.admin)
    }
  })

  it("calls are routed by phone_number_id: tenant two's number rings tenant two; its id on tenant one's webhook rings nobody", async () => {
    const mine = record(s.agent1, "call-is-coming")
    const ringing = next(s.admin2, "call-is-coming", () => true, 10_000)
    const { callId } = await place(two, "Omar")
    expect((await ringing).callId).toBe(callId)
    await pause(300)
    expect(mine).toEqual([])
    // Tenant one's webhook, correctly signed, with tenant two's phone number id: not tenant one's number.
    const forged = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "calls",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550001111", phone_number_id: two.phoneNumberId },
                calls: [{ id: "wacid.forged0001", from: "16505550001", event: "connect", session: { sdp_type: "offer", sdp: "v=0\r\n" } }],
              },
            },
          ],
        },
      ],
    }
    const seen = [record(s.agent1, "call-is-coming"), record(s.admin2, "call-is-coming")]
    expect((await postSigned(one.webhookUrl, one.appSecret, forged)).status).toBe(200)
    await pause(800)
    expect(seen).toEqual([[], []])
    expect(await recordOf("wacid.forged0001")).toBeUndefined()
    await dev(ctx.server, `/dev/meta/calls/${callId}/hangup`, {})
  })

  it("an agent's call to a customer goes out through Meta: RINGING, the customer answers with Meta's SDP, audio flows, hang-up reaches Meta", async () => {
    const peer = await browserPeer()
    try {
      const initiated = next(s.agent1, "initiated-call-response", (p) => p.number === "+16505557012", 10_000)
      const statuses = record<{ callId: string; callStatus: string }>(s.agent1, "call-status-update")
      s.agent1.emit("initiate-call", { userId: ids.agent1, clientId: 1, number: "+16505557012", sdp: peer.offer })
      const { callId } = await initiated
      const answer = await next(s.agent1, "whatsapp-answer", (p) => p.callId === callId, 30_000)
      await peer.accept(answer.sdp)
      await peer.connected()
      const [atMetaCall] = (await dev(ctx.server, `/dev/meta/calls?phone_number_id=${one.phoneNumberId}`)).body.data.items.filter(
        (c: any) => c.from === "16505557012",
      )
      expect(atMetaCall.actions.map((a: any) => a.action)).toEqual(["connect"])
      expect(atMetaCall.actions[0].sdp).toContain("a=fingerprint:")
      expect(statuses.filter((p) => p.callId === callId).map((p) => p.callStatus)).toEqual(["RINGING", "ACCEPTED"])
      await peer.talk(25)
      await eventually(async () => (await atMeta(atMetaCall.call_id)).media.packetsReceived > 10 && peer.received.packets > 10, 15_000)
      const ended = next(s.agent1, "call-ended", (p) => p.callId === callId)
      s.agent1.emit("terminate-call", { clientId: 1, userId: ids.agent1, callId })
      await ended
      await eventually(async () => (await atMeta(atMetaCall.call_id)).state === "terminated")
      expect(await recordOf(callId)).toMatchObject({ call_type: "outgoing", call_status: "COMPLETED", username: "agent1" })
    } finally {
      await peer.close()
    }
  }, 120_000)

  it("a customer who declines the agent's call through Meta ends it as REJECTED", async () => {
    const peer = await browserPeer()
    try {
      const initiated = next(s.admin, "initiated-call-response", (p) => p.number === "+16505551000", 10_000)
      s.admin.emit("initiate-call", { number: "+16505551000", sdp: peer.offer })
      const { callId } = await initiated
      await next(s.admin, "call-ended", (p) => p.callId === callId, 30_000)
      expect((await recordOf(callId)).call_status).toBe("REJECTED")
    } finally {
      await peer.close()
    }
  }, 60_000)
})
