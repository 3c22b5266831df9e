/**
 * `npm run bench:pbx`: the softphone against a plain phone, through the media gateway.
 * 1. Call setup browser -> plain phone: Chromium (agent1's softphone) dials baresip (PCMU, plain RTP, auto-answer)
 *    through Kamailio and rtpengine, CALLS times; from the Call click to the page showing the call connected (SIP
 *    INVITE, rtpengine offer/answer, ICE and DTLS), stamped in the page. Bar 1 s, goal 300 ms.
 * 2. rtpengine's added latency on the audio path: PACKETS RTP packets (20 ms apart, 172 bytes like PCMU) from one
 *    UDP socket to another, directly and through an rtpengine call set up with the ng protocol; the one-way delay
 *    difference (median and p99) is what the gateway adds. Needs a built console (npm run build; BENCH_DIST=dir).
 */
import { createSocket, type Socket } from "node:dgram"
import { chromium } from "@playwright/test"
import { startTestServer } from "../server/testing/test-server"
import { ephemeralPassword } from "../server/features/softphone"
import { freePort } from "../server/sip/daemon"
import { startKamailio } from "../server/sip/kamailio"
import { ngCommand, startRtpengine } from "../server/sip/rtpengine"
import { startBaresip } from "../server/sip/baresip"

const CALLS = Number(process.env.BENCH_CALLS ?? 10)
const PACKETS = Number(process.env.BENCH_PACKETS ?? 500)
const SECRET = "YmVuY2gtcGJ4LXNlY3JldA=="

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`

const rtpengine = await startRtpengine({ mediaIp: "127.0.0.1", ngPort: await freePort(), portMin: 47000 })
const sipPort = await freePort()
const kamailio = await startKamailio({ port: sipPort, secret: SECRET, rtpengine: rtpengine.socket })
const server = await startTestServer({
  ...(process.env.BENCH_DIST ? { distDir: process.env.BENCH_DIST } : {}),
  config: { sip: { secret: SECRET, domain: kamailio.domain, wsUrl: null, wsPort: sipPort, ttlSeconds: 3600 } },
})
const user = `${Math.floor(Date.now() / 1000) + 3600}:2001`
const desk = await startBaresip({
  aor: "sip:2001@pbx.local",
  authUser: user,
  authPass: ephemeralPassword(SECRET, user),
  outbound: `sip:127.0.0.1:${sipPort};transport=tcp`,
  answer: "auto",
})
await desk.register()
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection"],
})

try {
  // 1. Call setup.
  const page = await browser.newPage()
  await page.goto(`${server.url}/login`)
  await page.fill("#login-username", "agent1")
  await page.fill("#login-password", "demo1234")
  await page.click("[data-testid=login-submit]")
  await page.waitForURL((url) => url.pathname !== "/login")
  await page.goto(`${server.url}/apps/pbxcalls`)
  await page.locator(".mc-softphone[data-registration=registered]").waitFor({ timeout: 15_000 })
  await page.fill("[data-testid=softphone-number]", "2001")
  const setups: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const card = document.querySelector(".mc-softphone") as HTMLElement
          const observer = new MutationObserver(() => {
            if (card.dataset.phase !== "active") return
            observer.disconnect()
            resolve(performance.now() - started)
          })
          observer.observe(card, { attributes: true, attributeFilter: ["data-phase"] })
          const started = performance.now()
          ;(document.querySelector("[data-testid=softphone-call]") as HTMLButtonElement).click()
        }),
    )
    setups.push(ms)
    await page.click("[data-testid=softphone-end]")
    await page.locator(".mc-softphone[data-phase=idle]").waitFor()
    await page.waitForTimeout(300)
  }
  console.log(
    `call setup browser -> plain phone (${CALLS} calls, Call click to connected): median ${fmt(quantile(setups, 0.5))}, p90 ${fmt(quantile(setups, 0.9))}, max ${fmt(Math.max(...setups))}`,
  )

  // 2. rtpengine's added latency.
  const bind = () =>
    new Promise<Socket>((resolve) => {
      const socket = createSocket("udp4")
      socket.bind(0, "127.0.0.1", () => resolve(socket))
    })
  const [a, b] = [await bind(), await bind()]
  const portOf = (socket: Socket) => socket.address().port
  const sdp = (port: number) =>
    [
      "v=0",
      "o=- 1 1 IN IP4 127.0.0.1",
      "s=-",
      "c=IN IP4 127.0.0.1",
      "t=0 0",
      `m=audio ${port} RTP/AVP 0`,
      "a=rtpmap:0 PCMU/8000",
      "a=sendrecv",
      "",
    ].join("\r\n")
  const callId = `bench-${Date.now()}`
  const offer = await ngCommand(rtpengine.ngHost, rtpengine.ngPort, {
    command: "offer",
    "call-id": callId,
    "from-tag": "a",
    sdp: sdp(portOf(a)),
    flags: ["trust-address"],
    replace: ["origin", "session-connection"],
  })
  const answer = await ngCommand(rtpengine.ngHost, rtpengine.ngPort, {
    command: "answer",
    "call-id": callId,
    "from-tag": "a",
    "to-tag": "b",
    sdp: sdp(portOf(b)),
    flags: ["trust-address"],
    replace: ["origin", "session-connection"],
  })
  const mediaPort = (text: unknown) => Number(/m=audio (\d+)/.exec(String(text))?.[1])
  const towardsB = mediaPort(answer.sdp) // A sends here; rtpengine forwards to B
  const towardsA = mediaPort(offer.sdp)
  const measure = async (target: number, label: string) => {
    const sent = new Map<number, bigint>()
    const delays: number[] = []
    const onMessage = (message: Buffer) => {
      const seq = message.readUInt16BE(2)
      const at = sent.get(seq)
      if (at !== undefined) delays.push(Number(process.hrtime.bigint() - at) / 1e6)
    }
    b.on("message", onMessage)
    for (let seq = 0; seq < PACKETS; seq++) {
      const packet = Buffer.alloc(172, 0xff)
      packet[0] = 0x80
      packet[1] = 0
      packet.writeUInt16BE(seq, 2)
      packet.writeUInt32BE(seq * 160, 4)
      packet.writeUInt32BE(0x1234, 8)
      sent.set(seq, process.hrtime.bigint())
      a.send(packet, target, "127.0.0.1")
      await new Promise((r) => setTimeout(r, 20))
    }
    await new Promise((r) => setTimeout(r, 200))
    b.off("message", onMessage)
    console.log(
      `${label}: ${delays.length}/${PACKETS} packets, one-way median ${fmt(quantile(delays, 0.5))}, p99 ${fmt(quantile(delays, 0.99))}`,
    )
    return delays
  }
  // B speaks first so rtpengine learns both ends, then A -> B is timed, directly and through the gateway.
  b.send(Buffer.from([0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x43, 0x21]), towardsA, "127.0.0.1")
  const direct = await measure(portOf(b), "RTP direct on loopback")
  const relayed = await measure(towardsB, "RTP through rtpengine (userspace)")
  console.log(
    `rtpengine adds: median ${fmt(quantile(relayed, 0.5) - quantile(direct, 0.5))}, p99 ${fmt(quantile(relayed, 0.99) - quantile(direct, 0.99))} one way`,
  )
  await ngCommand(rtpengine.ngHost, rtpengine.ngPort, { command: "delete", "call-id": callId, "from-tag": "a" })
  a.close()
  b.close()
} finally {
  await browser.close()
  await desk.stop()
  await server.stop()
  await kamailio.stop()
  await rtpengine.stop()
}
