/** Events the call centre and its call actors exchange (spec 000 section 4, agent voice calls). */
import type { ToServerEvent, ToServerPayload } from "../../contract/voice-calls"

/** A call actor asks the centre to emit on the socket. */
export type SocketEmit = {
  [E in ToServerEvent]: { type: "socket.emit"; event: E; payload: ToServerPayload<E> }
}[ToServerEvent]

/** What the centre shows in a toast; the views translate the key under `calls.notice`. */
export type CallNotice =
  | "microphone"
  | "microphoneAccess"
  | "anotherOutgoing"
  | "anotherActive"
  | "sent"
  | "sendFailed"
  /** The tenant turned WhatsApp calls off: the server refused the dial (status REFUSED). */
  | "callsOff"

/** Events of the media actor (peer connection) back to its call. */
export type MediaEvent = { type: "media.offer"; sdp: string } | { type: "media.connected" } | { type: "media.failed" }

/** Commands to the media actor. */
export type MediaCommand = { type: "answer"; sdp: string } | { type: "mute"; muted: boolean }

export type ChildToCentre =
  | SocketEmit
  | { type: "call.finished"; callId: string }
  | { type: "call.notice"; notice: CallNotice }
  | { type: "outgoing.finished" }

export const RING_SECONDS = 60
