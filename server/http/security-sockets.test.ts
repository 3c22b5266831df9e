/**
 * Security suite, cross-tenant socket events: an agent of tenant two (and an agent of tenant one who is not on the
 * call) sends every voice-call event about tenant one's call; none reaches the call, its customer's media or its record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { hubOf } from "../features/calls/call-hub"
import { DB_KINDS, devFetch, login, useServer } from "../testing/harness"
import { browserPeer, connect, next, pause, record } from "../testing/calls-peer"

const CANDIDATE = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 }

describe.each(DB_KINDS)("voice-call events across tenants on %s", (kind) => {
  const ctx = useServer(kind)
  const s: Record<string, Socket> = {}
  const ids: Record<string, number> = {}
  const candidates: string[] = []

  beforeAll(async () => {
    for (const name of ["admin", "agent1", "admin2"]) {
      const session = await login(ctx.url, name)
      ids[name] = session.user_data.id
      s[name] = await connect(ctx.url, session.user_token)
    }
    // What reaches the customer's side of the channel: the candidates it was handed, by call.
    const channel = hubOf(ctx.server.services).channel as { addCandidate: (callId: string, candidate: unknown) => Promise<void> }
    const addCandidate = channel.addCandidate
    channel.addCandidate = (callId, candidate) => {
      candidates.push(callId)
      return addCandidate(callId, candidate)
    }
  })
  afterAll(() => {
    for (const socket of Object.values(s)) socket.close()
  })

  it("ignores another tenant's (and a bystander's) events about a call", async () => {
    const number = "+905550009101"
    const ringing = next(s.agent1, "call-is-coming", (p) => p.callerNumber === number)
    const placed = (await (await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number })).json()) as {
      data: { callId: string }
    }
    const { callId } = placed.data
    await ringing
    const removed = record(s.agent1, "remove-call")
    const ended = record(s.agent1, "call-ended")
    const peer = await browserPeer()
    try {
      for (const who of ["admin2", "admin"]) s[who].emit("browser-candidate", { callId, candidate: CANDIDATE })
      s.admin2.emit("browser-offer", { clientId: 1, userId: ids.admin2, callId, sdp: peer.offer })
      s.admin2.emit("reject-call", { clientId: 1, userId: ids.admin2, callId })
      s.admin2.emit("terminate-call", { clientId: 1, userId: ids.admin2, callId })
      s.admin2.emit("call-message", { clientId: 1, callId, messageId: "planted" })
      await pause(500)
      expect(candidates).not.toContain(callId)
      expect(removed).toEqual([])
      expect(ended).toEqual([])
      const live = await hubOf(ctx.server.services).live(callId)
      expect(live).toMatchObject({ agentId: null, status: "RINGING" })
    } finally {
      await peer.close()
      await devFetch(ctx.server, `/dev/simulator/calls/${callId}/hangup`, undefined, "POST")
    }
  })

  it("passes the call's own agent's candidates to the channel", async () => {
    const peer = await browserPeer()
    try {
      const number = "+905550009102"
      const initiated = next(s.agent1, "initiated-call-response", (p) => p.number === number)
      s.agent1.emit("initiate-call", { number, sdp: peer.offer })
      const { callId } = await initiated
      s.agent1.emit("browser-candidate", { callId, candidate: CANDIDATE })
      await pause(300)
      expect(candidates).toContain(callId)
      s.agent1.emit("terminate-call", { callId })
    } finally {
      await peer.close()
    }
  })
})
