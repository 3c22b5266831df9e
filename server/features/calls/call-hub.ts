/**
 * The voice-call hub of a server process. A call's state lives in the database (call-store.ts: its record and its live
 * row), so any process can ring, accept, decline or end it; the socket events go through the socket.io adapter, which
 * reaches every process. Agents are the sockets of the tenant holding FRONT:/channels/whatsapp-call; they join
 * `voice:<clientId>` so call events never reach colleagues without the permission. A call rings only the agents who can
 * take it (call-takers.ts: online, permitted, not busy), each in their own room, or waits for one (call-waiting.ts); a
 * call nobody online can take gets the tenant's away message and ends as missed (call-ring.ts). Hold and resume are
 * call-hold.ts, transfer call-transfer.ts, warm transfer call-consult.ts, dialling call-dial.ts; the hub's surface is
 * call-hub-api.ts.
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
import { createMetaBridge } from "../../channels/whatsapp-cloud/call-bridge"
import { callSettingOf } from "../onboarding"
import { metaLeg } from "./hooks"
import { keepRecording, recordIfAsked } from "./recording-live"
import {
  type CallChannelName,
  type LiveCall,
  callsOfSocket,
  claimAccept,
  decline,
  dropLease,
  finish,
  liveOf,
  renewLease,
  saveStatus,
} from "./call-store"
import { type CallBusMessage, createCallBus } from "./call-bus"
import { LEASE_MS, RENEW_MS, RING_GRACE_MS } from "./call-timers"
import { holdDesk } from "./call-hold"
import { holdTone } from "./hold-tone"
import { callTakers } from "./call-takers"
import { type Emit, agentRooms, endedAudience, logFailure } from "./call-desk"
import { transferDesk } from "./call-transfer"
import { consultDesk } from "./call-consult"
import { type Carried, dialDesk } from "./call-dial"
import { ringDesk } from "./call-ring"
import { announceRang, leftQueue, serveWaitingAfter } from "./call-waiting"
import { allDeclined, ringAfterDeclines, ringingCall } from "./call-widen"
import type { CallHub } from "./call-hub-api"

export type { LiveCall } from "./call-store"
export type { CallHub } from "./call-hub-api"

/** A ringing call nobody answers ends as MISSED a little after the browsers' own countdown (the tenant's ring time, 60 s by default). */
export const RING_TIMEOUT_MS = 60_000 + RING_GRACE_MS

export { voiceRoom } from "./call-takers"

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
    if (message.kind === "consult") return consultMedia(message.callId, message.channel, message.socketId, message.sdp)
    if (message.kind === "consult-end") return carried.has(message.callId) ? endConsultMedia(message.callId, message.handedOver) : undefined
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
  const consulting = consultDesk(tools, transferring)
  const ring = ringDesk(services, emit, (ended, farEndGone) => hub.announceEnded(ended, farEndGone))

  /** A warm transfer's colleague joins the held call carried here: their browser's offer is answered. */
  const consultMedia = async (callId: string, channel: CallChannelName, socketId: string, sdp: string) => {
    if (!carried.has(callId)) return
    const answer = await (channel === "meta" ? hub.meta : hub.channel).consult(callId, sdp)
    emit(socketId, "browser-answer", { callId, sdp: answer })
  }
  const endConsultMedia = async (callId: string, handedOver: boolean) => {
    if (!(await hub.channel.endConsult(callId, handedOver))) await hub.meta.endConsult(callId, handedOver)
  }

  /** The agent side of a call carried here is now `socketId` (answering its offer `sdp`, when it sent one). */
  const repoint = async (callId: string, channel: CallChannelName, socketId: string, sdp: string | null) => {
    const call = carried.get(callId)
    if (!call) return
    call.agentSocket = socketId
    if (!sdp) return
    const answer = await (channel === "meta" ? hub.meta : hub.channel).reconnect(callId, sdp)
    emit(socketId, "browser-answer", { callId, sdp: answer })
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
  const dialling = dialDesk({
    services,
    node,
    leased: async () => leased,
    // The hub's channels, made below with it.
    channels: {
      get meta() {
        return hub.meta
      },
      get channel() {
        return hub.channel
      },
    },
    carry: (callId, call) => void carried.set(callId, call),
  })
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
      if (!won && ((await transferring.take(socket, callId, sdp)) || (await consulting.take(socket, callId, sdp)))) return
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
      // Every agent it rang declined: it rings the next who can take it (call-widen.ts), or is rejected.
      const call = await liveOf(db(), callId)
      if (!call || !allDeclined(call.rung, declined)) return
      const takers = await callTakers(services, { clientId })
      const setting = await callSettingOf(db(), clientId)
      const which = ringingCall(clientId, callId)
      const after = await services.database.transaction((tx) => ringAfterDeclines(tx, { which, takers, setting }))
      if (after.rang) await announceRang(services, after.rang)
      if (after.reject) await end(callId, CallStatus.rejected)
    },
    terminate: async (socket, callId) => {
      const call = await mine(socket, callId)
      if (!call) return
      if (call.agentId === null) return hub.reject(socket, callId)
      if (call.agentId === socket.data.principal.userId) await end(callId)
    },
    dial: (socket, number, sdp) => dialling.dial(socket, number, sdp),
    attachMessage: dialling.attachMessage,
    hold: holding.hold,
    resume: holding.resume,
    showHeld: holding.showHeld,
    transferTargets: transferring.transferTargets,
    transfer: transferring.transfer,
    transferReturned: transferring.returned,
    consult: consulting.consult,
    completeConsult: consulting.complete,
    cancelConsult: consulting.cancel,
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
      emit(endedAudience(call), "call-ended", { callId: call.callId })
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
