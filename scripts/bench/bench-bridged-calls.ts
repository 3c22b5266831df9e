/**
 * What a bridged WhatsApp call costs on one node: N customers' calls (default 10) answered at once through the
 * platform's relay (server/channels/whatsapp-cloud/call-bridge.ts), each agent sending 20 ms packets that the
 * customer's phone echoes, for the measured window. The relay runs in this process; the agents' peers and the phones
 * run in another (bridged-far-ends.ts), so this process's CPU is the relay's own. Prints the relay's CPU per call,
 * the far ends' CPU, and the one-way latency from the agent's send to the phone and back, halved (each packet carries
 * its send time; the relay is crossed twice and the phone's stack once: an upper bound of what the relay adds), with
 * the echoes that came back of the packets sent. `npm run bench:calls` ends with 10 and 50 calls.
 *
 *   npx tsx scripts/bench/bench-bridged-calls.ts [calls=10] [seconds=10]
 */
import { fork } from "node:child_process"
import { fileURLToPath } from "node:url"
import { createMetaBridge } from "../../server/channels/whatsapp-cloud/call-bridge"

const calls = Number(process.argv[2] ?? 10)
const seconds = Number(process.argv[3] ?? 10)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const farEnds = fork(fileURLToPath(new URL("./bridged-far-ends.ts", import.meta.url)), { execArgv: ["--import", "tsx"] })
const waiting = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>()
let next = 0
farEnds.on("message", (message: { id: number; result?: unknown; error?: string }) => {
  const pending = waiting.get(message.id)
  waiting.delete(message.id)
  if (message.error !== undefined) pending?.reject(new Error(message.error))
  else pending?.resolve(message.result)
})
const ask = (request: Record<string, unknown>): Promise<any> =>
  new Promise((resolve, reject) => {
    const id = next++
    waiting.set(id, { resolve, reject })
    farEnds.send({ ...request, id })
  })

const main = async () => {
  const connected = new Set<string>()
  const failed = new Set<string>()
  const relay = createMetaBridge(
    {
      incoming: async () => "",
      status: () => undefined,
      answered: () => undefined,
      mediaConnected: (callId) => void connected.add(callId),
      ended: (callId, status) => {
        failed.add(callId)
        console.error(`call ${callId} ended: ${status}`)
      },
    },
    { iceHost: "127.0.0.1" },
  )
  const started = performance.now()
  for (let i = 0; i < calls; i++) {
    const callId = `bench.${i}`
    const phone: { offer: string } = await ask({ phone: callId })
    relay.add(callId, { offer: phone.offer, act: (action, sdp) => ask({ act: callId, action, sdp }) })
    const agent: { offer: string } = await ask({ agent: callId })
    await ask({ answer: callId, sdp: await relay.acceptIncoming(callId, agent.offer) })
  }
  while (connected.size + failed.size < calls) await sleep(100)
  if (failed.size > 0) throw new Error(`${failed.size} of ${calls} calls failed to connect`)
  console.error(`${calls} calls connected in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await ask({ talk: true })
  await sleep(2000)
  await ask({ measure: true })
  const cpu = process.cpuUsage()
  const wall = performance.now()
  await sleep(seconds * 1000)
  const used = process.cpuUsage(cpu)
  const relayShare = (used.user + used.system) / 1000 / (performance.now() - wall)
  const far: { cpuShare: number; oneWayMs: Record<string, number>; echoes: { sent: number; back: number } } = await ask({ report: true })
  const ms = (n: number) => +n.toFixed(2)
  console.log(
    JSON.stringify({
      calls,
      seconds,
      relayCpuPercentOfOneCore: +(relayShare * 100).toFixed(1),
      relayCpuPercentPerCall: +((relayShare * 100) / calls).toFixed(2),
      farEndsCpuPercentOfOneCore: +(far.cpuShare * 100).toFixed(1),
      oneWayMs: { median: ms(far.oneWayMs.median), p95: ms(far.oneWayMs.p95), p99: ms(far.oneWayMs.p99) },
      echoes: far.echoes,
    }),
  )
  await relay.close()
  farEnds.disconnect()
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  farEnds.kill()
  process.exit(1)
})
