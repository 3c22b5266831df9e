/**
 * `npm run bench:campaign [-- --recipients 100000 --rated 800 --rate 80 --postgres]`: campaigns through the simulator
 * channel on the real job queue, the server a child process on PostgreSQL (`--postgres`) or PGlite.
 *
 * 1. A `--recipients` campaign with the rate limit off: messages handed to the channel per second (the median of the
 *    per-second counts, and overall up to the kill); at 50 % the server is killed with SIGKILL, started again on the
 *    same database, and the campaign runs to the end (the killed worker's claimed jobs come back when their 60 s lease
 *    runs out). Duplicates: template messages stored for the campaign beyond one per recipient sent; losses:
 *    recipients neither sent, skipped nor failed once it completed.
 * 2. A `--rated` campaign at `--rate` messages/s: the rate held, from the recipients' sent times.
 * Everything goes through the HTTP API, as the console would. The exit code is 1 on a duplicate or a loss.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { rmSync } from "node:fs"
import { loadavg } from "node:os"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    recipients: { type: "string", default: "100000" },
    rated: { type: "string", default: "800" },
    rate: { type: "string", default: "80" },
    data: { type: "string", default: ".tmp/bench-campaign-db" },
    postgres: { type: "boolean", default: false },
    "no-kill": { type: "boolean", default: false },
  },
})
const N = Number(values.recipients)
const RATED = Number(values.rated)
const RATE = Number(values.rate)
const log = (text: string) => console.error(`[bench] ${text}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
const databaseUrl = cluster ? await cluster.createDatabase() : null
if (!cluster) rmSync(values.data, { recursive: true, force: true })

let child: ChildProcess | null = null
const boot = () =>
  new Promise<string>((resolve, reject) => {
    const env = { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: values.data }), SIM_DELIVER_MS: "300" }
    const proc = spawn("npx", ["tsx", "scripts/bench-campaign-server.ts"], { env, stdio: ["ignore", "pipe", "inherit"], detached: false })
    child = proc
    let out = ""
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /LISTENING (\S+)/.exec(out)
      if (m) resolve(m[1])
    })
    proc.on("exit", (code) => reject(new Error(`server exited (${code}) before listening`)))
  })
/** SIGKILL to the server process itself (npx -> tsx -> node: the whole group). */
const kill = async () => {
  const pid = child!.pid!
  const { execFileSync } = await import("node:child_process")
  const tree = (p: number): number[] => {
    let kids: number[] = []
    try {
      kids = execFileSync("ps", ["-o", "pid=", "--ppid", String(p)], { encoding: "utf8" })
        .split("\n")
        .map(Number)
        .filter(Boolean)
    } catch {
      // ps answers 1 when the process has no children.
    }
    return [p, ...kids.flatMap(tree)]
  }
  for (const p of tree(pid).reverse()) {
    try {
      process.kill(p, "SIGKILL")
    } catch {}
  }
  await sleep(300)
}

let url = await boot()
const call = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { "user-token": token } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { data?: any; error?: { message: string } }
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.error?.message}`)
  return json.data
}
const login = async (username: string) => {
  const res = await fetch(`${url}/api/auth/user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  })
  return ((await res.json()) as { user_token: string }).user_token
}
let admin = await login("admin")
const superadmin = await login("superadmin")
await call("/billing/topup", { client_id: 1, amount: N * 0.05 + 1000, reason: "Campaign bench" }, superadmin).catch(async (e) => {
  log(`top-up: ${e.message}`)
})
await call(
  "/template/message/create",
  { name: "bench_offer", language: "en", category: "UTILITY", body: "Hello {{1}}, your offer is ready.", body_examples: ["Ayşe"] },
  admin,
)
for (;;) {
  const t = await call("/template/message", { template_name: "bench_offer" }, admin)
  if (t.status === "APPROVED") break
  await sleep(200)
}
const numbers = (from: number, n: number) => Array.from({ length: n }, (_, i) => `+90532${String(from + i).padStart(7, "0")}`)
const campaignOf = async (id: number) =>
  ((await call("/backend/fetch/list/campaigns", { limit: 1000 }, admin)).items as any[]).find((c) => c.id === id)

// 1. Rate limit off, kill -9 at 50 %.
const made = await call(
  "/backend/campaign/create",
  {
    name: "Bench",
    template_name: "bench_offer",
    language: "en",
    numbers: numbers(1_000_000, N),
    params: ["friend"],
    rate_per_second: null,
    start: true,
  },
  admin,
)
const started = performance.now()
const perSecond: number[] = []
let last = 0
let killedAt: { sent: number; seconds: number } | null = null
for (;;) {
  await sleep(1000)
  let c: any
  try {
    c = await campaignOf(made.id)
  } catch (error) {
    log(`read failed: ${(error as Error).message}`)
    continue
  }
  const done = c.total - c.queued
  if (!killedAt) {
    perSecond.push(done - last)
    last = done
  }
  if (perSecond.length % 5 === 0 || killedAt)
    log(`${Math.round((performance.now() - started) / 1000)} s: ${c.sent} sent, ${c.queued} waiting, ${c.status}`)
  if (!killedAt && !values["no-kill"] && done >= N / 2) {
    killedAt = { sent: done, seconds: (performance.now() - started) / 1000 }
    log(`SIGKILL at ${done} of ${N}`)
    await kill()
    url = await boot()
    admin = await login("admin")
  }
  if (c.status === "completed") break
}
const totalSeconds = (performance.now() - started) / 1000
const final = await campaignOf(made.id)
const stored = (await call("/outgoing/message/status", { campaign_id: made.id, limit: 1 }, admin)).totalItems as number
const reached = final.sent + final.failed
const duplicates = stored - reached
const lost = final.total - final.sent - final.failed - final.skipped
const busy = perSecond.filter((n) => n > 0).sort((a, b) => a - b)
const median = busy.length ? busy[Math.floor(busy.length / 2)] : 0

// 2. The rate limit on.
const paced = await call(
  "/backend/campaign/create",
  {
    name: "Paced",
    template_name: "bench_offer",
    language: "en",
    numbers: numbers(3_000_000, RATED),
    params: ["friend"],
    rate_per_second: RATE,
    start: true,
  },
  admin,
)
for (;;) {
  await sleep(1000)
  if ((await campaignOf(paced.id)).status === "completed") break
}
const sentAt: number[] = []
for (let page = 1; sentAt.length < RATED; page++) {
  const items = (await call("/template/recipient/numbers", { campaign_id: paced.id, page, limit: 1000 }, admin)).items as any[]
  if (items.length === 0) break
  for (const r of items) if (r.sent_at) sentAt.push(Date.parse(r.sent_at))
}
sentAt.sort((a, b) => a - b)
// Recipients go out a batch at a time (a batch shares one sent time): the rate is the count over the span from the first
// batch to one batch period past the last (the median gap between batches), as for an even stream one message apart.
const instants = [...new Set(sentAt)]
const gaps = instants
  .slice(1)
  .map((at, i) => at - instants[i])
  .sort((a, b) => a - b)
const period = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0
const measured = sentAt.length / ((sentAt[sentAt.length - 1] - sentAt[0] + period) / 1000)

await kill()
await cluster?.stop()
const result = {
  database: cluster ? "postgres" : "pglite",
  recipients: N,
  rateOff: {
    handedToChannelPerSecondMedian: median,
    handedToChannelPerSecondOverallBeforeKill: killedAt ? Math.round(killedAt.sent / killedAt.seconds) : Math.round(N / totalSeconds),
    killedAt: killedAt?.sent ?? null,
    totalSeconds: +totalSeconds.toFixed(1),
    final: { sent: final.sent, failed: final.failed, skipped: final.skipped, queued: final.queued, status: final.status },
    messagesStored: stored,
    duplicates,
    lost,
  },
  rateOn: {
    asked: RATE,
    recipients: sentAt.length,
    measuredPerSecond: +measured.toFixed(2),
    offByPercent: +((Math.abs(measured - RATE) / RATE) * 100).toFixed(2),
  },
  loadAverage: +loadavg()[0].toFixed(1),
}
console.log(JSON.stringify(result, null, 2))
process.exit(duplicates === 0 && lost === 0 ? 0 : 1)
