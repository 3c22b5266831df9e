/**
 * `npm run bench:webhooks [-- --events 50000 --postgres]`: client-webhook deliveries through the real job queue.
 *
 * A local receiver answers each event's first attempt 200 (88 %), 500 (10 %) or not at all (2 %, the delivery times
 * out after WEBHOOK_TIMEOUT_MS = 1 s); retries get 200. `--events` events are published (in transactions of 500, as
 * writers publish them) to one webhook; the server is stopped and started again on the same database once 40 % have
 * been delivered. Reported: successful deliveries per second (overall, and the median of the per-second rates while
 * delivering), events lost (never answered 200) and events answered 200 more than once (counted by X-Webhook-Id).
 */
import { createHash } from "node:crypto"
import { rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "50000" },
    data: { type: "string", default: ".tmp/bench-webhooks-db" },
    postgres: { type: "boolean", default: false },
    concurrency: { type: "string", default: "4" },
  },
})
process.env.WEBHOOK_TIMEOUT_MS = "1000"
process.env.WEBHOOK_DISABLE_AFTER = "1000000000"
const EVENTS = Number(values.events)

const ok = new Map<string, number>()
const attempts = { total: 0, failed: 0, hung: 0 }
const answerOf = (id: string, attempt: number): 200 | 500 | "hang" => {
  if (attempt > 1 || process.env.BENCH_ALL_OK) return 200
  const h = createHash("sha1").update(id).digest()[0] / 256
  return h < 0.02 ? "hang" : h < 0.12 ? 500 : 200
}
const receiver = createServer((req, res) => {
  req.resume()
  req.on("end", () => {
    attempts.total++
    const id = String(req.headers["x-webhook-id"])
    const answer = answerOf(id, Number(req.headers["x-webhook-attempt"]))
    if (answer === "hang") {
      attempts.hung++
      return
    }
    if (answer === 200) ok.set(id, (ok.get(id) ?? 0) + 1)
    else attempts.failed++
    res.writeHead(answer).end()
  })
})
receiver.keepAliveTimeout = 60_000
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

const { startServer } = await import("../server/app")
const { publish } = await import("../server/core/events")
const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
const databaseUrl = cluster ? await cluster.createDatabase() : null
if (!cluster) rmSync(values.data, { recursive: true, force: true })
const boot = () =>
  startServer({
    port: 0,
    ...(databaseUrl ? { databaseUrl } : { dataDir: values.data }),
    jobs: { pollMs: 20, batch: 64, concurrency: Number(values.concurrency) },
  })
let server = await boot()
const db = () => server.services.database
await db().query(
  `INSERT INTO webhooks (client_id, url, events, secret) VALUES (1, $1, ARRAY['ticket.created'], 'whsec_bench_secret_0123456789')`,
  [url],
)

const started = performance.now()
const perSecond: number[] = []
let lastCount = 0
const ticker = setInterval(() => {
  perSecond.push(ok.size - lastCount)
  lastCount = ok.size
  if (perSecond.length % 5 === 0) console.error(`[bench] ${perSecond.length} s: ${ok.size} delivered, ${attempts.total} attempts`)
}, 1000)
const published: Promise<void> = (async () => {
  for (let i = 0; i < EVENTS; i += 500) {
    await db().transaction(async (tx) => {
      for (let j = i; j < Math.min(EVENTS, i + 500); j++) await publish(tx, 1, "ticket.created", { ticket_number: `B${j}` })
    })
  }
})()
await published
const publishedMs = performance.now() - started
console.error(`[bench] published ${EVENTS} events in ${Math.round(publishedMs)} ms`)
let restartMs = 0
while (ok.size < EVENTS * 0.4) await new Promise((r) => setTimeout(r, 50))
const stopAt = performance.now()
await server.stop()
const atStop = ok.size
server = await boot()
restartMs = performance.now() - stopAt
for (;;) {
  const [row] = (
    await db().query(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open FROM jobs WHERE kind = 'webhook.deliver'`,
      [],
    )
  ).rows as { open: number }[]
  if (Number(row.open) === 0) break
  await new Promise((r) => setTimeout(r, 200))
}
const totalMs = performance.now() - started
clearInterval(ticker)
const [jobs] = (
  await db().query(
    `SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM jobs WHERE kind = 'webhook.deliver'`,
    [],
  )
).rows as { done: number; failed: number }[]
const [log] = (await db().query(`SELECT count(*) FILTER (WHERE ok)::int AS ok, count(*)::int AS all FROM webhook_deliveries`, [])).rows as {
  ok: number
  all: number
}[]
await server.stop()
await cluster?.stop()
receiver.closeAllConnections()
receiver.close()

const busy = perSecond.filter((n) => n > 0).sort((a, b) => a - b)
const median = busy.length ? busy[Math.floor(busy.length / 2)] : 0
const lost = EVENTS - ok.size
const twice = [...ok.values()].filter((n) => n > 1).length
console.log(
  JSON.stringify(
    {
      database: cluster ? "postgres" : "pglite",
      events: EVENTS,
      deliveredOk: ok.size,
      lost,
      deliveredTwice: twice,
      attempts,
      jobs,
      log,
      publishSeconds: +(publishedMs / 1000).toFixed(1),
      restart: { atDelivered: atStop, ms: Math.round(restartMs) },
      totalSeconds: +(totalMs / 1000).toFixed(1),
      deliveriesPerSecondOverall: Math.round(ok.size / (totalMs / 1000)),
      deliveriesPerSecondMedian: median,
    },
    null,
    2,
  ),
)
process.exit(lost === 0 && twice === 0 ? 0 : 1)
