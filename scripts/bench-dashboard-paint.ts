/**
 * `npm run bench:dashboard-paint [-- --runs 15 --dist dist --postgres --profile]`
 *
 * Time from navigating to /apps/dashboard to the first painted chart, in Debian's Chromium (Playwright) against a
 * started test server (a private copy of the seeded demo world; on a private PostgreSQL cluster with `--postgres`, else
 * PGlite in this process) serving the built console (--dist, built with vite
 * when its sources are newer). Before measuring, a few customers write in through the channel simulator so the charts
 * have something to draw. Logged in as `admin`; each run is a full page load of /apps/dashboard (the browser's HTTP
 * cache warm after the first, as for a returning user); the time is the page's own clock (performance.now(), from
 * the navigation's start) at the first animation frame in which a chart is marked painted (`data-chart-state=
 * "painted"`, set on ECharts' first `rendered` event: axes and series are on the canvas). Prints every run, then the
 * median and p95 of the warm runs.
 *
 * `--profile`: one more warm run under Chromium's tracing and CPU profiler, then where its time went (paint-profile.ts):
 * the page's own request, each script and API call it fetched (on the same clock as the paint), the main thread's work
 * by kind, and the functions that held it longest (self time, by function and file).
 */
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import { chromium } from "@playwright/test"
import { startPostgres, startTestServer } from "../server/testing/test-server"
import { ensureBuilt } from "./console-build"
import { printPaintProfile } from "./paint-profile"

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    dist: { type: "string", default: process.env.BENCH_DIST ?? "dist" },
    profile: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
  },
})
const runs = Math.max(2, Number(values.runs))

ensureBuilt(values.dist, { quiet: true })
const cluster = values.postgres ? await startPostgres() : null
const server = await startTestServer({ distDir: resolve(values.dist), ...(cluster ? { postgres: cluster } : {}) })
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" })
try {
  const dev = { "x-dev-key": server.services.config.devKey, "content-type": "application/json" }
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${server.url}/dev/simulator/messages`, {
      method: "POST",
      headers: dev,
      body: JSON.stringify({ clientId: 1, channel: "whatsapp", number: `9055590000${i}`, name: `Bench ${i}`, text: "Hello" }),
    })
    if (!response.ok) throw new Error(`simulator: ${response.status} ${await response.text()}`)
  }

  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
  await page.goto(`${server.url}/login`)
  await page.fill("#login-username", "admin")
  await page.fill("#login-password", "demo1234")
  await page.click("[data-testid=login-submit]")
  await page.waitForURL((url) => url.pathname !== "/login")

  const times: number[] = []
  const firstChart = async () => {
    await page.goto(`${server.url}/apps/dashboard`, { waitUntil: "commit" })
    // The painted chart's time, or -1 when the trend's card failed (nothing will be drawn).
    const painted = await page.waitForFunction(
      () =>
        document.querySelector("[data-chart-state=painted], [data-chart-state=finished]")
          ? performance.now()
          : document.querySelector("[data-testid=dash-trend-failed]")
            ? -1
            : 0,
      null,
      { polling: "raf", timeout: 30_000 },
    )
    const ms = (await painted.jsonValue()) as number
    if (ms < 0) throw new Error(`no chart to time: ${await page.getByTestId("dash-trend-failed").textContent()}`)
    return ms
  }
  for (let run = 0; run < runs; run++) {
    const ms = await firstChart()
    times.push(ms)
    console.log(`run ${String(run + 1).padStart(2)}: ${ms.toFixed(0)} ms${run === 0 ? " (cold cache)" : ""}`)
  }
  const warm = times.slice(1).sort((a, b) => a - b)
  const at = (q: number) => warm[Math.min(warm.length - 1, Math.ceil(q * warm.length) - 1)]
  console.log(`navigation → first painted chart, ${warm.length} warm runs: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`)
  if (values.profile) await printPaintProfile(page, firstChart)
} finally {
  await browser.close()
  await server.stop()
  await cluster?.stop()
}
