/**
 * `npx tsx scripts/count-campaign-batch.ts [--recipients 200]`: the database round trips one campaign batch costs on
 * PostgreSQL (every query the pool's clients send, BEGIN / SAVEPOINT / COMMIT included), split into the batch job and the
 * channel hand-over that follows it; the simulator's delivery reports are switched off (SIM_DELIVER_MS huge) so only
 * the send path is counted.
 */
import { parseArgs } from "node:util"
import pg from "pg"
import { as, callOf, login, send } from "../server/testing/harness"
import { startPostgres, startTestServer } from "../server/testing/test-server"

const { values } = parseArgs({ options: { recipients: { type: "string", default: "200" } } })
const N = Number(values.recipients)
process.env.SIM_DELIVER_MS = String(24 * 3600 * 1000)

const counts = new Map<string, number>()
let counting = false
const original = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string })?.text ?? "")
    const key = text.replace(/\s+/g, " ").trim().slice(0, 70)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query

const cluster = await startPostgres()
const server = await startTestServer({ postgres: cluster, jobs: { autoStart: false } })
try {
  const admin = as((await login(server.url, "admin")).user_token)
  const superadmin = as((await login(server.url, "superadmin")).user_token)
  await send(server.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: 1000, reason: "count" }, superadmin)
  await send(
    server.url,
    callOf("templates", "templateMessageCreate"),
    { name: "count_offer", language: "en", category: "UTILITY", body: "Hello {{1}}.", body_examples: ["A"] },
    admin,
  )
  await server.jobs.runDue()
  const numbers = Array.from({ length: N }, (_, i) => `+90532${String(5_000_000 + i).padStart(7, "0")}`)
  const made = await send(
    server.url,
    callOf("campaigns", "campaignCreate"),
    { name: "Count", template_name: "count_offer", language: "en", numbers, params: ["friend"], rate_per_second: null, start: true },
    admin,
  )
  if (made.status !== 200) throw new Error(JSON.stringify(made.body))
  counting = true
  await server.jobs.runDue()
  counting = false
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1])
  console.log(`Round trips for ${N} recipients (batch job, hand-over, the runner's claims): ${total}`)
  for (const [text, n] of rows.slice(0, 25)) console.log(`${String(n).padStart(6)}  ${text}`)
} finally {
  await server.stop()
  await cluster.stop()
}
process.exit(0)
