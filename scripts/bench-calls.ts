/**
 * `npm run bench:calls`: 50 calls ringing at once in one agent's console (Chromium, fake media). Measures the
 * latency from the server's emit of call-is-coming (the hub stamps Date.now(), read back from the simulator hook)
 * to the card's first frame on screen (the page stamps Date.now() in the requestAnimationFrame after the card enters
 * the DOM; same machine, same clock), median and p99, and the main thread's busy share (CDP TaskDuration) while the
 * 50 countdowns tick for 10 s. Targets: p99 under 100 ms, main thread under 10 % busy. Needs a built console
 * (npm run build; BENCH_DIST=dir serves another build). BENCH_VERBOSE=1 prints each card's time in placing order, split
 * where the call's frame reaches the page and where the card enters the document; BENCH_PROFILE=1 prints where the
 * page's main thread spent the time while the calls arrived (self time by function, CDP's sampling profiler);
 * BENCH_PROFILE=file.cpuprofile also keeps the profile, for Chromium's DevTools. BENCH_POSTGRES=1 serves the same
 * seeded world from a private PostgreSQL cluster instead of PGlite, whose queries run on the server's own thread (here
 * the bench's process).
 */
import { writeFileSync } from "node:fs"
import { chromium } from "@playwright/test"
import { startPostgres, startTestServer } from "../server/testing/test-server"
import { type CpuProfile, printSelfTime } from "./bench/cpu-profile"

const CALLS = Number(process.env.BENCH_CALLS ?? 50)
const cluster = process.env.BENCH_POSTGRES ? await startPostgres() : null
const server = await startTestServer({
  ...(process.env.BENCH_DIST ? { distDir: process.env.BENCH_DIST } : {}),
  ...(cluster ? { postgres: cluster } : {}),
})
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection"],
})
const ids: string[] = []
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
  // When each call's frame reached the page (the socket's message event, before the console's own handler): splits a
  // card's time into the server and the wire before it, and the page after it.
  await page.addInitScript(() => {
    const arrived: Record<string, number> = {}
    ;(globalThis as { __cardArrived?: Record<string, number> }).__cardArrived = arrived
    const Native = WebSocket
    globalThis.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        this.addEventListener("message", (event) => {
          const text = typeof event.data === "string" ? event.data : ""
          if (!text.includes('"call-is-coming"')) return
          const id = /"callId":"([^"]+)"/.exec(text)?.[1]
          if (id) arrived[id] ??= Date.now()
        })
      }
    }
  })
  await page.goto(`${server.url}/login`)
  await page.waitForSelector("[data-testid=login-form]")
  await page.fill("#login-username", "agent1")
  await page.fill("#login-password", "demo1234")
  await page.click("[data-testid=login-submit]")
  await page.waitForURL((url) => url.pathname !== "/login")
  await page.locator("[data-testid=presence]").click({ force: true })
  await page.waitForTimeout(1000)
  // Card arrival: a MutationObserver notes new cards, the next animation frame (the frame that paints them) stamps them.
  await page.evaluate(() => {
    const seen: Record<string, number> = {}
    const inserted: Record<string, number> = {}
    const pending = new Set<string>()
    ;(globalThis as { __cardSeen?: Record<string, number> }).__cardSeen = seen
    ;(globalThis as { __cardInserted?: Record<string, number> }).__cardInserted = inserted
    new MutationObserver(() => {
      const before = pending.size
      for (const el of document.querySelectorAll("[data-testid=call-card]")) {
        const id = el.getAttribute("data-call-id")
        if (id && !(id in seen)) {
          pending.add(id)
          inserted[id] ??= Date.now()
        }
      }
      if (before === 0 && pending.size > 0)
        requestAnimationFrame(() => {
          const now = Date.now()
          for (const id of pending) seen[id] ??= now
          pending.clear()
        })
    }).observe(document.body, { childList: true, subtree: true })
  })
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null
  if (profiler) {
    await profiler.send("Profiler.enable")
    await profiler.send("Profiler.setSamplingInterval", { interval: 200 })
    await profiler.send("Profiler.start")
  }
  for (let i = 0; i < CALLS; i++) {
    const response = await fetch(`${server.url}/dev/simulator/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-key": server.services.config.devKey },
      body: JSON.stringify({ clientId: 1, number: `+90555${String(i).padStart(7, "0")}` }),
    })
    ids.push(((await response.json()) as { data: { callId: string } }).data.callId)
  }
  await page.waitForFunction((n) => Object.keys((globalThis as { __cardSeen?: object }).__cardSeen ?? {}).length >= n, CALLS, {
    timeout: 30_000,
  })
  if (profiler) {
    const { profile } = (await profiler.send("Profiler.stop")) as { profile: CpuProfile }
    printSelfTime("the page while the calls arrived", profile, 25)
    const file = process.env.BENCH_PROFILE
    if (file && file !== "1") writeFileSync(file, JSON.stringify(profile))
  }
  const seen = (await page.evaluate(() => (globalThis as { __cardSeen?: Record<string, number> }).__cardSeen)) ?? {}
  const emitted = async (id: string) =>
    (
      (await (
        await fetch(`${server.url}/dev/simulator/calls/${encodeURIComponent(id)}`, {
          headers: { "x-dev-key": server.services.config.devKey },
        })
      ).json()) as {
        data: { emittedAt: number }
      }
    ).data.emittedAt
  const arrived = (await page.evaluate(() => (globalThis as { __cardArrived?: Record<string, number> }).__cardArrived)) ?? {}
  const inserted = (await page.evaluate(() => (globalThis as { __cardInserted?: Record<string, number> }).__cardInserted)) ?? {}
  const latencies: number[] = []
  const wire: number[] = []
  const inPage: number[] = []
  for (const id of ids) {
    const at = await emitted(id)
    latencies.push(seen[id] - at)
    wire.push(arrived[id] - at)
    inPage.push(seen[id] - arrived[id])
  }
  if (process.env.BENCH_VERBOSE) {
    console.log(`in placing order, emit -> card: ${latencies.join(" ")}`)
    console.log(`  of which emit -> frame in the page: ${wire.join(" ")}`)
    console.log(`  and frame in the page -> card: ${inPage.join(" ")}`)
    console.log(`  of which frame -> card in the document: ${ids.map((id) => inserted[id] - arrived[id]).join(" ")}`)
  }
  const pickOf = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  }
  const pick = pickOf(latencies)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Performance.enable")
  const metric = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? 0
  const before = await metric()
  const t0 = Date.now()
  await page.waitForTimeout(10_000)
  const busy = (await metric()) - before
  const share = busy / ((Date.now() - t0) / 1000)
  console.log(`${CALLS} calls ringing in one console (${cluster ? "PostgreSQL" : "PGlite"})`)
  console.log(`call-is-coming -> card on screen: median ${pick(0.5)} ms, p99 ${pick(0.99)} ms (target p99 < 100 ms)`)
  const [pickWire, pickInPage] = [pickOf(wire), pickOf(inPage)]
  console.log(
    `  emit -> frame in the page: median ${pickWire(0.5)} ms, p99 ${pickWire(0.99)} ms; frame -> card: median ${pickInPage(0.5)} ms, p99 ${pickInPage(0.99)} ms`,
  )
  console.log(`main thread busy while ${CALLS} countdowns tick: ${(share * 100).toFixed(1)} % (target < 10 %)`)
  // The customers hang up: each ringing call holds the simulated phone's media peer until it ends.
  for (const id of ids)
    await fetch(`${server.url}/dev/simulator/calls/${encodeURIComponent(id)}/hangup`, {
      method: "POST",
      headers: { "x-dev-key": server.services.config.devKey },
    })
} finally {
  await browser.close()
  await server.stop()
  await cluster?.stop()
}
// A benchmark ends by itself: anything the server's stop left behind (a socket in its closing wait) is not waited for.
process.exit(0)
