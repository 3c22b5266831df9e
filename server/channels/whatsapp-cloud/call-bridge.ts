/**
 * A WhatsApp user's call through the Cloud API, carried to an agent's browser. The browser speaks the spec's protocol
 * (it offers, we answer), and Meta offers too (the connect webhook's SDP), so the server stands between them: one werift
 * peer answers Meta's offer (the answer goes back with `pre_accept`, then `accept`), another answers the browser's, and
 * every audio packet one receives the other sends on. Ending: `reject` for a call never accepted, `terminate` after,
 * nothing when Meta ended it. An agent's call to a customer goes the other way: our peer offers to Meta (`connect`),
 * Meta's answer arrives in a connect webhook, and only then is the browser's offer answered (`whatsapp-answer`).
 * On hold the customer hears the hold tone instead of the agent and the agent hears nothing (relay-stream.ts); a held
 * call outlives its browser peer, and a resume from another tab answers that tab's offer with a new one (`reconnect`).
 * A recorded call hears the announcement first, and both directions' packets go to the recording as they are sent.
 * A warm transfer's consult: a held call gets a second browser peer, the colleague's; the agent and the colleague hear
 * each other while the customer hears the hold tone. Handed over, the colleague's peer becomes the call's browser peer
 * (Meta's leg is never renegotiated); cancelled, it closes and the agent's call is held as before.
 */
import { RTCPeerConnection, type RTCRtpTransceiver, type RtpPacket } from "werift"
import type { MediaStats, VoiceChannel, VoiceChannelEvents } from "../channel-adapter"
import type { CallAction } from "./calling-api"
import { RelayStream } from "./relay-stream"

export interface MetaLeg {
  /** The caller's SDP offer (connect webhook). */
  readonly offer: string
  /** Tells Meta what we do with the call (Graph API, calling-api.ts). */
  readonly act: (action: CallAction, sdp?: string) => Promise<void>
}

/** How an agent's call to a customer reaches Meta (the tenant's Cloud API number). */
export interface MetaDialer {
  /** `connect` with our offer to `to`; answers Meta's call id. */
  readonly connect: (to: string, offer: string) => Promise<string>
  readonly act: (metaCallId: string, action: CallAction) => Promise<void>
}

interface Bridged {
  /** Meta's id of the call (for a call to a customer it differs from ours). */
  metaId: string
  act: (action: CallAction, sdp?: string) => Promise<void>
  readonly peers: RTCPeerConnection[]
  readonly stats: { packetsReceived: number; packetsSent: number; bytesReceived: number }
  /** What the customer hears (the agent, or the hold tone) and what the agent hears (the customer). */
  readonly toMeta: RelayStream
  readonly toBrowser: RelayStream
  held: boolean
  browser: RTCPeerConnection | null
  /** A customer's call: Meta's offer. */
  readonly metaOffer: string | null
  /** A call to a customer: the browser's offer, answered once the customer answers. */
  browserOffer: string | null
  meta: RTCPeerConnection | null
  /** Starts carrying audio between the two peers (once both have their audio transceiver). */
  link: (() => void) | null
  /** Hooks the audio of a browser peer, the agent's or a consulted colleague's (before its description is applied). */
  hookBrowser: ((browser: RTCPeerConnection) => () => void) | null
  /** The colleague the agent talks with (a warm transfer), and what the colleague hears (the agent). */
  consult: {
    readonly peer: RTCPeerConnection
    readonly toPeer: RelayStream
    /** The recording's tap of the customer's voice, set aside while the agent hears the colleague. */
    readonly tap: RelayStream["tap"]
  } | null
  accepted: boolean
  /** Meta ended it, or we already told Meta: nothing more to say. */
  done: boolean
}

export interface MetaCallBridge extends VoiceChannel {
  /** A connect webhook's call, before it rings. */
  readonly add: (callId: string, leg: MetaLeg) => void
  /** The next `dial` of this call goes out through Meta with this dialer. */
  readonly dialVia: (callId: string, dialer: MetaDialer) => void
  /** Our id of a call Meta names `metaCallId` (they differ for calls to customers). */
  readonly callIdOf: (metaCallId: string) => string | undefined
  /** The customer answered our call (connect webhook with Meta's SDP answer). */
  readonly answeredByMeta: (metaCallId: string, sdp: string) => Promise<void>
  /** A call to a customer moved on at Meta (`statuses[]` of type call: RINGING, ACCEPTED, REJECTED). */
  readonly statusFromMeta: (metaCallId: string, status: string) => void
  /** Meta ended the call (terminate webhook): release it without telling Meta. */
  readonly endedByMeta: (callId: string) => Promise<void>
}

const newPeer = (iceHost: string) =>
  new RTCPeerConnection({ iceAdditionalHostAddresses: [iceHost], iceInterfaceAddresses: { udp4: iceHost }, iceUseIpv6: false })

const gathered = async (pc: RTCPeerConnection) => {
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((state) => state === "complete")
}

/** Answers `offer` on `pc`; resolves with the answer once ICE gathering is complete (no trickle). */
const answer = async (pc: RTCPeerConnection, offer: string) => {
  await pc.setRemoteDescription({ type: "offer", sdp: offer })
  const local = await pc.createAnswer()
  await pc.setLocalDescription(local)
  await gathered(pc)
  return pc.localDescription?.sdp ?? local.sdp
}

const audioOf = (pc: RTCPeerConnection): RTCRtpTransceiver => {
  const transceiver = pc.getTransceivers().find((t) => t.kind === "audio")
  if (!transceiver) throw new Error("The offer has no audio")
  return transceiver
}

/**
 * Every audio packet `pc` receives goes to `handle`; hooked before any description is applied (werift announces the
 * remote track while applying it), and again on the transceivers that exist after, each once.
 */
const onAudio = (pc: RTCPeerConnection, handle: (rtp: RtpPacket) => void) => {
  const hooked = new WeakSet<RTCRtpTransceiver>()
  const hook = (transceiver: RTCRtpTransceiver) => {
    if (hooked.has(transceiver)) return
    hooked.add(transceiver)
    transceiver.onTrack.subscribe((track) => void track.onReceiveRtp.subscribe((rtp) => handle(rtp)))
  }
  pc.onTransceiverAdded.subscribe(hook)
  return () => pc.getTransceivers().forEach(hook)
}

export const createMetaBridge = (events: VoiceChannelEvents, options: { iceHost?: string } = {}): MetaCallBridge => {
  const iceHost = options.iceHost ?? process.env.SIM_ICE_HOST ?? "127.0.0.1"
  const calls = new Map<string, Bridged>()
  const byMetaId = new Map<string, string>()
  const dialers = new Map<string, MetaDialer>()

  const release = async (callId: string) => {
    const call = calls.get(callId)
    calls.delete(callId)
    dialers.delete(callId)
    if (call) byMetaId.delete(call.metaId)
    call?.toMeta.close()
    call?.toBrowser.close()
    call?.consult?.toPeer.close()
    if (call) await Promise.all(call.peers.map((pc) => pc.close().catch(() => undefined)))
    return call
  }

  const fresh = (metaId: string, act: Bridged["act"], metaOffer: string | null = null): Bridged => ({
    metaId,
    act,
    peers: [],
    stats: { packetsReceived: 0, packetsSent: 0, bytesReceived: 0 },
    toMeta: new RelayStream(),
    toBrowser: new RelayStream(),
    held: false,
    browser: null,
    metaOffer,
    browserOffer: null,
    meta: null,
    link: null,
    hookBrowser: null,
    consult: null,
    accepted: false,
    done: false,
  })

  /**
   * Two peers for a call, Meta's and the browser's: what one side says, the other hears (werift rewrites SSRC, payload
   * type and sequence for the sending side). `link` once both have their audio transceiver.
   */
  const peersOf = (callId: string, call: Bridged) => {
    const meta = newPeer(iceHost)
    call.peers.push(meta)
    call.meta = meta
    call.hookBrowser = (browser) => {
      call.peers.push(browser)
      browser.connectionStateChange.subscribe((state) => {
        // A replaced peer (the call resumed in another tab) and a held call's closed tab end nothing.
        if (call.browser !== browser) return
        if (state === "connected") events.mediaConnected(callId)
        if (state === "failed" && calls.has(callId) && !call.held) events.ended(callId, "FAILED")
      })
      return onAudio(browser, (rtp) => {
        // The colleague of a consult speaks to the agent; the agent to the customer and, in a consult, to the colleague.
        if (call.consult?.peer === browser) return call.toBrowser.relay(rtp)
        if (call.browser !== browser) return
        call.stats.packetsReceived++
        call.stats.bytesReceived += rtp.payload.length
        call.consult?.toPeer.relay(rtp)
        call.toMeta.relay(rtp)
      })
    }
    const browser = newPeer(iceHost)
    call.browser = browser
    const fromBrowser = call.hookBrowser(browser)
    const fromMeta = onAudio(meta, (rtp) => {
      if (!call.consult) call.toBrowser.relay(rtp)
      call.stats.packetsSent = call.toBrowser.counts.relayed
    })
    meta.connectionStateChange.subscribe((state) => {
      if (state === "failed" && calls.has(callId)) events.ended(callId, "FAILED")
    })
    call.link = () => {
      fromMeta()
      fromBrowser()
      call.toMeta.target = audioOf(meta)
      call.toBrowser.target = audioOf(browser)
    }
    return { meta, browser }
  }

  return {
    add: (callId, leg) => void calls.set(callId, fresh(callId, leg.act, leg.offer)),
    dialVia: (callId, dialer) => void dialers.set(callId, dialer),
    callIdOf: (metaCallId) => byMetaId.get(metaCallId) ?? (calls.has(metaCallId) ? metaCallId : undefined),
    acceptIncoming: async (callId, browserOffer) => {
      const call = calls.get(callId)
      if (!call?.metaOffer) throw new Error(`No WhatsApp call ${callId}`)
      const { meta, browser } = peersOf(callId, call)
      const metaAnswer = await answer(meta, call.metaOffer)
      // Meta starts its side of the media connection before the call is accepted (no clipped first words).
      await call.act("pre_accept", metaAnswer)
      const browserAnswer = await answer(browser, browserOffer)
      call.link?.()
      await call.act("accept", metaAnswer)
      call.accepted = true
      return browserAnswer
    },
    dial: async (callId, number, browserOffer) => {
      const dialer = dialers.get(callId)
      dialers.delete(callId)
      if (!dialer) throw new Error(`No way to Meta for call ${callId}`)
      const call = fresh(callId, async () => undefined)
      call.browserOffer = browserOffer
      calls.set(callId, call)
      try {
        const { meta } = peersOf(callId, call)
        meta.addTransceiver("audio", { direction: "sendrecv" })
        await meta.setLocalDescription(await meta.createOffer())
        await gathered(meta)
        const metaId = await dialer.connect(number.replace(/[^0-9]/g, ""), meta.localDescription?.sdp ?? "")
        if (!calls.has(callId)) {
          // The agent hung up while Meta was placing it.
          await dialer.act(metaId, "terminate").catch(() => undefined)
          return
        }
        call.metaId = metaId
        call.act = (action) => dialer.act(metaId, action)
        byMetaId.set(metaId, callId)
      } catch (error) {
        console.error(`[calls] Meta did not place call ${callId}`, error)
        call.done = true
        events.ended(callId, "FAILED")
      }
    },
    answeredByMeta: async (metaCallId, sdp) => {
      const callId = byMetaId.get(metaCallId)
      const call = callId ? calls.get(callId) : undefined
      if (!callId || !call?.meta || !call.browser || !call.browserOffer || call.accepted) return
      call.accepted = true
      await call.meta.setRemoteDescription({ type: "answer", sdp })
      const browserAnswer = await answer(call.browser, call.browserOffer)
      if (!calls.has(callId)) return
      call.link?.()
      events.answered(callId, browserAnswer)
      events.status(callId, "ACCEPTED")
    },
    statusFromMeta: (metaCallId, status) => {
      const callId = byMetaId.get(metaCallId)
      const call = callId ? calls.get(callId) : undefined
      if (!callId || !call) return
      if (status === "RINGING") events.status(callId, "RINGING")
      if (status === "REJECTED") {
        call.done = true
        events.ended(callId, "REJECTED")
      }
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
      await call
        // A customer's call never accepted is declined; anything else (ours too, ringing or not) is hung up.
        .act(call.accepted || call.metaOffer === null ? "terminate" : "reject")
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
    hold: async (callId, tone) => {
      const call = calls.get(callId)
      if (!call?.accepted || !call.toMeta.target) return false
      call.held = tone !== null
      if (tone) {
        call.toMeta.playTone(tone)
        call.toBrowser.pause()
      } else {
        call.toMeta.resume()
        call.toBrowser.resume()
      }
      return true
    },
    record: (callId, tap, announcement) => {
      const call = calls.get(callId)
      if (!call?.accepted || !call.toMeta.target) return false
      call.toBrowser.tap = tap.customer
      call.toMeta.tap = tap.heard
      if (!call.held) call.toMeta.playTone(announcement, true)
      return true
    },
    reconnect: async (callId, offer) => {
      const call = calls.get(callId)
      if (!call?.hookBrowser || !call.accepted) throw new Error(`No answered call ${callId} here`)
      const old = call.browser
      const browser = newPeer(iceHost)
      call.browser = browser
      const hook = call.hookBrowser(browser)
      await old?.close().catch(() => undefined)
      const sdp = await answer(browser, offer)
      hook()
      call.toBrowser.target = audioOf(browser)
      return sdp
    },
    consult: async (callId, offer) => {
      const call = calls.get(callId)
      if (!call?.hookBrowser || !call.held || call.consult) throw new Error(`No held call ${callId} here to consult on`)
      const peer = newPeer(iceHost)
      const hook = call.hookBrowser(peer)
      const sdp = await answer(peer, offer)
      hook()
      const toPeer = new RelayStream()
      toPeer.target = audioOf(peer)
      call.consult = { peer, toPeer, tap: call.toBrowser.tap }
      // The agent hears the colleague now; the recording's customer side hears nobody meanwhile.
      call.toBrowser.tap = null
      call.toBrowser.resume()
      return sdp
    },
    endConsult: async (callId, handedOver) => {
      const call = calls.get(callId)
      const consult = call?.consult
      if (!call || !consult) return false
      call.consult = null
      consult.toPeer.close()
      call.toBrowser.tap = consult.tap
      if (!handedOver) {
        call.toBrowser.pause()
        await consult.peer.close().catch(() => undefined)
        return true
      }
      const old = call.browser
      call.browser = consult.peer
      call.toBrowser.continueFrom(consult.toPeer)
      call.toBrowser.target = audioOf(consult.peer)
      await old?.close().catch(() => undefined)
      return true
    },
    close: async () => {
      for (const call of calls.values()) call.done = true
      await Promise.all([...calls.keys()].map(release))
    },
  }
}
