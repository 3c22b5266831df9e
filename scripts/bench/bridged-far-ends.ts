/**
 * The far ends of bench-bridged-calls.ts, in a process of their own so the relay's process measures only the relay:
 * for each call a customer's phone (voice-phone.ts, which echoes what it hears) and an agent's peer that sends a
 * 20 ms packet stream carrying its send time and times the echo. Driven over the IPC channel by the parent:
 *   {phone, id} -> {id, offer}         {act, id, action, sdp} -> {id}
 *   {agent, id} -> {id, offer}         {answer, id, sdp} -> {id}
 *   {talk} starts the streams;  {measure} starts the window;  {report, id} -> {id, report}
 */
import { RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpTransceiver } from "werift"
import { type SimulatedPhone, phoneCalling } from "../../server/dev/simulator/voice-phone"

const ICE = { iceAdditionalHostAddresses: ["127.0.0.1"], iceInterfaceAddresses: { udp4: "127.0.0.1" }, iceUseIpv6: false }

interface Agent {
  readonly pc: RTCPeerConnection
  readonly transceiver: RTCRtpTransceiver
}

const phones = new Map<string, SimulatedPhone>()
const agents = new Map<string, Agent>()
const latencies: number[] = []
let windowStart = Number.POSITIVE_INFINITY
let sent = 0
let cpu = process.cpuUsage()
let wall = performance.now()

const now = () => performance.timeOrigin + performance.now()

const agentPeer = async (): Promise<Agent & { offer: string }> => {
  const pc = new RTCPeerConnection(ICE)
  const transceiver = pc.addTransceiver("audio", { direction: "sendrecv" })
  // The phone echoes: an agent's packet comes back through the relay twice (there and back); half is one way.
  transceiver.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      const at = rtp.payload.length >= 8 ? rtp.payload.readDoubleLE(0) : 0
      if (at >= windowStart) latencies.push((now() - at) / 2)
    }),
  )
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((s) => s === "complete")
  return { pc, transceiver, offer: pc.localDescription?.sdp ?? "" }
}

const talk = () => {
  let seq = 0
  setInterval(() => {
    seq++
    for (const agent of agents.values()) {
      const payload = Buffer.alloc(80)
      payload.writeDoubleLE(now(), 0)
      if (payload.readDoubleLE(0) >= windowStart) sent++
      agent.transceiver.sender
        .sendRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: seq & 0xffff, timestamp: seq * 960 }), payload))
        .catch(() => undefined)
    }
  }, 20).unref()
}

const report = () => {
  const used = process.cpuUsage(cpu)
  const elapsed = performance.now() - wall
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return {
    cpuShare: (used.user + used.system) / 1000 / elapsed,
    oneWayMs: { median: at(0.5), p95: at(0.95), p99: at(0.99) },
    echoes: { sent, back: sorted.length },
  }
}

type Request =
  | { id: number; phone: string }
  | { id: number; act: string; action: string; sdp?: string }
  | { id: number; agent: string }
  | { id: number; answer: string; sdp: string }
  | { id: number; talk: true }
  | { id: number; measure: true }
  | { id: number; report: true }

const handle = async (request: Request): Promise<unknown> => {
  if ("phone" in request) {
    const phone = await phoneCalling("127.0.0.1")
    phones.set(request.phone, phone)
    return { offer: phone.leg.offer }
  }
  if ("act" in request) return void (await phones.get(request.act)?.leg.act(request.action as never, request.sdp))
  if ("agent" in request) {
    const { offer, ...agent } = await agentPeer()
    agents.set(request.agent, agent)
    return { offer }
  }
  if ("answer" in request) return void (await agents.get(request.answer)?.pc.setRemoteDescription({ type: "answer", sdp: request.sdp }))
  if ("talk" in request) return void talk()
  if ("measure" in request) {
    windowStart = now()
    latencies.length = 0
    sent = 0
    cpu = process.cpuUsage()
    wall = performance.now()
    return undefined
  }
  return report()
}

process.on("message", (request: Request) => {
  handle(request).then(
    (result) => process.send?.({ id: request.id, result }),
    (error: unknown) => process.send?.({ id: request.id, error: String(error) }),
  )
})
process.on("disconnect", () => process.exit(0))
