/**
 * `npm run bench:import-fairness [-- --rows 100000 --postgres]`
 *
 * Starts the reference server on a copy of the seeded demo database (PGlite, as the tests do; with `--postgres` a
 * private PostgreSQL cluster) and, through the HTTP API, imports a `--rows`-row contact CSV for tenant A (client 1, `admin`)
 * while tenant B (client 2, `admin2`) reads its contacts page (`/backend/fetch/all/contacts`, a page of 20 and its
 * total) every 50 ms, each read started on time whether the one before answered or not. Prints B's read times alone (the baseline) and during the import
 * (p50 / p95 / max), and the import's total time and counts. The database is a throwaway copy: nothing to clean up.
 */
import { mkdirSync, statSync, writeFileSync, createReadStream } from "node:fs"
import { loadavg } from "node:os"
import { Readable } from "node:stream"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    postgres: { type: "boolean", default: false },
  },
})
const ROWS = Number(values.rows)
const CSV_PATH = ".tmp/bench-import-fairness.csv"

mkdirSync(".tmp", { recursive: true })
const lines = ["phone,name,email,city,notes"]
for (let i = 0; i < ROWS; i++)
  lines.push(`+90533${String(i).padStart(7, "0")},Fair ${i},${i % 4 === 0 ? `fair${i}@bench.invalid` : ""},City ${i % 10},row ${i}`)
// Every 1,000th row is not a number: rejected with its line, so the counts show every row accounted for.
for (let i = 1000; i < lines.length; i += 1000) lines[i] = `not-a-number,Fair bad ${i},,,`
writeFileSync(CSV_PATH, `${lines.join("\n")}\n`)
lines.length = 0
const fileBytes = statSync(CSV_PATH).size

const { startPostgres, startTestServer } = await import("../server/testing/test-server")
const cluster = values.postgres ? await startPostgres() : null
const server = await startTestServer({ ...(cluster ? { postgres: cluster } : {}), jobs: { autoStart: false } })
const db = server.services.database
console.log(`${db.kind} server at ${server.url}`)

const tokenOf = async (username: string) => {
  const response = await fetch(`${server.url}/api/auth/user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  })
  return ((await response.json()) as { user_token: string }).user_token
}
const tokenA = await tokenOf("admin")
const tokenB = await tokenOf("admin2")

/** One read of tenant B's contacts page; its time in ms. */
const readB = async () => {
  const started = performance.now()
  const response = await fetch(`${server.url}/api/backend/fetch/all/contacts`, {
    method: "POST",
    headers: { "user-token": tokenB, "content-type": "application/json" },
    body: JSON.stringify({ page: 1, limit: 20 }),
  })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`tenant B's read: ${response.status}`)
  return performance.now() - started
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** B starts a read every 50 ms (a stalled read does not hold the next back) until `until` settles; the read times. */
const readLoop = async (until: Promise<unknown>) => {
  let done = false
  void until.finally(() => {
    done = true
  })
  const reads: Promise<number>[] = []
  while (!done) {
    reads.push(readB())
    await sleep(50)
  }
  return Promise.all(reads)
}
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] }
}
const row = (what: string, s: ReturnType<typeof stats>) =>
  `| ${what} | ${s.n} | ${s.p50.toFixed(1)} ms | ${s.p95.toFixed(1)} ms | ${s.max.toFixed(1)} ms |`

for (let i = 0; i < 20; i++) await readB()
const baseline = stats(await readLoop(sleep(3000)))
console.log(`tenant B alone: ${baseline.n} reads; now tenant A imports ${ROWS.toLocaleString("en")} rows...`)

const load = loadavg()[0]
const started = performance.now()
const importing = (async () => {
  const response = await fetch(`${server.url}/api/add/customers?file_name=fair.csv&import_id=bench-fairness`, {
    method: "POST",
    headers: { "user-token": tokenA, "content-type": "text/csv", "content-length": String(fileBytes) },
    body: Readable.toWeb(createReadStream(CSV_PATH)) as ReadableStream,
    duplex: "half",
  } as RequestInit)
  const body = (await response.json()) as { data: { rows: number; imported: number; merged: number; rejected: number } }
  if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`)
  return { ms: performance.now() - started, ...body.data }
})()
const during = stats(await readLoop(importing))
const result = await importing

console.log(
  `\n${db.kind}: tenant A imports ${ROWS.toLocaleString("en")} rows (${(fileBytes / 1024 / 1024).toFixed(1)} MiB) while tenant B reads its contacts page every 50 ms; load average ${load.toFixed(1)}.\n`,
)
console.log(
  `Import: ${(result.ms / 1000).toFixed(1)} s; ${result.rows} rows = ${result.imported} imported + ${result.merged} merged + ${result.rejected} rejected\n`,
)
console.log("| Tenant B's contacts page | reads | p50 | p95 | max |")
console.log("|---|---:|---:|---:|---:|")
console.log(row("alone", baseline))
console.log(row(`during A's ${ROWS.toLocaleString("en")}-row import`, during))
await server.stop()
await cluster?.stop()
