/**
 * The voice-call hub of one server: live calls in memory, every call written to `call_records` (so Call History
 * lists it with who accepted, duration and status), and the fan-out of the spec's socket events. Agents are the
 * sockets of the tenant holding FRONT:/channels/whatsapp-call; they join `voice:<clientId>` so call events never
 * reach colleagues without the permission. A call is carried by the built-in simulator or, for a tenant's WhatsApp
 * Cloud API number, by the Meta bridge (channels/whatsapp-cloud/call-bridge.ts; fed by features/channels/meta-calls.ts).
 */
import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import type { Services } from "../../http/context"
import type { AppSocket } from "../../realtime/socket"
import { callRecords } from "../../db/schema/calls"
import type { Db } from "../../db/db"
import { publish } from "../../core/events"
import { CallStatus, type ToBrowser, type ToBrowserEvent } from "../../../src/contract/voice-calls"
import type { VoiceChannel, VoiceChannelEvents } from "../../channels/channel-adapter"
import { createSimulator, type SimulatedChannel } from "../../channels/simulator"
import { createMetaBridge, type MetaCallBridge, type MetaLeg } from "../../channels/whatsapp-cloud/call-bridge"
import { customerCalled } from "../chat/chat-store"
import { metaDialerFor } from "../channels/meta-dialer"

/** A ringing call nobody answers ends as MISSED a little after the browsers' own 60 s countdown. */
export const RING_TIMEOUT_MS = 65_000

export const voiceRoom = (clientId: number) => `voice:${clientId}`

export interface LiveCall {
  readonly callId: string
  readonly clientId: number
  readonly name: string
  readonly number: string
  readonly type: "incoming" | "outgoing"
  /** What carries it: the simulator or the Meta bridge. */
  readonly channel: VoiceChannel
  status: string
  /** Users that declined a ringing incoming call; when every agent rung has declined, the call is rejected. */
  readonly declined: Set<number>
  readonly rung: Set<number>
  agentId: number | null
  agentSocket: string | null
  startedAt: Date | null
  ringTimer: NodeJS.Timeout | null
  /** Date.now() when call-is-coming left the server; the benchmark measures card latency from here. */
  emittedAt?: number
}

export interface CallHub {
  readonly calls: Map<string, LiveCall>
  readonly channel: SimulatedChannel
  readonly meta: MetaCallBridge
  /**
   * A WhatsApp user calls the tenant's Cloud API number (Meta's connect webhook, under Meta's call id): rings the
   * agents; false when that call is already known (Meta delivers webhooks at least once).
   */
  readonly metaConnect: (call: { clientId: number; callId: string; name: string; number: string; leg: MetaLeg }) => Promise<boolean>
  /** Meta's terminate webhook (Meta's call id): the call ends on the agents' screens (without telling Meta back). */
  readonly metaTerminate: (clientId: number, metaCallId: string) => Promise<void>
  /** The customer answered an agent's call (connect webhook with Meta's SDP answer). */
  readonly metaAnswered: (clientId: number, metaCallId: string, sdp: string) => Promise<void>
  /** An agent's call moved on at Meta (`statuses[]` of type call). */
  readonly metaStatus: (clientId: number, metaCallId: string, status: string) => void
  readonly incoming: (call: { clientId: number; name: string; number: string }) => Promise<string>
  readonly accept: (socket: AppSocket, callId: string, sdp: string) => Promise<void>
  readonly reject: (socket: AppSocket, callId: string) => Promise<void>
  readonly terminate: (socket: AppSocket, callId: string) => Promise<void>
  readonly dial: (socket: AppSocket, number: string, sdp: string) => Promise<string | null>
  readonly attachMessage: (socket: AppSocket, callId: string, messageId: string) => Promise<void>
  /** A browser ICE candidate: only from the agent on the call (so never from another tenant). */
  readonly candidate: (socket: AppSocket, callId: string, candidate: unknown) => Promise<void>
  readonly dropSocket: (socket: AppSocket) => Promise<void>
  readonly end: (callId: string, status?: string) => Promise<void>
  readonly close: () => Promise<void>
}

const hubs = new WeakMap<Services, CallHub>()

export const hubOf = (services: Services): CallHub => {
  let hub = hubs.get(services)
  if (!hub) {
    hub = createHub(services)
    hubs.set(services, hub)
  }
  return hub
}

const createHub = (services: Services): CallHub => {
  const calls = new Map<string, LiveCall>()
  const connecting = new Set<string>()
  const db = () => services.database.db
  const io = () => {
    if (!services.realtime) throw new Error("The socket service is not attached yet")
    return services.realtime.io
  }
  // A call that ends while the server stops (its socket service already closed) has nobody left to tell.
  const emit = <E extends ToBrowserEvent>(room: string, event: E, payload: ToBrowser[E]) =>
    void services.realtime?.io.to(room).emit(event, payload)
  const toAgent = <E extends ToBrowserEvent>(call: LiveCall, event: E, payload: ToBrowser[E]) => {
    if (call.agentSocket) emit(call.agentSocket, event, payload)
    else if (call.agentId !== null) emit(`user:${call.agentId}`, event, payload)
  }
  /**
   * A call's record writes go out one after another: a status written without waiting (RINGING) must not land after
   * the final one on another pooled connection, or Call History would show a finished call as ringing.
   */
  const writes = new Map<string, Promise<void>>()
  const save = (callId: string, values: Partial<typeof callRecords.$inferInsert>, also?: (tx: Db) => Promise<unknown>) => {
    const update = (tx: Db) => tx.update(callRecords).set(values).where(eq(callRecords.callId, callId))
    const write = (writes.get(callId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() =>
        also
          ? services.database.transaction(async (tx) => {
              await update(tx)
              await also(tx)
            })
          : update(db()).then(() => undefined),
      )
    writes.set(callId, write)
    return write
  }
  const mine = (socket: AppSocket, callId: string) => {
    const call = calls.get(callId)
    return call && call.clientId === socket.data.principal.clientId ? call : undefined
  }

  const end = async (callId: string, status?: string) => {
    const call = calls.get(callId)
    if (!call) return
    calls.delete(callId)
    if (call.ringTimer) clearTimeout(call.ringTimer)
    const endedAt = new Date()
    const answered = call.startedAt !== null
    const final = status ?? (answered ? CallStatus.completed : call.type === "incoming" ? CallStatus.missed : CallStatus.failed)
    // The record is final before anyone hears the call ended, so a Call History reload on `call-ended` shows it.
    const duration = answered ? Math.max(0, Math.round((endedAt.getTime() - call.startedAt!.getTime()) / 1000)) : 0
    try {
      await save(callId, { status: final, endTime: endedAt, duration }, (tx) =>
        publish(tx, call.clientId, "call.ended", { call_id: callId, type: call.type, status: final, duration, agent_id: call.agentId }),
      )
    } finally {
      writes.delete(callId)
      emit(voiceRoom(call.clientId), "call-ended", { callId })
      if (call.type === "outgoing" && call.agentId !== null) emit(`user:${call.agentId}`, "call-ended", { callId })
      await call.channel.hangup(callId)
    }
  }

  /** Rings the tenant's agents for a new incoming call; null when a call with this id was already recorded. */
  const ring = async (
    { clientId, name, number }: { clientId: number; name: string; number: string },
    callId: string,
    channel: VoiceChannel,
  ): Promise<string | null> => {
    const fresh = await db().transaction(async (tx) => {
      const inserted = await tx
        .insert(callRecords)
        .values({ callId, clientId, name, number, callType: "incoming", status: CallStatus.ringing })
        .onConflictDoNothing()
        .returning({ id: callRecords.id })
      if (inserted.length > 0) await customerCalled(tx, clientId, number, name)
      return inserted.length > 0
    })
    if (!fresh) return null
    const call: LiveCall = {
      callId,
      clientId,
      name,
      number,
      type: "incoming",
      channel,
      status: CallStatus.ringing,
      declined: new Set(),
      rung: new Set(),
      agentId: null,
      agentSocket: null,
      startedAt: null,
      ringTimer: null,
    }
    call.ringTimer = setTimeout(() => void end(callId, CallStatus.missed), RING_TIMEOUT_MS)
    calls.set(callId, call)
    const sockets = await io().in(voiceRoom(clientId)).fetchSockets()
    for (const socket of sockets) {
      const userId = (socket.data as AppSocket["data"]).principal.userId
      if (userId !== null) call.rung.add(userId)
    }
    call.emittedAt = Date.now()
    emit(voiceRoom(clientId), "call-is-coming", { callId, callerName: name, callerNumber: number })
    return callId
  }

  const events: VoiceChannelEvents = {
    incoming: async (call) => {
      const callId = await ring(call, `wacid.${randomUUID()}`, hub.channel)
      if (!callId) throw new Error("A fresh call id was already recorded")
      return callId
    },
    status: (callId, status) => {
      const call = calls.get(callId)
      if (!call) return
      call.status = status
      if (status === CallStatus.accepted && call.startedAt === null) call.startedAt = new Date()
      toAgent(call, "call-status-update", { callId, callStatus: status })
      save(callId, { status, ...(status === CallStatus.accepted ? { startTime: call.startedAt } : {}) }).catch((error: unknown) =>
        console.error(`[calls] could not store status ${status} of ${callId}`, error),
      )
    },
    answered: (callId, sdp) => {
      const call = calls.get(callId)
      if (call) toAgent(call, "whatsapp-answer", { callId, sdp })
    },
    mediaConnected: (callId) => {
      const call = calls.get(callId)
      if (call?.type === "incoming") toAgent(call, "start-browser-timer", { callId })
    },
    ended: (callId, status) => void end(callId, status),
  }

  const hub: CallHub = {
    calls,
    channel: createSimulator(events),
    meta: createMetaBridge(events),
    metaConnect: async ({ leg, callId, ...call }) => {
      // A retried webhook while the first is still ringing in, or after: only the first rings.
      if (calls.has(callId) || connecting.has(callId)) return false
      connecting.add(callId)
      hub.meta.add(callId, leg)
      try {
        if ((await ring(call, callId, hub.meta)) !== null) return true
        await hub.meta.endedByMeta(callId)
        return false
      } catch (error) {
        await hub.meta.endedByMeta(callId)
        throw error
      } finally {
        connecting.delete(callId)
      }
    },
    metaTerminate: async (clientId, metaCallId) => {
      const callId = hub.meta.callIdOf(metaCallId) ?? metaCallId
      const call = calls.get(callId)
      if (!call || call.clientId !== clientId || call.channel !== hub.meta) return
      await hub.meta.endedByMeta(callId)
      await end(callId)
    },
    metaAnswered: async (clientId, metaCallId, sdp) => {
      const callId = hub.meta.callIdOf(metaCallId)
      if (callId && calls.get(callId)?.clientId === clientId) await hub.meta.answeredByMeta(metaCallId, sdp)
    },
    metaStatus: (clientId, metaCallId, status) => {
      const callId = hub.meta.callIdOf(metaCallId)
      if (callId && calls.get(callId)?.clientId === clientId) hub.meta.statusFromMeta(metaCallId, status)
    },
    incoming: events.incoming,
    accept: async (socket, callId, sdp) => {
      const call = mine(socket, callId)
      const { userId } = socket.data.principal
      if (!call || userId === null) return
      // Another agent was quicker: this browser just drops the card.
      if (call.type !== "incoming" || call.agentId !== null) {
        socket.emit("remove-call", { callId, userId: call.agentId ?? 0 })
        return
      }
      if (call.ringTimer) clearTimeout(call.ringTimer)
      call.ringTimer = null
      call.agentId = userId
      call.agentSocket = socket.id
      call.startedAt = new Date()
      call.status = CallStatus.accepted
      socket.to(voiceRoom(call.clientId)).emit("remove-call", { callId, userId })
      await save(callId, { status: CallStatus.accepted, acceptedBy: userId, startTime: call.startedAt })
      try {
        const answer = await call.channel.acceptIncoming(callId, sdp)
        if (calls.has(callId)) socket.emit("browser-answer", { callId, sdp: answer })
      } catch (error) {
        console.error("[calls] could not answer the browser", callId, error)
        await end(callId, CallStatus.failed)
      }
    },
    reject: async (socket, callId) => {
      const call = mine(socket, callId)
      const { userId } = socket.data.principal
      if (!call || userId === null) return
      if (call.agentId !== null) {
        if (call.agentId === userId) await end(callId, CallStatus.completed)
        return
      }
      call.declined.add(userId)
      if ([...call.rung].every((id) => call.declined.has(id))) await end(callId, CallStatus.rejected)
    },
    terminate: async (socket, callId) => {
      const call = mine(socket, callId)
      if (!call) return
      if (call.agentId === null) return hub.reject(socket, callId)
      if (call.agentId === socket.data.principal.userId) await end(callId)
    },
    dial: async (socket, number, sdp) => {
      const { userId, clientId } = socket.data.principal
      if (userId === null || clientId === null || !number.trim()) return null
      const callId = `wacid.${randomUUID()}`
      // A tenant with a WhatsApp Cloud API number calls through Meta; the others through the simulator.
      const dialer = await metaDialerFor(services, clientId)
      const channel: VoiceChannel = dialer ? hub.meta : hub.channel
      if (dialer) hub.meta.dialVia(callId, dialer)
      await db().insert(callRecords).values({
        callId,
        clientId,
        name: "Unknown",
        number,
        callType: "outgoing",
        status: CallStatus.calling,
        acceptedBy: userId,
      })
      calls.set(callId, {
        callId,
        clientId,
        name: "Unknown",
        number,
        type: "outgoing",
        channel,
        status: CallStatus.calling,
        declined: new Set(),
        rung: new Set(),
        agentId: userId,
        agentSocket: socket.id,
        startedAt: null,
        ringTimer: null,
      })
      socket.emit("initiated-call-response", { callId, number, clientId, userId })
      await channel.dial(callId, number, sdp)
      return callId
    },
    attachMessage: async (socket, callId, messageId) => {
      const clientId = socket.data.principal.clientId
      if (clientId === null) return
      const [row] = await db().select().from(callRecords).where(eq(callRecords.callId, callId)).limit(1)
      if (!row || row.clientId !== clientId) return
      await save(callId, {
        message: {
          message_type: "text",
          message_body: `Quick reply ${messageId}`,
          attachments: [{ name: "message_id", value: messageId }],
          interactive: null,
        },
      })
    },
    candidate: async (socket, callId, candidate) => {
      const call = mine(socket, callId)
      if (!call || call.agentId === null || call.agentId !== socket.data.principal.userId) return
      await call.channel.addCandidate(callId, candidate)
    },
    dropSocket: async (socket) => {
      for (const call of [...calls.values()]) if (call.agentSocket === socket.id) await end(call.callId)
    },
    end,
    close: async () => {
      for (const call of calls.values()) if (call.ringTimer) clearTimeout(call.ringTimer)
      calls.clear()
      await Promise.all([hub.channel.close(), hub.meta.close()])
    },
  }
  return hub
}
