/**
 * The voice-call hub of a server process. A call's state lives in the database (call-store.ts: its record and its live
 * row), so any process can ring, accept, decline or end it; the socket events go through the socket.io adapter, which
 * reaches every process. Agents are the sockets of the tenant holding FRONT:/channels/whatsapp-call; they join
 * `voice:<clientId>` so call events never reach colleagues without the permission. A call rings only the agents who can
 * take it (call-takers.ts: online, permitted, not busy), each in their own room, or waits for one (call-waiting.ts); a
 * call nobody online can take gets the tenant's away message and ends as missed. Hold and resume are call-hold.ts,
 * transfer call-transfer.ts.
 *
 * Nothing about a ringing call lives in one process's memory: the customer's media leg is made by the process that
 * wins the accept (the simulator's peer, or Meta's stored offer answered from there), which then owns the call.
 * Media, and what only the media's process can do, is the only per-process state (`carried`); an end decided elsewhere
 * reaches it through the call bus (call-bus.ts). The ring timeout and the end of calls whose process died are jobs
 * (call-timers.ts). A call is carried by the built-in simulator or, for a tenant's WhatsApp Cloud API number, by the Meta
 * bridge (channels/whatsapp-cloud/call-bridge.ts; fed by features/channels/meta-calls.ts, reached through hooks.ts).
 */
import { randomUUID } from "node:crypto"
import type { Services } from "../../http/context"
import type { AppSocket } from "../../realtime/socket"
import { CallStatus, type ToBrowser, type ToBrowserEvent } from "../../../src/contract/voice-calls"
import type { VoiceChannel, VoiceChannelEvents } from "../../channels/channel-adapter"
import type { SimulatedChannel } from "../../channels/fallback-channels"
import { createMetaBridge, type MetaCallBridge } from "../../channels/whatsapp-cloud/call-bridge"
import { callRecords } from "../../db/schema/calls"
import { eq } from "drizzle-orm"
import { metaDialer, metaLeg } from "./hooks"
import { callSettingOf } from "../onboarding"
import { awayForCall } from "../tenant-settings"
import { keepRecording, recordIfAsked } from "./recording-live"
import {
  type CallChannelName,
  type EndedCall,
  type LiveCall,
  callsOfSocket,
  claimAccept,
  decline,
  dropLease,
  finish,
  insertOutgoing,
  insertRefused,
  insertRinging,
  liveOf,
  markEmitted,
  renewLease,
  saveStatus,
} from "./call-store"
import { type CallBusMessage, createCallBus } from "./call-bus"
import { LEASE_MS, RENEW_MS, RING_GRACE_MS, scheduleRingEnd } from "./call-timers"
import { holdDesk } from "./call-hold"
import { holdTone } from "./hold-tone"
import { type TransferTarget, voiceRoom } from "./call-takers"
import { type Emit, agentRooms, logFailure } from "./call-desk"
import { transferDesk } from "./call-transfer"
import { callQueueChanged, leftQueue, ringOrWait, serveWaitingAfter } from "./call-waiting"
import type { PendingTransfer } from "./call-store"

export type { LiveCall } from "./call-store"

/** A ringing call nobody answers ends as MISSED a little after the browsers' own countdown (the tenant's ring time, 60 s by default). */
export const RING_TIMEOUT_MS = 60_000 + RING_GRACE_MS

export { voiceRoom } from "./call-takers"

/** A call whose media this process carries: who to tell what the channel reports. */
interface Carried {
  readonly clientId: number
  readonly type: "incoming" | "outgoing"
  readonly agentId: number
  /** The agent's tab on the call (another one after a resume from another tab). */
  agentSocket: string
}

export interface CallHub {
  /** This process's id in `live_calls.owner_node` and `call_nodes`. */
  readonly node: string
  readonly channel: SimulatedChannel
  readonly meta: MetaCallBridge
  /** A live call (ringing or running), as every process sees it; null once it ended. */
  readonly live: (callId: string) => Promise<LiveCall | null>
  /**
   * A WhatsApp user calls the tenant's Cloud API number (Meta's connect webhook, under Meta's call id): rings the
   * agents; false when that call is already known (Meta delivers webhooks at least once).
   */
  readonly metaConnect: (call: {
    clientId: number
    callId: string
    name: string
    number: string
    offer: string
    numberId: string
  }) => Promise<boolean>
  /** Meta's terminate webhook (Meta's call id): the call ends on the agents' screens (without telling Meta back). */
  readonly metaTerminate: (clientId: number, metaCallId: string) => Promise<void>
  /** The customer answered an agent's call (connect webhook with Meta's SDP answer). */
  readonly metaAnswered: (clientId: number, metaCallId: string, sdp: string) => Promise<void>
  /** An agent's call moved on at Meta (`statuses[]` of type call). */
  readonly metaStatus: (clientId: number, metaCallId: string, status: string) => Promise<void>
  readonly incoming: (call: { clientId: number; name: string; number: string }) => Promise<string>
  readonly accept: (socket: AppSocket, callId: string, sdp: string) => Promise<void>
  readonly reject: (socket: AppSocket, callId: string) => Promise<void>
  readonly terminate: (socket: AppSocket, callId: string) => Promise<void>
  readonly dial: (socket: AppSocket, number: string, sdp: string) => Promise<string | null>
  readonly attachMessage: (socket: AppSocket, callId: string, messageId: string) => Promise<void>
  /** The agent puts their answered call on hold: the customer hears the hold tone, neither hears the other. */
  readonly hold: (socket: AppSocket, callId: string) => Promise<void>
  /**
   * The agent takes their held call back, their active call held first in the same step (the switch); `sdp`: this
   * tab's offer when it has no media for the call (answered by `browser-answer`).
   */
  readonly resume: (socket: AppSocket, callId: string, sdp?: string) => Promise<void>
  /** A tab of the agent connected: it hears of their calls on hold (`call-held`), so held calls outlive a reload. */
  readonly showHeld: (socket: AppSocket) => Promise<void>
  /** Whom the agent's call could be transferred to now (`transfer-targets`). */
  readonly transferTargets: (socket: AppSocket, callId: string) => Promise<void>
  /** Blind transfer of the agent's answered or held call to an agent or a group (call-transfer.ts). */
  readonly transfer: (socket: AppSocket, callId: string, to: TransferTarget) => Promise<void>
  /** A transfer went back to its sender (its ring time ended). */
  readonly transferReturned: (callId: string, transfer: PendingTransfer) => void
  /** A browser ICE candidate: only from the agent on the call (so never from another tenant). */
  readonly candidate: (socket: AppSocket, callId: string, candidate: unknown) => Promise<void>
  readonly dropSocket: (socket: AppSocket) => Promise<void>
  /** Ends a live call from any process (`farEndGone`: the customer's side ended it, so it is not told). */
  readonly end: (callId: string, status?: string, farEndGone?: boolean) => Promise<void>
  /** After a call's end committed: the agents hear it and the media is released wherever it is carried. */
  readonly announceEnded: (ended: EndedCall, farEndGone: boolean) => Promise<void>
  /** Starts the lease and listens to the other processes (idempotent; every entry point calls it). */
  readonly start: () => void
  readonly close: () => Promise<void>
}

const hubs = new WeakMap<Services, CallHub>()

/** Stops this process's hub, if it ever started (the server is stopping). */
export const closeHub = async (services: Services) => hubs.get(services)?.close()

export const hubOf = (services: Services): CallHub => {
  let hub = hubs.get(services)
  if (!hub) {
    hub = createHub(services)
    hubs.set(services, hub)
  }
  hub.start()
  return hub
}

const createHub = (services: Services): CallHub => {
  const node = `${process.pid}:${randomUUID()}`
  const carried = new Map<string, Carried>()
  const db = () => services.database.db
  // A call that ends while the server stops (its socket service already closed) has nobody left to tell.
  const emit: Emit = (room, event, payload) => {
    if (room.length > 0) services.realtime?.io.to(room as string | string[]).emit(event, payload)
  }
  const toAgent = <E extends ToBrowserEvent>(call: Carried, event: E, payload: ToBrowser[E]) => emit(call.agentSocket, event, payload)

  /** This tenant's live call, or null (another tenant's call is nobody's business here). */
  const mine = async (socket: AppSocket, callId: string) => {
    const call = await liveOf(db(), callId)
    return call && call.clientId === socket.data.principal.clientId ? call : null
  }

  const end = async (callId: string, status?: string, farEndGone = false) => {
    const ended = await services.database.transaction((tx) => finish(tx, callId, status))
    if (ended) await hub.announceEnded(ended, farEndGone)
  }

  /** What this process does when a call ended anywhere: let its media go, if it carries it. */
  const release = async (callId: string, farEndGone: boolean) => {
    carried.delete(callId)
    await keepRecording(services, callId).catch(logFailure(`could not keep the recording of ${callId}`))
    await hub.channel.hangup(callId)
    await (farEndGone ? hub.meta.endedByMeta(callId) : hub.meta.hangup(callId))
  }

  /** Plays the hold tone to the call's customer and cuts both ways, or stops it, where the media is carried. */
  const holdMedia = async (callId: string, held: boolean) => {
    const tone = held ? holdTone() : null
    if (!(await hub.channel.hold(callId, tone))) await hub.meta.hold(callId, tone)
  }

  const onBus = async (message: CallBusMessage) => {
    if (message.kind === "release") return release(message.callId, message.farEndGone)
    if (message.kind === "hold") return carried.has(message.callId) ? holdMedia(message.callId, message.held) : undefined
    if (message.kind === "repoint") return repoint(message.callId, message.channel, message.socketId, message.sdp)
    const callId = hub.meta.callIdOf(message.metaCallId)
    const call = callId ? carried.get(callId) : undefined
    if (!callId || !call || call.clientId !== message.clientId) return
    if (message.op === "answered") await hub.meta.answeredByMeta(message.metaCallId, message.value)
    else if (message.op === "status") hub.meta.statusFromMeta(message.metaCallId, message.value)
    else {
      await hub.meta.endedByMeta(callId)
      await end(callId, undefined, true)
    }
  }
  const bus = createCallBus(services, onBus)
  const tools = { services, emit, broadcast: bus.broadcast }
  const holding = holdDesk(tools)
  const transferring = transferDesk(tools)

  /** The agent side of a call carried here is now `socketId` (answering its offer `sdp`, when it sent one). */
  const repoint = async (callId: string, channel: CallChannelName, socketId: string, sdp: string | null) => {
    const call = carried.get(callId)
    if (!call) return
    call.agentSocket = socketId
    if (!sdp) return
    const answer = await (channel === "meta" ? hub.meta : hub.channel).reconnect(callId, sdp)
    emit(socketId, "browser-answer", { callId, sdp: answer })
  }

  /** A customer's call nobody can take: the tenant's away message on WhatsApp, and the call ends as missed. */
  const nobodyCanTake = async (call: { callId: string; clientId: number; name: string; number: string }) => {
    const ended = await services.database.transaction(async (tx) => {
      const missed = await finish(tx, call.callId, CallStatus.missed)
      if (missed) await awayForCall(tx, call)
      return missed
    })
    if (ended) await hub.announceEnded(ended, false)
  }

  /** Rings the tenant's agents for a new incoming call; null when a call with this id was already recorded. */
  const ring = async (
    { clientId, name, number }: { clientId: number; name: string; number: string },
    callId: string,
    channel: CallChannelName,
    meta?: { offer: string; numberId: string },
  ): Promise<string | null> => {
    const setting = await callSettingOf(db(), clientId)
    if (!setting.enabled) {
      // The tenant turned calls off: refused at the channel, in Call History as such, and no card rings.
      const fresh = await services.database.transaction((tx) => insertRefused(tx, { callId, clientId, name, number }, CallStatus.refused))
      if (fresh && meta) await metaLeg.ask(services, { clientId, callId, ...meta }).then((leg) => leg?.act("reject"))
      return fresh ? callId : null
    }
    const ringEndsAt = new Date(Date.now() + setting.ring_timeout_seconds * 1000)
    const { rung, queued } = await ringOrWait(services, clientId)
    const fresh = await services.database.transaction(async (tx) => {
      const inserted = await insertRinging(tx, {
        callId,
        clientId,
        name,
        number,
        channel,
        ringEndsAt,
        metaOffer: meta?.offer,
        metaNumberId: meta?.numberId,
        rung,
        queued,
      })
      if (inserted && (rung.length > 0 || queued)) await scheduleRingEnd(tx, { callId, clientId, ringEndsAt })
      return inserted
    })
    if (!fresh) return null
    if (queued) {
      callQueueChanged(services, clientId, callId)
      return serveWaitingAfter(services, clientId).then(() => callId)
    }
    if (rung.length === 0) {
      await nobodyCanTake({ callId, clientId, name, number })
      return callId
    }
    const emittedAt = Date.now()
    emit(agentRooms(rung), "call-is-coming", {
      callId,
      callerName: name,
      callerNumber: number,
      ringSeconds: setting.ring_timeout_seconds,
      quickReplies: setting.quick_replies,
    })
    markEmitted(db(), callId, emittedAt).catch(logFailure(`could not note when ${callId} rang`))
    return callId
  }

  const events: VoiceChannelEvents = {
    incoming: async (call) => {
      const callId = await ring(call, `wacid.${randomUUID()}`, "simulator")
      if (!callId) throw new Error("A fresh call id was already recorded")
      return callId
    },
    status: (callId, status) => {
      const call = carried.get(callId)
      if (!call) return
      toAgent(call, "call-status-update", { callId, callStatus: status })
      saveStatus(db(), callId, status).catch(logFailure(`could not store status ${status} of ${callId}`))
    },
    answered: (callId, sdp) => {
      const call = carried.get(callId)
      if (call) toAgent(call, "whatsapp-answer", { callId, sdp })
    },
    mediaConnected: (callId) => {
      const call = carried.get(callId)
      if (call?.type === "incoming") toAgent(call, "start-browser-timer", { callId })
    },
    // The channel ended it (the customer hung up, declined, or media failed); the Meta bridge knows whether Meta was told.
    ended: (callId, status) => void end(callId, status).catch(logFailure(`could not end ${callId}`)),
  }

  /** The customer's leg of a call this process just won: the simulator answers anywhere; Meta's leg is rebuilt here. */
  const channelFor = async (call: LiveCall): Promise<VoiceChannel> => {
    if (call.channel === "simulator") return hub.channel
    if (!call.metaOffer || !call.metaNumberId) throw new Error(`Call ${call.callId} has no Meta offer`)
    const leg = await metaLeg.ask(services, {
      clientId: call.clientId,
      callId: call.callId,
      numberId: call.metaNumberId,
      offer: call.metaOffer,
    })
    if (!leg) throw new Error(`The WhatsApp number of call ${call.callId} is not connected any more`)
    hub.meta.add(call.callId, leg)
    return hub.meta
  }
  const carrierOf = (call: LiveCall) => (call.channel === "meta" ? hub.meta : hub.channel)

  let renewing: NodeJS.Timeout | null = null
  let leased: Promise<unknown> | null = null
  const renew = () => renewLease(db(), node, LEASE_MS).catch(logFailure("could not renew this process's lease"))

  const hub: CallHub = {
    node,
    channel: services.fallbackChannels.voice(events),
    meta: createMetaBridge(events),
    live: (callId) => liveOf(db(), callId),
    start: () => {
      bus.attach()
      if (leased) return
      leased = renew()
      renewing = setInterval(() => void renew(), RENEW_MS)
      renewing.unref()
    },
    metaConnect: async ({ offer, numberId, callId, ...call }) => (await ring(call, callId, "meta", { offer, numberId })) !== null,
    metaTerminate: async (clientId, metaCallId) => {
      // A customer's call carries Meta's id; an agent's call to a customer is known by Meta's id only where it was dialled.
      const call = await liveOf(db(), metaCallId)
      if (call && call.clientId === clientId && call.channel === "meta") return end(metaCallId, undefined, true)
      await bus.broadcast({ kind: "meta", op: "terminate", clientId, metaCallId, value: "" })
    },
    metaAnswered: (clientId, metaCallId, sdp) => bus.broadcast({ kind: "meta", op: "answered", clientId, metaCallId, value: sdp }),
    metaStatus: (clientId, metaCallId, status) => bus.broadcast({ kind: "meta", op: "status", clientId, metaCallId, value: status }),
    incoming: events.incoming,
    accept: async (socket, callId, sdp) => {
      const { userId, clientId } = socket.data.principal
      if (userId === null || clientId === null) return
      // The winner owns the call: its lease must exist before any process could look for it.
      await leased
      const won = await services.database.transaction((tx) => claimAccept(tx, { callId, clientId, userId, socketId: socket.id, node }))
      if (!won && (await transferring.take(socket, callId, sdp))) return
      if (!won) {
        // Another agent was quicker (on any process): this browser just drops the card.
        const call = await liveOf(db(), callId)
        if (call && call.clientId === clientId && call.type === "incoming")
          socket.emit("remove-call", { callId, userId: call.agentId ?? 0 })
        return
      }
      carried.set(callId, { clientId, type: "incoming", agentId: userId, agentSocket: socket.id })
      leftQueue(services, won, true)
      void serveWaitingAfter(services, clientId)
      // Every card of it goes, the acceptor's other tabs' too.
      socket.to(agentRooms(won.rung)).emit("remove-call", { callId, userId })
      try {
        const carrier = await channelFor(won)
        const answer = await carrier.acceptIncoming(callId, sdp)
        if (carried.has(callId)) socket.emit("browser-answer", { callId, sdp: answer })
        // A recording that cannot start leaves the call as it is.
        if (carried.has(callId)) await recordIfAsked(services, carrier, won).catch(logFailure(`could not record ${callId}`))
      } catch (error) {
        console.error("[calls] could not answer the browser", callId, error)
        await end(callId, CallStatus.failed)
      }
    },
    reject: async (socket, callId) => {
      const { userId, clientId } = socket.data.principal
      if (userId === null || clientId === null) return
      const declined = await decline(db(), callId, clientId, userId)
      if (declined === null) {
        // Not ringing: a transfer that rang this agent is declined, or the agent on the call ends it.
        if (await transferring.decline(socket, callId)) return
        const call = await mine(socket, callId)
        if (call?.agentId === userId) await end(callId, CallStatus.completed)
        return
      }
      // Every agent it rang declined: the call is rejected.
      const call = await liveOf(db(), callId)
      if (call && call.rung.length > 0 && call.rung.every((id) => declined.includes(id))) await end(callId, CallStatus.rejected)
    },
    terminate: async (socket, callId) => {
      const call = await mine(socket, callId)
      if (!call) return
      if (call.agentId === null) return hub.reject(socket, callId)
      if (call.agentId === socket.data.principal.userId) await end(callId)
    },
    dial: async (socket, number, sdp) => {
      const { userId, clientId } = socket.data.principal
      if (userId === null || clientId === null || !number.trim()) return null
      const callId = `wacid.${randomUUID()}`
      if (!(await callSettingOf(db(), clientId)).enabled) {
        // The tenant turned calls off: the dialler hears REFUSED (the console says calls are off), Call History keeps it.
        await services.database.transaction((tx) =>
          insertRefused(tx, { callId, clientId, name: "Unknown", number }, CallStatus.refused, userId),
        )
        socket.emit("initiated-call-response", { callId, number, clientId, userId })
        socket.emit("call-status-update", { callId, callStatus: CallStatus.refused })
        socket.emit("call-ended", { callId })
        return null
      }
      await leased
      // A tenant with a WhatsApp Cloud API number calls through Meta; the others through the simulator.
      const dialer = await metaDialer.ask(services, clientId)
      const channel: VoiceChannel = dialer ? hub.meta : hub.channel
      if (dialer) hub.meta.dialVia(callId, dialer)
      await services.database.transaction((tx) =>
        insertOutgoing(tx, {
          callId,
          clientId,
          number,
          agentId: userId,
          agentSocket: socket.id,
          node,
          channel: dialer ? "meta" : "simulator",
        }),
      )
      carried.set(callId, { clientId, type: "outgoing", agentId: userId, agentSocket: socket.id })
      socket.emit("initiated-call-response", { callId, number, clientId, userId })
      await channel.dial(callId, number, sdp)
      return callId
    },
    attachMessage: async (socket, callId, messageId) => {
      const clientId = socket.data.principal.clientId
      if (clientId === null) return
      const [row] = await db().select().from(callRecords).where(eq(callRecords.callId, callId)).limit(1)
      if (!row || row.clientId !== clientId) return
      await db()
        .update(callRecords)
        .set({
          message: {
            message_type: "text",
            message_body: `Quick reply ${messageId}`,
            attachments: [{ name: "message_id", value: messageId }],
            interactive: null,
          },
        })
        .where(eq(callRecords.callId, callId))
    },
    hold: holding.hold,
    resume: holding.resume,
    showHeld: holding.showHeld,
    transferTargets: transferring.transferTargets,
    transfer: transferring.transfer,
    transferReturned: transferring.returned,
    candidate: async (socket, callId, candidate) => {
      // Only the agent on a call this process carries (the candidate belongs to its browser's peer here).
      const call = carried.get(callId)
      if (!call || call.agentSocket !== socket.id) return
      const live = await liveOf(db(), callId)
      if (live) await carrierOf(live).addCandidate(callId, candidate)
    },
    dropSocket: async (socket) => {
      for (const callId of await callsOfSocket(db(), socket.id)) await end(callId)
    },
    end: (callId, status, farEndGone) => end(callId, status, farEndGone),
    announceEnded: async ({ call }, farEndGone) => {
      // The record is final before anyone hears the call ended, so a Call History reload on `call-ended` shows it.
      emit(voiceRoom(call.clientId), "call-ended", { callId: call.callId })
      leftQueue(services, call, false)
      if (call.type === "outgoing" && call.agentId !== null) emit(`user:${call.agentId}`, "call-ended", { callId: call.callId })
      // A Meta call that still rang is carried by nobody: declining it at Meta is for whoever ended it.
      if (call.channel === "meta" && call.ownerNode === null && !farEndGone && call.metaOffer && call.metaNumberId) {
        const leg = await metaLeg
          .ask(services, {
            clientId: call.clientId,
            callId: call.callId,
            numberId: call.metaNumberId,
            offer: call.metaOffer,
          })
          .catch(() => null)
        await leg?.act("reject").catch(logFailure(`Meta refused declining ${call.callId}`))
      }
      if (call.ownerNode === node || call.ownerNode === null) await release(call.callId, farEndGone)
      else await bus.broadcast({ kind: "release", callId: call.callId, farEndGone })
      await serveWaitingAfter(services, call.clientId)
    },
    close: async () => {
      if (renewing) clearInterval(renewing)
      renewing = null
      carried.clear()
      await Promise.all([hub.channel.close(), hub.meta.close()])
      // Stopping on purpose: the calls this process carried end at once on another process, not when the lease runs out.
      await dropLease(db(), node).catch(() => undefined)
    },
  }
  return hub
}
