/**
 * `npm run bench:campaign [-- --recipients 100000 --rated 800 --rate 80 --senders 1 --postgres]`: campaigns through the simulator
 * channel on the real job queue, the server a child process on PostgreSQL (`--postgres`) or PGlite.
 *
 * 1. A `--recipients` campaign with the rate limit off: messages handed to the channel per second (the campaign's
 *    messages no longer `queued`, read once a second: the median of the one-second windows, and overall up to the kill);
 *    at 50 % the server is killed with SIGKILL, started again on the same database, and the campaign runs to the end
 *    (the killed worker's claimed jobs come back when their 60 s lease runs out). Duplicates: on PostgreSQL, messages of
 *    the campaign beyond one per recipient's number, counted in the database; on PGlite, messages stored beyond the
 *    recipients sent. Lost: recipients neither sent, skipped nor failed once it completed, plus messages never handed
 *    over (still `queued` once the outbox drained).
 *    With `--senders K` (default 1) the `--recipients` are split over K tenants, each with its own WhatsApp sender and
 *    campaign, all started at once: tenant one and K - 1 businesses registered and approved through the API as a new
 *    customer would be; each sender's own rate is printed beside the sum.
 * 2. A `--rated` campaign at `--rate` messages/s: the rate held, from the recipients' sent times.
 * Everything goes through the HTTP API, as the console would (on PostgreSQL the bench reads its counts from the database
 * directly, so its reads do not load the server it measures). It ends with a summary table and the same as JSON; the
 * exit code is 1 on a duplicate or a loss.
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
    senders: { type: "string", default: "1" },
    data: { type: "string", default: ".tmp/bench-campaign-db" },
    postgres: { type: "boolean", default: false },
    "no-kill": { type: "boolean", default: false },
    /** The simulator's delivery report delay (ms) after each hand-over. */
    "deliver-ms": { type: "string", default: "300" },
  },
})
const N = Number(values.recipients)
const RATED = Number(values.rated)
const RATE = Number(values.rate)
const SENDERS = Number(values.senders)
if (!Number.isInteger(SENDERS) || SENDERS < 1 || SENDERS > 20) throw new Error("--senders is a whole number from 1 to 20")
const log = (text: string) => console.error(`[bench] ${text}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
const databaseUrl = cluster ? await cluster.createDatabase() : null
const direct = databaseUrl ? new (await import("pg")).default.Pool({ connectionString: databaseUrl, max: 1 }) : null
const loadAtStart = loadavg()[0]
if (!cluster) rmSync(values.data, { recursive: true, force: true })

let child: ChildProcess | null = null
const boot = () =>
  new Promise<string>((resolve, reject) => {
    const env = {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: values.data }),
      SIM_DELIVER_MS: values["deliver-ms"],
    }
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
const login = async (username: string, password = "demo1234") => {
  const res = await fetch(`${url}/api/auth/user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  })
  return ((await res.json()) as { user_token: string }).user_token
}
const superadmin = await login("superadmin")

/** A tenant sending a campaign from its own WhatsApp number: its id and its admin's login. */
interface Sender {
  readonly clientId: number
  readonly username: string
  readonly password: string
  token: string
}
/** A new business registered and approved through the API, as a new customer is (no demo data). */
const registered = async (k: number): Promise<Sender> => {
  const countries = (await (await fetch(`${url}/api/fetch/countries`)).json()) as { data: { id: number }[] }
  const username = `bench-sender-${k}-${Date.now().toString(36)}`
  const password = "bench-pass-1"
  const client = await call("/register", {
    business_name: `Bench sender ${k}`,
    email: `${username}@bench.example`,
    phone: `+90555${String(1_000_000 + k).padStart(7, "0")}`,
    country_id: countries.data[0].id,
    admin_username: username,
    password,
  })
  for (const to of ["in_review", "approved"]) await call("/backend/registration/review", { client_id: client.id, to }, superadmin)
  return { clientId: client.id, username, password, token: await login(username, password) }
}
const senders: Sender[] = [{ clientId: 1, username: "admin", password: "demo1234", token: await login("admin") }]
for (let k = 2; k <= SENDERS; k++) senders.push(await registered(k))
const admin = () => senders[0].token

const perSender = Math.ceil(N / SENDERS)
for (const sender of senders) {
  const recipients = sender === senders[0] ? perSender + RATED : perSender
  await call("/billing/topup", { client_id: sender.clientId, amount: recipients * 0.2 + 1000, reason: "Campaign bench" }, superadmin).catch(
    (e) => log(`top-up: ${e.message}`),
  )
  // The monthly message and campaign-size limits would stop a large run: raise them as the super admin would.
  for (const key of ["monthly_messages", "campaign_size"]) {
    await call("/account/limits", { client_id: sender.clientId, key, limit: 10 * recipients }, superadmin).catch((e) =>
      log(`limit ${key}: ${e.message}`),
    )
  }
  await call(
    "/template/message/create",
    { name: "bench_offer", language: "en", category: "UTILITY", body: "Hello {{1}}, your offer is ready.", body_examples: ["Ayşe"] },
    sender.token,
  )
  for (;;) {
    const t = await call("/template/message", { template_name: "bench_offer" }, sender.token)
    if (t.status === "APPROVED") break
    await sleep(200)
  }
}
const numbers = (from: number, n: number) => Array.from({ length: n }, (_, i) => `+90532${String(from + i).padStart(7, "0")}`)
const campaignOf = async (id: number, token = admin()) =>
  ((await call("/backend/fetch/list/campaigns", { limit: 1000 }, token)).items as any[]).find((c) => c.id === id)

// 1. Rate limit off, one campaign per sender started together, kill -9 at 50 %.
const campaigns: { sender: Sender; id: number; recipients: number }[] = []
for (const [k, sender] of senders.entries()) {
  const recipients = Math.min(perSender, N - k * perSender)
  const made = await call(
    "/backend/campaign/create",
    {
      name: "Bench",
      template_name: "bench_offer",
      language: "en",
      numbers: numbers(1_000_000 + k * perSender, recipients),
      params: ["friend"],
      rate_per_second: null,
      start: true,
    },
    sender.token,
  )
  campaigns.push({ sender, id: made.id, recipients })
}
/** The campaign's messages stored and those still waiting for the outbox (PostgreSQL: read in the database). */
const messageCounts = async (campaignId: number, token: string): Promise<{ stored: number; queued: number }> => {
  if (direct) {
    const { rows } = await direct.query(
      `SELECT count(*)::int AS stored, count(*) FILTER (WHERE m.status = 'queued')::int AS queued
       FROM campaign_recipients r JOIN messages m ON m.id = r.message_id WHERE r.campaign_id = $1`,
      [campaignId],
    )
    return { stored: rows[0].stored, queued: rows[0].queued }
  }
  const all = (await call("/outgoing/message/status", { campaign_id: campaignId, limit: 1 }, token)).totalItems as number
  const queued = (await call("/outgoing/message/status", { campaign_id: campaignId, status: "queued", limit: 1 }, token))
    .totalItems as number
  return { stored: all, queued }
}
/** Every campaign's state and counts, read together. */
const readAll = () =>
  Promise.all(
    campaigns.map(async ({ sender, id }) => {
      const [c, counts] = await Promise.all([campaignOf(id, sender.token), messageCounts(id, sender.token)])
      return { c, counts, handed: counts.stored - counts.queued }
    }),
  )
const started = performance.now()
const perSecond: number[] = []
let last = 0
let lastAt = performance.now()
let killedAt: { handed: number; seconds: number; bySender: number[] } | null = null
let handedAll: number | null = null
for (;;) {
  await sleep(1000)
  let states: Awaited<ReturnType<typeof readAll>>
  try {
    states = await readAll()
  } catch (error) {
    log(`read failed: ${(error as Error).message}`)
    continue
  }
  const handed = states.reduce((sum, s) => sum + s.handed, 0)
  const now = performance.now()
  if (!killedAt) perSecond.push(((handed - last) * 1000) / (now - lastAt))
  last = handed
  lastAt = now
  if (perSecond.length % 5 === 0 || killedAt) {
    const sent = states.reduce((sum, s) => sum + s.c.sent, 0)
    const waiting = states.reduce((sum, s) => sum + s.c.queued, 0)
    log(`${Math.round((now - started) / 1000)} s: ${handed} handed to the channel, ${sent} recipients sent, ${waiting} waiting`)
  }
  if (!killedAt && !values["no-kill"] && handed >= N / 2) {
    killedAt = { handed, seconds: (now - started) / 1000, bySender: states.map((s) => s.handed) }
    log(`SIGKILL at ${handed} of ${N} handed`)
    await kill()
    url = await boot()
    for (const sender of senders) sender.token = await login(sender.username, sender.password)
  }
  // A campaign pauses itself with the reason (balance, a limit): the run cannot finish, say why and stop.
  const paused = states.find((s) => s.c.status === "paused")
  if (paused) {
    log(`a campaign paused: ${paused.c.status_reason}`)
    break
  }
  if (states.every((s) => s.c.status === "completed" && s.counts.queued === 0)) {
    handedAll = (now - started) / 1000
    break
  }
}
const totalSeconds = handedAll ?? (performance.now() - started) / 1000
const finals = await readAll()
const finalOf = (key: "total" | "sent" | "failed" | "skipped" | "queued") => finals.reduce((sum, s) => sum + Number(s.c[key]), 0)
const stored = finals.reduce((sum, s) => sum + s.counts.stored, 0)
const queuedAtEnd = finals.reduce((sum, s) => sum + s.counts.queued, 0)
const reached = finalOf("sent") + finalOf("failed")
let duplicates = stored - reached
if (direct) {
  duplicates = 0
  for (const { sender, id } of campaigns)
    duplicates += Number(
      (
        await direct.query(
          `SELECT count(*) - count(DISTINCT ct.number) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
           JOIN contacts ct ON ct.id = c.contact_id WHERE m.client_id = $2 AND m.type = 'template' AND (m.payload ->> 'campaign_id')::int = $1`,
          [id, sender.clientId],
        )
      ).rows[0].n,
    )
}
const lost = finalOf("total") - finalOf("sent") - finalOf("failed") - finalOf("skipped") + queuedAtEnd
const busy = perSecond.filter((n) => n > 0).sort((a, b) => a - b)
const median = busy.length ? Math.round(busy[Math.floor(busy.length / 2)]) : 0
/** Each sender's own rate over the same span as the sum's "overall". */
const senderRates = killedAt
  ? killedAt.bySender.map((handed) => Math.round(handed / killedAt!.seconds))
  : finals.map((s) => Math.round(s.handed / totalSeconds))
const loadAfterRateOff = loadavg()[0]

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
  admin(),
)
for (;;) {
  await sleep(1000)
  const status = (await campaignOf(paced.id)).status
  if (status === "completed") break
  if (status === "paused") {
    log("the rated campaign paused")
    break
  }
}
const sentAt: number[] = []
for (let page = 1; sentAt.length < RATED; page++) {
  const items = (await call("/template/recipient/numbers", { campaign_id: paced.id, page, limit: 1000 }, admin())).items as any[]
  if (items.length === 0) break
  for (const r of items) if (r.sent_at) sentAt.push(Date.parse(r.sent_at))
}
sentAt.sort((a, b) => a - b)
// Recipients go out a batch at a time (a batch shares one sent time), and the last batch may be partial: the rate is the
// recipients of every batch but the last over the span from the first batch to the last one.
const lastBatch = sentAt.filter((at) => at === sentAt[sentAt.length - 1]).length
const span = (sentAt[sentAt.length - 1] - sentAt[0]) / 1000
const measured = span > 0 ? (sentAt.length - lastBatch) / span : 0

await kill()
await direct?.end()
await cluster?.stop()
const result = {
  database: cluster ? "postgres" : "pglite",
  recipients: N,
  rateOff: {
    handedToChannelPerSecondMedian: median,
    handedToChannelPerSecondOverall: killedAt ? Math.round(killedAt.handed / killedAt.seconds) : Math.round(N / totalSeconds),
    killedAt: killedAt?.handed ?? null,
    totalSeconds: +totalSeconds.toFixed(1),
    senders: SENDERS,
    handedPerSecondBySender: senderRates,
    final: {
      sent: finalOf("sent"),
      failed: finalOf("failed"),
      skipped: finalOf("skipped"),
      queued: finalOf("queued"),
      status: finals.map((s) => s.c.status),
    },
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
  loadAverage: { atStart: +loadAtStart.toFixed(1), afterRateOff: +loadAfterRateOff.toFixed(1), atEnd: +loadavg()[0].toFixed(1) },
}
const table: [string, string][] = [
  ["database", result.database],
  ["recipients (rate off)", `${N}${SENDERS > 1 ? `, over ${SENDERS} senders` : ""}`],
  ["handed to the channel per second, median of 1 s windows", String(median)],
  [`handed per second, overall ${killedAt ? "until the kill" : "start to end"}`, String(result.rateOff.handedToChannelPerSecondOverall)],
  ...(SENDERS > 1 ? [["each sender's own, same span", senderRates.join(" / ")] as [string, string]] : []),
  ["killed (SIGKILL) at", killedAt ? `${killedAt.handed} handed` : "not killed"],
  ["seconds to the last hand-over", String(result.rateOff.totalSeconds)],
  ["duplicates", String(duplicates)],
  ["lost", String(lost)],
  [`rate on: ${RATED} recipients at ${RATE}/s, measured`, `${result.rateOn.measuredPerSecond}/s`],
  ["rate error", `${result.rateOn.offByPercent} %${result.rateOn.offByPercent <= 2 ? "" : " (over the 2 % bar)"}`],
  [
    "load average (1 min): start / after rate off / end",
    `${result.loadAverage.atStart} / ${result.loadAverage.afterRateOff} / ${result.loadAverage.atEnd}`,
  ],
]
const width = Math.max(...table.map(([k]) => k.length))
console.log(table.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n"))
console.log(JSON.stringify(result, null, 2))
process.exit(duplicates === 0 && lost === 0 ? 0 : 1)
