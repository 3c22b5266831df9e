/**
 * `npx tsx scripts/count-campaign-batch.ts [--recipients 200]`: the database round trips a campaign's batches cost on
 * PostgreSQL (every query the job runner's pool clients send, BEGIN / SAVEPOINT / COMMIT included); the simulator's
 * delivery reports are switched off (SIM_DELIVER_MS huge) so only the send path is counted.
 *
 * Two job rounds are counted, each from its `runDue()` only (the server's own timers, like the campaign progress
 * read, are left out): one with nothing due (the schedule ticks every poll costs, and an empty claim), then the one
 * that runs the campaign. Their difference is what the batches cost: the batch jobs, the channel hand-overs after them
 * and the runner's claims and "done" marks for both; divided by the batches, per batch of `--recipients` / batches.
 * The round's wall time is printed too (the batches and their hand-overs only, no HTTP polling: an A/B figure).
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { loadavg } from "node:os"
import { parseArgs } from "node:util"
import pg from "pg"
import { MAX_BATCH } from "../server/features/campaigns/campaign-engine"
import { as, callOf, login, send } from "../server/testing/harness"
import { startPostgres, startTestServer } from "../server/testing/test-server"

const { values } = parseArgs({ options: { recipients: { type: "string", default: String(MAX_BATCH) } } })
const N = Number(values.recipients)
const batches = Math.ceil(N / MAX_BATCH)
process.env.SIM_DELIVER_MS = String(24 * 3600 * 1000)

const counting = new AsyncLocalStorage<Map<string, number>>()
const original = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const counts = counting.getStore()
  if (counts) {
    const text = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string })?.text ?? "")
    const key = text.replace(/\s+/g, " ").trim().slice(0, 110)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0)

const cluster = await startPostgres()
const server = await startTestServer({ postgres: cluster, jobs: { autoStart: false } })
/** The queries of one job round. */
const countRound = async () => {
  const counts = new Map<string, number>()
  await counting.run(counts, () => server.jobs.runDue())
  return counts
}
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
  const idle = await countRound()
  const numbers = Array.from({ length: N }, (_, i) => `+90532${String(5_000_000 + i).padStart(7, "0")}`)
  const made = await send(
    server.url,
    callOf("campaigns", "campaignCreate"),
    { name: "Count", template_name: "count_offer", language: "en", numbers, params: ["friend"], rate_per_second: null, start: true },
    admin,
  )
  if (made.status !== 200) throw new Error(JSON.stringify(made.body))
  const started = performance.now()
  const busy = await countRound()
  const seconds = (performance.now() - started) / 1000
  const extra = new Map([...busy].map(([text, n]) => [text, n - (idle.get(text) ?? 0)]).filter(([, n]) => n !== 0) as [string, number][])
  console.log(`A job round with nothing due (schedule ticks, an empty claim): ${sum(idle)} round trips`)
  console.log(
    `The round that runs ${N} recipients in ${batches} batch(es): ${sum(busy)}, in ${seconds.toFixed(1)} s (${Math.round(N / seconds)} recipients/s, load ${loadavg()[0].toFixed(1)})`,
  )
  console.log(`The batches' own: ${sum(extra)}, ${(sum(extra) / batches).toFixed(1)} per batch of ${Math.min(N, MAX_BATCH)}`)
  for (const [text, n] of [...extra].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(6)}  ${text}`)
} finally {
  await server.stop()
  await cluster.stop()
}
process.exit(0)
