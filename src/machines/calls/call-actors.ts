/**
 * The side effects of voice calls, each with a lifetime and a clean-up: the socket (reconnecting by itself),
 * a call's peer connection, the ring tone, the 1 s ticker, and the storage reads and writes. The effects come from
 * the Effect services bound to the actor system (src/services/realtime); model tests replace these actors.
 */
import { Effect, Exit } from "effect"
import { fromCallback } from "xstate"
import { Api } from "../../services/api/api"
import { VoiceMedia, type PeerSession } from "../../services/calls/voice-media"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { type AppRuntime, fromEffect, runtimeOf } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import type { MediaCommand, MediaEvent } from "./call-events"
import { StoredCalls, type StoredCall } from "./stored-calls"

/** Null when no runtime is bound (a root actor created without createAppActor, e.g. in another feature's tests). */
const callRuntime = (system: Parameters<typeof runtimeOf>[0]): AppRuntime | null => {
  try {
    return runtimeOf(system)
  } catch {
    return null
  }
}

/** A socket event as the centre receives it: `rt.<event>` with the payload's fields. */
export type SocketEvent = RealtimeEvent<"calls">

/**
 * One timer shared by every call actor instead of one interval per call. Each subscriber keeps its own phase (a
 * tick exactly every 1000 ms after it started, so a 60 s countdown stays 60 s), and subscribers due within
 * COALESCE_MS of each other tick in the same task: 50 ringing calls cost a handful of wake-ups and React commits
 * per second, not 50.
 */
const COALESCE_MS = 100
interface Beat {
  due: number
  readonly fire: () => void
}
const beats = new Set<Beat>()
let beatTimer: ReturnType<typeof setTimeout> | null = null
let beatAt = Infinity
const scheduleBeat = () => {
  let next = Infinity
  for (const beat of beats) next = Math.min(next, beat.due)
  if (next === beatAt && beatTimer !== null) return
  if (beatTimer !== null) clearTimeout(beatTimer)
  beatTimer = null
  beatAt = next
  if (next !== Infinity) beatTimer = setTimeout(runBeats, Math.max(0, next - Date.now()))
}
const runBeats = () => {
  beatTimer = null
  beatAt = Infinity
  const now = Date.now()
  const due = [...beats].filter((beat) => beat.due <= now + COALESCE_MS)
  for (const beat of due) beat.due += 1000
  // A tick may stop another subscriber (a call ends) or start one (accept starts the call timer).
  for (const beat of due) if (beats.has(beat)) beat.fire()
  scheduleBeat()
}
export const everySecond = (fire: () => void): (() => void) => {
  const beat: Beat = { due: Date.now() + 1000, fire }
  beats.add(beat)
  scheduleBeat()
  return () => {
    beats.delete(beat)
    scheduleBeat()
  }
}

export const ticker = fromCallback(({ sendBack }) => everySecond(() => sendBack({ type: "TICK" })))

export const callSocket = fromRealtime("calls")

export const callMedia = fromCallback<MediaCommand, { callId: string }, MediaEvent>(({ input, sendBack, receive, system }) => {
  let session: PeerSession | null = null
  let stopped = false
  const early: MediaCommand[] = []
  const apply = (peer: PeerSession, command: MediaCommand) => {
    if (command.type === "answer")
      peer.setAnswer(command.sdp).catch((error: unknown) => console.error("[calls] remote description failed", error))
    else peer.setMuted(command.muted)
  }
  const runtime = callRuntime(system)
  if (!runtime) {
    sendBack({ type: "media.failed" })
    return
  }
  runtime
    .runPromiseExit(
      Effect.gen(function* () {
        const media = yield* VoiceMedia
        // The server's TURN relay for agents behind NAT; without an answer, direct candidates only.
        const api = yield* Api
        const iceServers = yield* api.call("onboarding", "getCallSetting", {}).pipe(
          Effect.map((reply) => reply.data.ice_servers ?? []),
          Effect.orElseSucceed(() => []),
        )
        return yield* media.startPeer(input.callId, iceServers)
      }),
    )
    .then((exit) => {
      if (Exit.isFailure(exit)) return stopped || sendBack({ type: "media.failed" })
      const peer = exit.value
      if (stopped) return peer.close()
      session = peer
      peer.onConnected(() => sendBack({ type: "media.connected" }))
      for (const command of early.splice(0)) apply(peer, command)
      sendBack({ type: "media.offer", sdp: peer.offer })
    })
  receive((command) => (session ? apply(session, command) : early.push(command)))
  return () => {
    stopped = true
    session?.close()
  }
})

export const ringTone = fromCallback(({ system }) => {
  const runtime = callRuntime(system)
  if (!runtime) return
  const tone = runtime.runSync(Effect.map(VoiceMedia, (media) => media.ringTone()))
  tone.start()
  return () => tone.stop()
})

/** At start: the ringing cards kept by the last page (reload restore) and the active ids cleared. */
export const restoreCalls = fromEffect(() =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.remove(StorageKeys.activeCallId)
    yield* storage.remove(StorageKeys.activeOutgoingCallId)
    const stored = yield* storage.getJson(StorageKeys.incomingCalls, StoredCalls)
    const tone = yield* storage.get(StorageKeys.enableCallTone)
    return {
      calls: stored._tag === "Some" ? stored.value : ([] as readonly StoredCall[]),
      toneEnabled: tone._tag === "Some" ? tone.value !== "false" : true,
    }
  }),
)

export interface PersistInput {
  readonly calls: readonly StoredCall[]
  readonly activeCallId: string | null
  readonly activeOutgoingCallId: string | null
  readonly toneEnabled: boolean
}

export const persistCalls = fromEffect((input: PersistInput) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.setJson(StorageKeys.incomingCalls, input.calls)
    yield* storage.set(StorageKeys.enableCallTone, String(input.toneEnabled))
    for (const [key, value] of [
      [StorageKeys.activeCallId, input.activeCallId],
      [StorageKeys.activeOutgoingCallId, input.activeOutgoingCallId],
    ] as const) {
      yield* value === null ? storage.remove(key) : storage.set(key, value)
    }
  }),
)

/** Quick reply: conversations/send_text through the resource/action helper; resolves to the message id. */
export const sendQuickReply = fromEffect((input: { number: string; text: string }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const id = yield* api.request("conversations", "send_text", {
      type: "text",
      text: { to: [input.number], message: { text: input.text } },
    } as never)
    return String(id ?? "")
  }),
)
