/**
 * Where a page's time went until something was painted (bench:dashboard-paint --profile): the page's own request and
 * the scripts and API calls it fetched, on the page's clock; the renderer main thread's work by kind, from Chromium's
 * trace; and the functions that held the main thread longest, from its CPU profiler.
 */
import type { Page } from "@playwright/test"
import { type CpuProfile, printSelfTime } from "./bench/cpu-profile"

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: { readonly name?: string }
}

/** The renderer main thread's work in a trace, by kind (nested kinds are inside their parents' totals), in ms. */
const mainThreadWork = (events: readonly TraceEvent[]) => {
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
  const totals = new Map<string, number>()
  for (const e of events)
    if (main && e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur)
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000)
  return [...totals].sort((a, b) => b[1] - a[1])
}

/**
 * Runs `paint` (answering its paint time) under Chromium's tracing and CPU profiler, and prints the fetches before the
 * paint, the main thread's work by kind (script, style, layout, paint) and the functions with the longest self times.
 */
export const printPaintProfile = async (page: Page, paint: () => Promise<number>) => {
  const browser = page.context().browser()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
  await browser?.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] })
  await cdp.send("Profiler.start")
  const paintedAt = await paint()
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile }
  const trace = browser ? (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }) : null
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd }))
      .filter((e) => /\.js$|\/api\//.test(e.name.split("?")[0])),
  )
  const navigation = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming
    return { request: n.requestStart, response: n.responseStart, received: n.responseEnd, interactive: n.domInteractive }
  })
  console.log(`profiled run: first chart painted at ${paintedAt.toFixed(0)} ms`)
  console.log(
    `the page itself: asked at ${navigation.request.toFixed(0)} ms, first byte ${navigation.response.toFixed(0)}, received ${navigation.received.toFixed(0)}, parsed ${navigation.interactive.toFixed(0)}`,
  )
  console.log("fetched (ms from navigation, start → end):")
  for (const f of fetched.filter((e) => e.start <= paintedAt).sort((a, b) => a.start - b.start))
    console.log(
      `  ${f.start.toFixed(0).padStart(6)} → ${f.end.toFixed(0).padStart(6)}  ${new URL(f.name).pathname.replace(/^\/assets\//, "")}`,
    )
  if (trace) {
    console.log("main thread by kind of work (ms, a kind nested in another is counted in both):")
    for (const [name, ms] of mainThreadWork(trace.traceEvents).slice(0, 16)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`)
  }
  printSelfTime("main thread", profile, 20)
  await cdp.detach()
}
