/**
 * `npm run bench:reports [-- --rows 1000000 --runs 300 --data .tmp/bench-reports-db --postgres]`
 *
 * Starts the reference server in a child process over a PGlite data folder holding `--rows` call records for client 1
 * (seeded once, kept between runs), or with `--postgres` over a private PostgreSQL cluster seeded for this run, then
 * through the HTTP API:
 *  - times `--runs` filtered Call History pages (last 7 days, incoming, limit 10, pages 1..50) and prints median/p95;
 *  - exports 999,999 rows the way the console does (limit 999999, page 1, `format: "csv"`: the file written by the
 *    database) with the body counted and dropped, timing the server alone (first and last byte) and sampling its
 *    memory every 20 ms (RSS and JS heap);
 *  - then the whole export as a user does it, in Debian's Chromium (playwright): logs in as admin, opens Call
 *    History, picks the last 30 days, clicks Export and times the click to the download starting (the body goes
 *    into a Blob as it streams in, then the spec's 1 s wait) and to the file on disk, sampling the page's JS heap
 *    (CDP Runtime.getHeapUsage) every 100 ms; it checks the file has 999,999 lines plus the header.
 * The server runs in its own process (V8 heap capped at 192 MiB) so its memory is measured apart from the client's.
 * The browser part needs a built console: `--dist DIR` (default dist/; `npm run build`), `--no-browser` skips it;
 * `--profile` also CPU-profiles the page during the export and prints where its main thread spent the time.
 */
import { fork, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs"
import { loadavg } from "node:os"
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import { fileURLToPath } from "node:url"
import { printSelfTime } from "./bench/cpu-profile"

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    runs: { type: "string", default: "300" },
    data: { type: "string", default: ".tmp/bench-reports-db" },
    serve: { type: "boolean", default: false },
    dist: { type: "string", default: process.env.BENCH_DIST ?? "dist" },
    "no-browser": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    "database-url": { type: "string" },
  },
})

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`

// ---- the server child --------------------------------------------------------------------------------------

if (values.serve) {
  // Its million-row tables want PGlite's large buffers (server/db/db.ts); the figures in docs/benchmarks.md were taken so.
  process.env.PGLITE_SHARED_BUFFERS ??= "1GB"
  const { startServer } = await import("../server/app")
  const { seedCallRecords } = await import("../server/db/seed/calls")
  const rows = Number(values.rows)
  const where = values["database-url"] ? { databaseUrl: values["database-url"] } : { dataDir: values.data }
  const server = await startServer({ port: 0, ...where, distDir: values.dist! })
  const db = server.services.database
  const [{ n }] = (await db.query("SELECT count(*)::int AS n FROM call_records WHERE client_id = 1")).rows as {
    n: number
  }[]
  if (n < rows) {
    const agents = (await db.query("SELECT id FROM users WHERE client_id = 1")).rows.map((r) => Number(r.id))
    const started = Date.now()
    await seedCallRecords(db, { clientId: 1, count: rows - n, agentIds: agents, days: 30, seed: 7, batch: 10_000 })
    process.send?.({ log: `seeded ${rows - n} call records in ${((Date.now() - started) / 1000).toFixed(1)} s` })
  }
  // A real table holds its calls in about the order they happened (a record is written when its call ends); the seed
  // writes random times, which would make every row of a time-ordered read its own page. CLUSTER lays the table out
  // as the real one is, once (the data folder keeps it).
  // No statistics yet (a table never analysed) reads as no order.
  const [stats] = (await db.query("SELECT correlation FROM pg_stats WHERE tablename = 'call_records' AND attname = 'dt'")).rows as {
    correlation: number | null
  }[]
  const correlation = stats?.correlation
  if (correlation === undefined || correlation === null || Math.abs(Number(correlation)) < 0.9) {
    const started = Date.now()
    await db.query("CLUSTER call_records USING call_records_client_dt_id_idx")
    process.send?.({ log: `CLUSTER call_records in time order: ${((Date.now() - started) / 1000).toFixed(1)} s` })
  }
  {
    // Index-only COUNTs need the visibility map, and PGlite has no autovacuum: without this a migration that rewrote
    // every row would leave the export twice the pages to scan. Quick when there is nothing to clean.
    const started = Date.now()
    await db.query("VACUUM ANALYZE call_records")
    process.send?.({ log: `VACUUM ANALYZE call_records: ${((Date.now() - started) / 1000).toFixed(1)} s` })
  }
  let peakRss = 0
  let peakHeap = 0
  const sample = () => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers)
  }
  setInterval(sample, 20).unref()
  process.on("message", (message: { type: string }) => {
    if (message.type === "reset") {
      global.gc?.()
      const m = process.memoryUsage()
      peakRss = m.rss
      peakHeap = m.heapUsed + m.external + m.arrayBuffers
      process.send?.({ type: "memory", rss: peakRss, heap: peakHeap })
    } else if (message.type === "peak") {
      sample()
      process.send?.({ type: "memory", rss: peakRss, heap: peakHeap })
    } else if (message.type === "stop") {
      void server.stop().then(() => process.exit(0))
    }
  })
  process.send?.({ type: "ready", url: server.url, rows: Math.max(n, rows) })
} else {
  await main()
}

// ---- the client ---------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(".tmp", { recursive: true })
  const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
  const where = cluster ? ["--database-url", await cluster.createDatabase()] : ["--data", values.data!]
  const fresh = cluster !== null || !existsSync(values.data)
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ["--serve", "--rows", values.rows!, ...where, "--dist", resolve(values.dist!)],
    {
      // A small V8 heap for the server: if the export held its rows, it would die here instead of finishing.
      execArgv: ["--import", "tsx", "--expose-gc", "--max-old-space-size=192"],
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    },
  )
  // A server that dies (out of memory, a crash) ends the wait with an error instead of leaving the bench hanging.
  const next = (type: string) =>
    new Promise<any>((resolve, reject) => {
      const died = (code: number | null, signal: string | null) =>
        reject(new Error(`the server exited (${signal ?? code}) while the bench waited for "${type}"`))
      const on = (message: any) => {
        if (message.log) console.log(`  server: ${message.log}`)
        if (message.type === type) {
          child.off("message", on)
          child.off("exit", died)
          resolve(message)
        }
      }
      child.on("message", on)
      child.once("exit", died)
    })
  if (fresh)
    console.log(
      cluster
        ? `Seeding a private PostgreSQL with ${values.rows} call records...`
        : `Creating ${values.data} with ${values.rows} call records (once; later runs reuse it)...`,
    )
  // The cluster is stopped however the run ends, a server that died while seeding included.
  try {
    const { url, rows } = await next("ready")
    await run(url, rows, child, next)
  } finally {
    console.log(
      `Load average at the end: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(", ")}`,
    )
    // The server may have died already (out of memory): then there is nothing to stop, only the cluster.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done))
      child.send({ type: "stop" })
      await exited
    }
    await cluster?.stop()
  }
}

async function run(url: string, rows: number, child: ChildProcess, next: (type: string) => Promise<any>) {
  console.log(
    `Load average at the start: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(", ")} (1, 5, 15 min; 2 cores)`,
  )
  const login = await fetch(`${url}/api/auth/user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "demo1234" }),
  })
  const token = ((await login.json()) as { user_token: string }).user_token
  const post = (body: object) =>
    fetch(`${url}/api/calls/list`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-token": token },
      body: JSON.stringify(body),
    })
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)
  const filter = { start_date: day(7), end_date: day(0), call_type: "incoming" }

  const first = (await (await post({ ...filter, limit: 10, page: 1 })).json()) as {
    whatsappCalls: { totalItems: number }
  }
  console.log(
    `\nCall records in client 1: ${rows.toLocaleString("en")}; filter last 7 days + incoming matches ${first.whatsappCalls.totalItems.toLocaleString("en")}`,
  )
  for (let i = 0; i < 20; i++) await (await post({ ...filter, limit: 10, page: 1 + (i % 50) })).text()
  const runs = Number(values.runs)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const response = await post({ ...filter, limit: 10, page: 1 + ((i * 7) % 50) })
    await response.text()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`page ${response.status}`)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]
  console.log(
    `Filtered page over HTTP (${runs} runs, limit 10): median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  )

  // Export: all 30 days, every type, 999,999 rows.
  const exportFilter = { start_date: day(30), end_date: day(0) }
  // 1. The server alone: time to first and last byte with the body counted and dropped, so the client's own
  //    buffering and parsing are not in the number; the server's memory is sampled meanwhile.
  child.send({ type: "reset" })
  const base = await next("memory")
  const started = performance.now()
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const response = await post({ ...exportFilter, limit: 999_999, page: 1, format: "csv", time_zone: zone })
  if (response.status !== 200) throw new Error(`export ${response.status}: ${await response.text()}`)
  const reader = response.body!.getReader()
  let bytes = 0
  let firstByte = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (bytes === 0) firstByte = performance.now() - started
    bytes += value.length
  }
  const transfer = performance.now() - started
  child.send({ type: "peak" })
  const peak = await next("memory")
  console.log(
    `Export over HTTP (limit 999999, page 1, CSV in ${zone}), body discarded: ${(bytes / 1048576).toFixed(0)} MiB CSV, first byte ${firstByte.toFixed(0)} ms, last byte ${(transfer / 1000).toFixed(1)} s`,
  )
  console.log(
    `Server memory during export: RSS ${mb(base.rss)} -> peak ${mb(peak.rss)} (+${mb(peak.rss - base.rss)}); JS heap+buffers ${mb(base.heap)} -> peak ${mb(peak.heap)} (+${mb(peak.heap - base.heap)})`,
  )

  if (values["no-browser"]) return
  if (!existsSync(`${values.dist}/index.html`)) {
    console.log(`No built console in ${values.dist}/ (npm run build, or --dist DIR): browser export skipped`)
    return
  }
  await browserExport(url, day)
}

/** 2. The export as the console does it, in Chromium: click to download, and the page's JS heap meanwhile. */
async function browserExport(url: string, day: (offset: number) => string) {
  const { chromium } = await import("@playwright/test")
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" })
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 860 } })
    const page = await context.newPage()
    await page.goto(`${url}/login`)
    await page.waitForSelector("[data-testid=login-form]")
    await page.fill("#login-username", "admin")
    await page.fill("#login-password", "demo1234")
    await page.click("[data-testid=login-submit]")
    await page.waitForURL((u) => u.pathname !== "/login")
    await page.goto(`${url}/apps/call-history`)
    await page.waitForSelector("[data-testid=call-row]")
    const dmy = (iso: string) => iso.split("-").reverse().join("-")
    // End first: a start after the current end would be a range the picker refuses.
    await page
      .locator("[data-testid=calls-range] input")
      .nth(1)
      .fill(dmy(day(0)))
    await page
      .locator("[data-testid=calls-range] input")
      .first()
      .fill(dmy(day(30)))
    await page.keyboard.press("Escape")
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/calls/list") && r.request().postDataJSON()?.limit !== 999_999),
      page.getByTestId("calls-apply").click(),
    ])
    await page.waitForSelector("[data-testid=report-loading]", { state: "detached" })
    const cdp = await context.newCDPSession(page)
    await cdp.send("HeapProfiler.collectGarbage")
    const heap = async () => (await cdp.send("Runtime.getHeapUsage")).usedSize
    const before = await heap()
    let peak = before
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap().catch(() => 0))
        await new Promise((r) => setTimeout(r, 100))
      }
    })()
    if (values.profile) {
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.setSamplingInterval", { interval: 1000 })
      await cdp.send("Profiler.start")
    }
    const started = performance.now()
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 600_000 }), page.getByTestId("calls-export").click()])
    const toDownload = performance.now() - started
    const path = await download.path()
    const toFile = performance.now() - started
    sampling = false
    await sampler
    if (values.profile) printSelfTime("Page main thread", (await cdp.send("Profiler.stop")).profile)
    const size = statSync(path).size
    const text = readFileSync(path, "utf8")
    // Compared across runs (before and after a change to the export): the same data must give the same file.
    console.log(`CSV sha256 ${createHash("sha256").update(readFileSync(path)).digest("hex")}`)
    let lines = 0
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++
    console.log(
      `Export in Chromium (${download.suggestedFilename()}, ${(lines - 1).toLocaleString("en")} rows, ${mb(size)} CSV): ` +
        `click -> download starts ${(toDownload / 1000).toFixed(1)} s (includes the spec's 1 s wait), file on disk ${(toFile / 1000).toFixed(1)} s (bar ≤ 3 s)`,
    )
    console.log(`Page JS heap during export: ${mb(before)} -> peak ${mb(peak)} (+${mb(peak - before)})`)
  } finally {
    await browser.close()
  }
}
