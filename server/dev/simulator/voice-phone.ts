/**
 * A simulated customer's phone calling the tenant through the platform's relay (voice-simulator.ts): a werift peer that
 * offers audio as Meta's side of a call does, takes the relay's answer (`pre_accept` / `accept`), sends back what it
 * hears, and counts what it heard: the agent's audio, or the hold tone (the packets the relay was given to play). It
 * can also speak (`say`: a clip looped), so a recording's customer side can be told from the agent's.
 */
import { RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpTransceiver } from "werift"
import type { MetaLeg } from "../../channels/whatsapp-cloud/call-bridge"

export interface SimulatedPhone {
  /** What the relay needs of the customer's side: the offer, and the actions it takes. */
  readonly leg: MetaLeg
  readonly heard: { agent: number; tone: number }
  /** The hold tone's packets from now on (null: none), so the phone tells them from the agent's audio. */
  readonly expectTone: (tone: readonly Buffer[] | null) => void
  /** The customer speaks: `packets` (20 ms Opus each) looped every 20 ms, until called with null. */
  readonly say: (packets: readonly Buffer[] | null) => void
  readonly close: () => Promise<void>
}

const keyOf = (payload: Buffer) => payload.toString("base64")

export const phoneCalling = async (iceHost: string): Promise<SimulatedPhone> => {
  const pc = new RTCPeerConnection({ iceAdditionalHostAddresses: [iceHost], iceInterfaceAddresses: { udp4: iceHost }, iceUseIpv6: false })
  const heard = { agent: 0, tone: 0 }
  let tone = new Set<string>()
  const hooked = new WeakSet<RTCRtpTransceiver>()
  const echo = (transceiver: RTCRtpTransceiver) => {
    if (hooked.has(transceiver)) return
    hooked.add(transceiver)
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        if (tone.has(keyOf(rtp.payload))) heard.tone++
        else heard.agent++
        transceiver.sender.sendRtp(rtp).catch(() => undefined)
      }),
    )
  }
  pc.onTransceiverAdded.subscribe(echo)
  pc.addTransceiver("audio", { direction: "sendrecv" })
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((state) => state === "complete")
  let speaking: NodeJS.Timeout | null = null
  let seq = 0
  const say = (packets: readonly Buffer[] | null) => {
    if (speaking) clearInterval(speaking)
    speaking = null
    const sender = pc.getTransceivers().find((t) => t.kind === "audio")?.sender
    if (!packets?.length || !sender) return
    let next = 0
    speaking = setInterval(() => {
      seq = (seq + 1) & 0xffff
      const header = new RtpHeader({ payloadType: 111, sequenceNumber: seq, timestamp: seq * 960, marker: false })
      sender.sendRtp(new RtpPacket(header, packets[next])).catch(() => undefined)
      next = (next + 1) % packets.length
    }, 20)
  }
  const close = () => {
    say(null)
    return pc.close().catch(() => undefined)
  }
  return {
    leg: {
      offer: pc.localDescription?.sdp ?? "",
      act: async (action, sdp) => {
        if ((action === "pre_accept" || action === "accept") && sdp && !pc.remoteDescription) {
          await pc.setRemoteDescription({ type: "answer", sdp })
          pc.getTransceivers().forEach(echo)
        }
        if (action === "reject" || action === "terminate") await close()
      },
    },
    heard,
    expectTone: (packets) => {
      if (packets) tone = new Set(packets.map(keyOf))
    },
    say,
    close,
  }
}
