/**
 * The voice-call socket events (spec 000 section 7). Only sockets whose user holds FRONT:/channels/whatsapp-call
 * join the tenant's voice room and may act on calls; who and which tenant always come from the token.
 */
import { Exit, Schema } from "effect"
import { VOICE_CALL_KEY } from "../../../src/contract/routes"
import { ToServer, type ToServerEvent, type ToServerPayload } from "../../../src/contract/voice-calls"
import type { Realtime } from "../../realtime/realtime"
import type { SocketFeature } from "../../realtime/socket"
import { followWatch } from "../../realtime/watch"
import { queueWatchers } from "./call-desk"
import { hubOf, voiceRoom } from "./call-hub"
import { serveWaitingAfter } from "./call-waiting"

const on = <E extends ToServerEvent>(
  socket: Parameters<SocketFeature>[0],
  realtime: Realtime,
  event: E,
  run: (payload: ToServerPayload<E>) => Promise<unknown>,
) => {
  const decode = Schema.decodeUnknownExit(ToServer[event] as unknown as Schema.Codec<ToServerPayload<E>, unknown>)
  socket.on(event as string, (raw: unknown) => {
    const decoded = decode(raw)
    if (Exit.isFailure(decoded)) return
    realtime.track(run(decoded.value)).catch((error: unknown) => console.error(`[calls] ${event} failed`, error))
  })
}

export const socketFeatures: readonly SocketFeature[] = [
  (socket, realtime, services) => {
    const { principal } = socket.data
    if (principal.clientId === null || principal.userId === null || !principal.grants.has(VOICE_CALL_KEY)) return
    const clientId = principal.clientId
    void socket.join(voiceRoom(clientId))
    // An open queue page hears every call of the tenant end (call-desk.ts `endedAudience`).
    followWatch(
      socket,
      "queue",
      (watching) => void (watching ? socket.join(queueWatchers(clientId)) : socket.leave(queueWatchers(clientId))),
    )
    const hub = hubOf(services)
    on(socket, realtime, "browser-offer", (p) => hub.accept(socket, p.callId, p.sdp))
    on(socket, realtime, "reject-call", (p) => hub.reject(socket, p.callId))
    on(socket, realtime, "terminate-call", (p) => hub.terminate(socket, p.callId))
    on(socket, realtime, "initiate-call", (p) => hub.dial(socket, p.number, p.sdp))
    on(socket, realtime, "browser-candidate", (p) => hub.candidate(socket, p.callId, p.candidate))
    on(socket, realtime, "call-message", (p) => hub.attachMessage(socket, p.callId, p.messageId))
    on(socket, realtime, "hold", (p) => hub.hold(socket, p.callId))
    on(socket, realtime, "resume", (p) => hub.resume(socket, p.callId, p.sdp))
    on(socket, realtime, "transfer-targets", (p) => hub.transferTargets(socket, p.callId))
    on(socket, realtime, "transfer", (p) => hub.transfer(socket, p.callId, p.to))
    on(socket, realtime, "consult", (p) => hub.consult(socket, p.callId, p.to))
    on(socket, realtime, "consult-complete", (p) => hub.completeConsult(socket, p.callId))
    on(socket, realtime, "consult-cancel", (p) => hub.cancelConsult(socket, p.callId))
    // A place may have opened for a waiting call (call-waiting.ts).
    realtime.track(serveWaitingAfter(services, principal.clientId))
    realtime.track(hub.showHeld(socket)).catch((error: unknown) => console.error("[calls] could not show the held calls", error))
    socket.on("disconnect", () => {
      realtime.track(hub.dropSocket(socket)).catch((error: unknown) => console.error("[calls] could not drop a socket", error))
    })
  },
]
