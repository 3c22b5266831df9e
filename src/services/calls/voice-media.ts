/**
 * Browser media of a voice call: the microphone, one RTCPeerConnection per call (non-trickle: the offer is sent
 * once ICE gathering completes, so the far end never waits for candidates), the remote audio, and the ring tone
 * (generated with Web Audio, so no asset is needed). Live peers are kept in `globalThis.__voicePeers` by call id so
 * browser tests can read RTCPeerConnection stats.
 */
import { Context, Effect, Layer } from "effect"

/** Relay servers for call media when the server offers none (a single machine, loopback). */
export const ICE_SERVERS: RTCIceServer[] = []

/** The server's ICE servers (getCallSetting's `ice_servers`: its TURN relay with time-limited credentials). */
export type IceServerList = readonly { readonly urls: readonly string[]; readonly username?: string; readonly credential?: string }[]

export class MicrophoneDenied extends Error {
  readonly _tag = "MicrophoneDenied"
}

export interface PeerSession {
  readonly offer: string
  readonly setAnswer: (sdp: string) => Promise<void>
  readonly setMuted: (muted: boolean) => void
  readonly onConnected: (listener: () => void) => void
  readonly close: () => void
}

export interface RingTone {
  readonly start: () => void
  readonly stop: () => void
}

export interface VoiceMediaShape {
  readonly startPeer: (callId: string, iceServers?: IceServerList) => Effect.Effect<PeerSession, MicrophoneDenied>
  readonly ringTone: () => RingTone
}

const peers = (): Map<string, RTCPeerConnection> => {
  const holder = globalThis as { __voicePeers?: Map<string, RTCPeerConnection> }
  holder.__voicePeers ??= new Map()
  return holder.__voicePeers
}

const gathered = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve()
    const done = () => {
      if (pc.iceGatheringState !== "complete") return
      pc.removeEventListener("icegatheringstatechange", done)
      resolve()
    }
    pc.addEventListener("icegatheringstatechange", done)
    setTimeout(resolve, 3000)
  })

const startPeer = async (callId: string, iceServers: IceServerList = []): Promise<PeerSession> => {
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  } catch (error) {
    throw new MicrophoneDenied(String(error))
  }
  const servers = iceServers.length ? iceServers.map((server) => ({ ...server, urls: [...server.urls] })) : ICE_SERVERS
  const pc = new RTCPeerConnection({ iceServers: servers })
  peers().set(callId, pc)
  for (const track of stream.getAudioTracks()) pc.addTrack(track, stream)
  const audio = new Audio()
  audio.autoplay = true
  pc.addEventListener("track", (event) => {
    audio.srcObject = event.streams[0] ?? new MediaStream([event.track])
    audio.play().catch(() => undefined)
  })
  await pc.setLocalDescription(await pc.createOffer())
  await gathered(pc)
  const listeners: (() => void)[] = []
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "connected") for (const listener of listeners) listener()
  })
  return {
    offer: pc.localDescription?.sdp ?? "",
    setAnswer: (sdp) => pc.setRemoteDescription({ type: "answer", sdp }),
    setMuted: (muted) => {
      for (const track of stream.getAudioTracks()) track.enabled = !muted
    },
    onConnected: (listener) => void listeners.push(listener),
    close: () => {
      peers().delete(callId)
      for (const track of stream.getTracks()) track.stop()
      audio.srcObject = null
      pc.close()
    },
  }
}

/** A two-beep ring every 2 s. Browsers keep audio muted until a user click: then it resumes. */
const ringTone = (): RingTone => {
  let context: AudioContext | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  const resume = () => void context?.resume().catch(() => undefined)
  const beep = () => {
    if (context?.state !== "running") return
    for (const offset of [0, 0.4]) {
      const osc = context.createOscillator()
      const gain = context.createGain()
      osc.frequency.value = 440
      gain.gain.value = 0.1
      osc.connect(gain).connect(context.destination)
      osc.start(context.currentTime + offset)
      osc.stop(context.currentTime + offset + 0.3)
    }
  }
  return {
    start: () => {
      if (timer) return
      context = new AudioContext()
      if (context.state !== "running") {
        console.warn("Ringtone play blocked")
        document.addEventListener("click", resume)
      }
      beep()
      timer = setInterval(beep, 2000)
    },
    stop: () => {
      if (timer) clearInterval(timer)
      timer = null
      document.removeEventListener("click", resume)
      void context?.close().catch(() => undefined)
      context = null
    },
  }
}

export class VoiceMedia extends Context.Service<VoiceMedia, VoiceMediaShape>()("app/VoiceMedia") {
  static readonly layerBrowser: Layer.Layer<VoiceMedia> = Layer.succeed(VoiceMedia, {
    startPeer: (callId, iceServers) =>
      Effect.tryPromise({
        try: () => startPeer(callId, iceServers),
        catch: (error) => (error instanceof MicrophoneDenied ? error : new MicrophoneDenied(String(error))),
      }),
    ringTone,
  })
}
