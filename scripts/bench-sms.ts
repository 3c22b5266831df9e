/**
 * `npm run bench:sms`: MESSAGES SMS (default 20,000) from tenant one to the simulator SMSC over real SMPP with a window
 * of WINDOW (10), through the whole path: `/sms/send` (1,000 numbers a call) -> rows and jobs on the one queue ->
 * claims -> submit_sm within the window -> submit_sm_resp -> deliver_sm receipts -> rows delivered. Prints submits per
 * second (from the SMSC's first to its last submit), the time until every row is delivered and whether every receipt
 * matched its row. `--postgres` runs on PostgreSQL instead of PGlite; `--runs N` repeats (medians are quoted).
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../server/db/rows"
import { gatewayOf } from "../server/features/sms"
import { smscOf } from "../server/dev/sms/smsc-routes"
import { as, callOf, login, send } from "../server/testing/harness"
import { startPostgres, startTestServer } from "../server/testing/test-server"

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}
const MESSAGES = arg("messages", 20_000)
const WINDOW = arg("window", 10)
const RUNS = arg("runs", 1)
const onPostgres = process.argv.includes("--postgres")

const ok = async (what: string, reply: Promise<{ status: number; body: any }>) => {
  const { status, body } = await reply
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`)
  return body.data
}

/** A gateway on the server's simulator SMSC, tenant one's account on it and an approved mask BENCH. */
const benchWorld = async (url: string, port: number) => {
  const superadmin = as((await login(url, "superadmin")).user_token)
  const admin = as((await login(url, "admin")).user_token)
  const gateway = {
    name: "Bench SMSC",
    kind: "smpp",
    host: "127.0.0.1",
    port,
    system_id: "bench",
    secret: "bench",
    window: WINDOW,
    rate: 0.01,
  }
  const provider = await ok("provider", send(url, callOf("sms", "smsProviderAdd"), gateway, superadmin))
  const account = { client_id: 1, provider_id: provider.id, username: "bench" }
  const smsAccount = await ok("account", send(url, callOf("sms", "smsClientAdd"), account, superadmin))
  const mask = await ok(
    "mask",
    send(url, callOf("sms", "smsClientMaskingAdd"), { sms_client_id: smsAccount.id, mask: "BENCH" }, superadmin),
  )
  // Every part costs the gateway's rate from the billing ledger: the super admin tops tenant one up for the run.
  const cost = Math.ceil(MESSAGES * gateway.rate * 100) / 100
  await ok("top-up", send(url, callOf("billing", "billingTopUp"), { client_id: 1, amount: cost, reason: "Bench top-up" }, superadmin))
  return { admin, maskId: mask.id as number }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const cluster = onPostgres ? await startPostgres() : null
const results: { submitsPerSecond: number; deliveredSeconds: number }[] = []

for (let run = 1; run <= RUNS; run++) {
  const server = await startTestServer({ postgres: cluster ?? undefined, jobs: { pollMs: 200, batch: 50 } })
  try {
    const smsc = smscOf(server.services)
    if (!smsc) throw new Error("The simulator SMSC is not running (NODE_ENV=production?)")
    const world = await benchWorld(server.url, smsc.port)
    smsc.configure({ receiptDelayMs: 5 })
    const stamps: number[] = []
    const before = smsc.submitted
    const started = performance.now()
    for (let i = 0; i < MESSAGES; i += 1000) {
      const to = Array.from({ length: Math.min(1000, MESSAGES - i) }, (_, k) => `+9055${String(run * 10_000_000 + i + k).padStart(8, "0")}`)
      const reply = await send(server.url, callOf("sms", "smsSend"), { masking_id: world.maskId, to, text: "Bench message" }, world.admin)
      if (reply.status !== 200) throw new Error(`send: ${reply.status} ${JSON.stringify(reply.body)}`)
    }
    const queued = performance.now()
    // Sample the SMSC's count to find its first and last submit.
    let firstAt = 0
    let lastAt = 0
    let seen = before
    for (;;) {
      const now = performance.now()
      if (smsc.submitted > seen) {
        if (firstAt === 0) firstAt = now
        lastAt = now
        seen = smsc.submitted
        stamps.push(now)
      }
      if (seen - before >= MESSAGES) break
      if (now - started > 600_000) throw new Error(`only ${seen - before} of ${MESSAGES} submitted in 10 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const db = server.services.database.db
    let delivered = 0
    for (;;) {
      await gatewayOf(server.services).sink.flush()
      const [row] = rowsOf(
        await db.execute(
          sql`SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*)::int AS total FROM sms_messages WHERE mask = 'BENCH'`,
        ),
      )
      delivered = Number(row.delivered)
      if (delivered >= MESSAGES || performance.now() - started > 600_000) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const done = performance.now()
    const sink = gatewayOf(server.services).sink
    const submitsPerSecond = (MESSAGES - 1) / ((lastAt - firstAt) / 1000)
    results.push({ submitsPerSecond, deliveredSeconds: (done - started) / 1000 })
    // Every accepted part is debited from the ledger: what the BENCH sends were charged against what their rows cost.
    const [charged] = rowsOf(
      await db.execute(sql`SELECT
        (SELECT COALESCE(-sum(l.amount), 0)::float8 FROM billing_ledger l WHERE l.client_id = 1 AND l.ref IN
          (SELECT 'sms:' || batch_id FROM sms_messages WHERE mask = 'BENCH')) AS charged,
        (SELECT COALESCE(sum(cost), 0)::float8 FROM sms_messages WHERE mask = 'BENCH') AS cost`),
    )
    console.log(`run ${run}: ledger charged ${Number(charged.charged).toFixed(2)} for rows costing ${Number(charged.cost).toFixed(2)}`)
    console.log(
      `run ${run} (${onPostgres ? "PostgreSQL" : "PGlite"}, window ${WINDOW}): ${MESSAGES} queued in ${((queued - started) / 1000).toFixed(1)} s; ` +
        `${Math.round(submitsPerSecond)} submits/s at the SMSC; all delivered after ${((done - started) / 1000).toFixed(1)} s; ` +
        `receipts matched ${sink.matchedReceipts}/${MESSAGES}, unknown ${sink.unknownReceipts}; rows delivered ${delivered}/${MESSAGES}`,
    )
  } finally {
    await server.stop()
  }
}
if (RUNS > 1)
  console.log(
    `median of ${RUNS}: ${Math.round(median(results.map((r) => r.submitsPerSecond)))} submits/s, all delivered after ${median(results.map((r) => r.deliveredSeconds)).toFixed(1)} s`,
  )
await cluster?.stop()
process.exit(0)
