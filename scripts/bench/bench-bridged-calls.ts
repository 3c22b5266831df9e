/**
 * What a bridged WhatsApp call costs on one node: N customers' calls (default 10) answered at once through the
 * platform's relay (server/channels/whatsapp-cloud/call-bridge.ts, driven by the simulator's channel), each agent
 * sending 20 ms packets both ways for the measured window. Prints the process's CPU per call and the one-way latency
 * the relay adds from the agent's send to the customer's phone (each packet carries its send time). The agents' and
 * phones' peers run in the same process, so the CPU figure is an upper bound of the relay's own; the echoes that came
 * back of the packets sent show when that one process falls behind. `npm run bench:calls` ends with 10 and 50 calls.
 *
 *   npx tsx scripts/bench/bench-bridged-calls.ts [calls=10] [seconds=10]
 */
import { RTCPeerConnection, RtpHeader, RtpPacket } from "werift"
import { createVoiceSimulator } from "../../server/dev/simulator/voice-simulator"

const calls = Number(process.argv[2] ?? 10)
const seconds = Number(process.argv[3] ?? 10)
const latencies: number[] = []
/** Packets sent before the measured window are not counted when they come back in it. */
let windowStart = 0

const agentPeer = async () => {
  const pc = new RTCPeerConnection({
    iceAdditionalHostAddresses: ["127.0.0.1"],
    iceInterfaceAddresses: { udp4: "127.0.0.1" },
    iceUseIpv6: false,
  })
  const transceiver = pc.addTransceiver("audio", { direction: "sendrecv" })
  // The phone echoes: an agent's packet comes back through the relay twice (there and back); half is one way.
  transceiver.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      const sent = rtp.payload.length >= 8 ? rtp.payload.readDoubleLE(0) : 0
      if (sent > 0 && sent >= windowStart) latencies.push((performance.timeOrigin + performance.now() - sent) / 2)
    }),
  )
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((s) => s === "complete")
  return { pc, transceiver, offer: pc.localDescription?.sdp ?? "" }
}

const main = async () => {
  const connected = new Set<string>()
  const simulator = createVoiceSimulator({
    incoming: async () => "",
    status: () => undefined,
    answered: () => undefined,
    mediaConnected: (callId) => void connected.add(callId),
    ended: (callId, status) => console.error(`call ${callId} ended: ${status}`),
  })
  const agents: (Awaited<ReturnType<typeof agentPeer>> & { callId: string })[] = []
  for (let i = 0; i < calls; i++) {
    const callId = `bench.${i}`
    const agent = await agentPeer()
    const answer = await simulator.acceptIncoming(callId, agent.offer)
    await agent.pc.setRemoteDescription({ type: "answer", sdp: answer })
    agents.push({ callId, ...agent })
  }
  while (connected.size < calls) await new Promise((r) => setTimeout(r, 100))
  let seq = 0
  let sent = 0
  const talking = setInterval(() => {
    seq++
    sent += agents.length
    for (const agent of agents) {
      const payload = Buffer.alloc(80)
      payload.writeDoubleLE(performance.timeOrigin + performance.now(), 0)
      agent.transceiver.sender
        .sendRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: seq & 0xffff, timestamp: seq * 960 }), payload))
        .catch(() => undefined)
    }
  }, 20)
  await new Promise((r) => setTimeout(r, 2000))
  latencies.length = 0
  sent = 0
  windowStart = performance.timeOrigin + performance.now()
  const cpu = process.cpuUsage()
  const wall = performance.now()
  await new Promise((r) => setTimeout(r, seconds * 1000))
  const used = process.cpuUsage(cpu)
  const sentInWindow = sent
  const elapsed = performance.now() - wall
  clearInterval(talking)
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(2)
  const cpuShare = (used.user + used.system) / 1000 / elapsed
  console.log(
    JSON.stringify({
      calls,
      seconds,
      cpuPercentOfOneCore: +(cpuShare * 100).toFixed(1),
      cpuPercentPerCall: +((cpuShare * 100) / calls).toFixed(2),
      oneWayMs: { median: at(0.5), p95: at(0.95), p99: at(0.99) },
      echoes: { sent: sentInWindow, back: sorted.length },
    }),
  )
  await Promise.all(agents.map((agent) => agent.pc.close()))
  await simulator.close()
  process.exit(0)
}

void main()
