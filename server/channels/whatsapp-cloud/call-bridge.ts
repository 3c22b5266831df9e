/**
 * A WhatsApp user's call through the Cloud API, carried to an agent's browser. The browser speaks the spec's protocol
 * (it offers, we answer), and Meta offers too (the connect webhook's SDP), so the server stands between them: one werift
 * peer answers Meta's offer (the answer goes back with `pre_accept`, then `accept`), another answers the browser's, and
 * every audio packet one receives the other sends on. Ending: `reject` for a call never accepted, `terminate` after,
 * nothing when Meta ended it.
 */
import { RTCPeerConnection, type RTCRtpTransceiver } from "werift"
import type { MediaStats, VoiceChannel, VoiceChannelEvents } from "../channel-adapter"
import type { CallAction } from "./calling-api"

export interface MetaLeg {
  /** The caller's SDP offer (connect webhook). */
  readonly offer: string
  /** Tells Meta what we do with the call (Graph API, calling-api.ts). */
  readonly act: (action: CallAction, sdp?: string) => Promise<void>
}

interface Bridged {
  readonly leg: MetaLeg
  readonly peers: RTCPeerConnection[]
  readonly stats: { packetsReceived: number; packetsSent: number; bytesReceived: number }
  browser: RTCPeerConnection | null
  accepted: boolean
  /** Meta ended it, or we already told Meta: nothing more to say. */
  done: boolean
}

export interface MetaCallBridge extends VoiceChannel {
  /** A connect webhook's call, before it rings. */
  readonly add: (callId: string, leg: MetaLeg) => void
  /** Meta ended the call (terminate webhook): release it without telling Meta. */
  readonly endedByMeta: (callId: string) => Promise<void>
}

const newPeer = (iceHost: string) =>
  new RTCPeerConnection({ iceAdditionalHostAddresses: [iceHost], iceInterfaceAddresses: { udp4: iceHost }, iceUseIpv6: false })

/** Answers `offer` on `pc`; resolves with the answer once ICE gathering is complete (no trickle). */
const answer = async (pc: RTCPeerConnection, offer: string) => {
  await pc.setRemoteDescription({ type: "offer", sdp: offer })
  const local = await pc.createAnswer()
  await pc.setLocalDescription(local)
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((state) => state === "complete")
  return pc.localDescription?.sdp ?? local.sdp
}

const audioOf = (pc: RTCPeerConnection): RTCRtpTransceiver => {
  const transceiver = pc.getTransceivers().find((t) => t.kind === "audio")
  if (!transceiver) throw new Error("The offer has no audio")
  return transceiver
}

type Rtp = Parameters<RTCRtpTransceiver["sender"]["sendRtp"]>[0] & { payload: Buffer }

/**
 * Every audio packet `pc` receives goes to `handle`; hooked before the offer is applied (werift announces the remote
 * track while applying it), and again on the transceivers that exist after, each once.
 */
const onAudio = (pc: RTCPeerConnection, handle: (rtp: Rtp) => void) => {
  const hooked = new WeakSet<RTCRtpTransceiver>()
  const hook = (transceiver: RTCRtpTransceiver) => {
    if (hooked.has(transceiver)) return
    hooked.add(transceiver)
    transceiver.onTrack.subscribe((track) => void track.onReceiveRtp.subscribe((rtp) => handle(rtp as Rtp)))
  }
  pc.onTransceiverAdded.subscribe(hook)
  return () => pc.getTransceivers().forEach(hook)
}

export const createMetaBridge = (events: VoiceChannelEvents, options: { iceHost?: string } = {}): MetaCallBridge => {
  const iceHost = options.iceHost ?? process.env.SIM_ICE_HOST ?? "127.0.0.1"
  const calls = new Map<string, Bridged>()

  const release = async (callId: string) => {
    const call = calls.get(callId)
    calls.delete(callId)
    if (call) await Promise.all(call.peers.map((pc) => pc.close().catch(() => undefined)))
    return call
  }

  return {
    add: (callId, leg) =>
      void calls.set(callId, {
        leg,
        peers: [],
        stats: { packetsReceived: 0, packetsSent: 0, bytesReceived: 0 },
        browser: null,
        accepted: false,
        done: false,
      }),
    acceptIncoming: async (callId, browserOffer) => {
      const call = calls.get(callId)
      if (!call) throw new Error(`No WhatsApp call ${callId}`)
      const meta = newPeer(iceHost)
      const browser = newPeer(iceHost)
      call.peers.push(meta, browser)
      call.browser = browser
      // What one side says, the other hears (werift rewrites SSRC, payload type and sequence for the sending side).
      let toMeta: RTCRtpTransceiver | null = null
      let toBrowser: RTCRtpTransceiver | null = null
      const fromBrowser = onAudio(browser, (rtp) => {
        call.stats.packetsReceived++
        call.stats.bytesReceived += rtp.payload.length
        toMeta?.sender.sendRtp(rtp).catch(() => undefined)
      })
      const fromMeta = onAudio(meta, (rtp) => {
        if (toBrowser)
          toBrowser.sender.sendRtp(rtp).then(
            () => void call.stats.packetsSent++,
            () => undefined,
          )
      })
      const metaAnswer = await answer(meta, call.leg.offer)
      fromMeta()
      toMeta = audioOf(meta)
      // Meta starts its side of the media connection before the call is accepted (no clipped first words).
      await call.leg.act("pre_accept", metaAnswer)
      const browserAnswer = await answer(browser, browserOffer)
      fromBrowser()
      toBrowser = audioOf(browser)
      browser.connectionStateChange.subscribe((state) => {
        if (state === "connected") events.mediaConnected(callId)
        if (state === "failed" && calls.has(callId)) events.ended(callId, "FAILED")
      })
      meta.connectionStateChange.subscribe((state) => {
        if (state === "failed" && calls.has(callId)) events.ended(callId, "FAILED")
      })
      await call.leg.act("accept", metaAnswer)
      call.accepted = true
      return browserAnswer
    },
    dial: async () => {
      throw new Error("Calls to customers go through the simulator")
    },
    addCandidate: async (callId, candidate) => {
      const browser = calls.get(callId)?.browser
      if (!browser || !candidate || typeof candidate !== "object") return
      await browser.addIceCandidate(candidate as never).catch(() => undefined)
    },
    hangup: async (callId) => {
      const call = await release(callId)
      if (!call || call.done) return
      call.done = true
      await call.leg
        .act(call.accepted ? "terminate" : "reject")
        .catch((error: unknown) => console.error(`[calls] Meta refused ending ${callId}`, error))
    },
    endedByMeta: async (callId) => {
      const call = calls.get(callId)
      if (call) call.done = true
      await release(callId)
    },
    stats: (callId): MediaStats | null => {
      const call = calls.get(callId)
      return call?.browser ? { state: call.browser.connectionState, ...call.stats } : null
    },
    close: async () => {
      for (const call of calls.values()) call.done = true
      await Promise.all([...calls.keys()].map(release))
    },
  }
}
