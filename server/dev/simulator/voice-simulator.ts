/**
 * The development servers' fallback voice channel (channels/fallback-channels.ts): it plays the customer's phone. It
 * places incoming calls, answers outgoing calls after a ring, hangs up, and is a real WebRTC peer (werift) that sends
 * what it hears back (werift has no Opus encoder, and echoing proves both directions: the browser's inbound RTP is
 * what the phone received from it). A customer's call reaches the agent through the platform's relay, as a Meta call
 * does (voice-phone.ts plays Meta's side), so hold works the same: the phone counts what it hears, the agent's audio
 * or the hold tone. An agent's call to a customer is answered by the phone directly. Numbers ending in "000" decline
 * outgoing calls, so the REJECTED path can be run.
 */
import { RTCPeerConnection, type RTCRtpTransceiver } from "werift"
import type { MediaStats, VoiceChannelEvents } from "../../channels/channel-adapter"
import type { SimulatedChannel } from "../../channels/fallback-channels"
import { createMetaBridge } from "../../channels/whatsapp-cloud/call-bridge"
import { type SimulatedPhone, phoneCalling } from "./voice-phone"

export interface SimulatorOptions {
  /** How long an outgoing call rings before the simulated customer answers. */
  readonly answerAfterMs?: number
  /** The address the simulator's ICE candidates use (loopback by default: browser and server on one machine). */
  readonly iceHost?: string
}

interface Peer {
  readonly pc: RTCPeerConnection
  readonly stats: { packetsReceived: number; packetsSent: number; bytesReceived: number }
  closing: boolean
}

const declines = (number: string) => /000$/.test(number.replace(/\D/g, ""))

export const createVoiceSimulator = (events: VoiceChannelEvents, options: SimulatorOptions = {}): SimulatedChannel => {
  const answerAfterMs = options.answerAfterMs ?? Number(process.env.SIM_ANSWER_MS ?? 2000)
  const iceHost = options.iceHost ?? process.env.SIM_ICE_HOST ?? "127.0.0.1"
  const peers = new Map<string, Peer>()
  const timers = new Map<string, NodeJS.Timeout[]>()
  const relay = createMetaBridge(events, { iceHost })
  const phones = new Map<string, SimulatedPhone>()

  const later = (callId: string, ms: number, run: () => void) => {
    const list = timers.get(callId) ?? []
    list.push(setTimeout(run, ms))
    timers.set(callId, list)
  }
  const clearTimers = (callId: string) => {
    for (const timer of timers.get(callId) ?? []) clearTimeout(timer)
    timers.delete(callId)
  }

  /** Answers an offer with an echoing audio transceiver; resolves once ICE gathering is complete (no trickle back). */
  const answer = async (callId: string, offerSdp: string): Promise<string> => {
    const pc = new RTCPeerConnection({
      iceAdditionalHostAddresses: [iceHost],
      iceInterfaceAddresses: { udp4: iceHost },
      iceUseIpv6: false,
    })
    const peer: Peer = { pc, stats: { packetsReceived: 0, packetsSent: 0, bytesReceived: 0 }, closing: false }
    peers.set(callId, peer)
    const echo = (transceiver: RTCRtpTransceiver) => {
      transceiver.onTrack.subscribe((track) => {
        track.onReceiveRtp.subscribe((rtp) => {
          peer.stats.packetsReceived++
          peer.stats.bytesReceived += rtp.payload.length
          transceiver.sender.sendRtp(rtp).then(
            () => void peer.stats.packetsSent++,
            () => undefined,
          )
        })
      })
    }
    pc.onTransceiverAdded.subscribe(echo)
    pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") events.mediaConnected(callId)
      if (state === "failed" && !peer.closing) events.ended(callId, "FAILED")
    })
    await pc.setRemoteDescription({ type: "offer", sdp: offerSdp })
    for (const transceiver of pc.getTransceivers()) echo(transceiver)
    const local = await pc.createAnswer()
    await pc.setLocalDescription(local)
    if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((state) => state === "complete")
    return pc.localDescription?.sdp ?? local.sdp
  }

  const release = async (callId: string) => {
    clearTimers(callId)
    const phone = phones.get(callId)
    phones.delete(callId)
    await phone?.close()
    const peer = peers.get(callId)
    peers.delete(callId)
    if (!peer) return
    peer.closing = true
    await peer.pc.close().catch(() => undefined)
  }

  return {
    placeCall: ({ clientId, number, name }) => events.incoming({ clientId, number, name: name ?? `Customer ${number.slice(-4)}` }),
    customerHangup: async (callId) => {
      const known = peers.has(callId) || timers.has(callId) || phones.has(callId)
      await relay.endedByMeta(callId)
      await release(callId)
      events.ended(callId)
      return known
    },
    customerSays: (callId, packets) => {
      const phone = phones.get(callId)
      phone?.say(packets)
      return phone !== undefined
    },
    acceptIncoming: async (callId, offerSdp) => {
      const phone = await phoneCalling(iceHost)
      phones.set(callId, phone)
      relay.add(callId, phone.leg)
      return relay.acceptIncoming(callId, offerSdp)
    },
    dial: async (callId, number, offerSdp) => {
      later(callId, 300, () => events.status(callId, "RINGING"))
      later(callId, answerAfterMs, () => {
        if (declines(number)) {
          clearTimers(callId)
          events.ended(callId, "REJECTED")
          return
        }
        answer(callId, offerSdp).then(
          (sdp) => {
            events.answered(callId, sdp)
            events.status(callId, "ACCEPTED")
          },
          (error: unknown) => {
            console.error("[simulator] could not answer", callId, error)
            events.ended(callId, "FAILED")
          },
        )
      })
    },
    addCandidate: async (callId, candidate) => {
      if (phones.has(callId)) return relay.addCandidate(callId, candidate)
      const peer = peers.get(callId)
      if (!peer || !candidate || typeof candidate !== "object") return
      await peer.pc.addIceCandidate(candidate as never).catch(() => undefined)
    },
    hangup: async (callId) => {
      await relay.hangup(callId)
      await release(callId)
    },
    stats: (callId): MediaStats | null => {
      const phone = phones.get(callId)
      const relayed = relay.stats(callId)
      if (phone && relayed) return { ...relayed, heard: { ...phone.heard } }
      const peer = peers.get(callId)
      return peer ? { state: peer.pc.connectionState, ...peer.stats } : null
    },
    hold: async (callId, tone) => {
      phones.get(callId)?.expectTone(tone)
      return relay.hold(callId, tone)
    },
    reconnect: (callId, offerSdp) => relay.reconnect(callId, offerSdp),
    consult: (callId, offerSdp) => relay.consult(callId, offerSdp),
    endConsult: (callId, handedOver) => relay.endConsult(callId, handedOver),
    record: (callId, tap, announcement) => relay.record(callId, tap, announcement),
    close: async () => {
      await relay.close()
      await Promise.all([...new Set([...peers.keys(), ...timers.keys(), ...phones.keys()])].map(release))
    },
  }
}
