/**
 * `npm run bench:contacts [-- --contacts 1000000 --segments 200 --import-rows 100000 --runs 100 --data .tmp/bench-contacts-db --postgres --import-only --no-import]`
 *
 * Starts the reference server over a PGlite data folder (or, with `--postgres`, a private PostgreSQL cluster seeded
 * each run) holding, for client 1, `--contacts` contacts with attributes, tags, groups and flags, and `--segments`
 * segments, plus a decoy tenant (client 2) with a tenth as many; all seeded with set-based SQL (generate_series),
 * once, kept between runs. Then, through the HTTP API as the tenant admin, times the contact search
 * (`/backend/fetch/all/contacts` with a search, a page of 20 and its total), a segment's count (the same call filtered
 * by a stored segment, and the editor's live count with inline rules) — median and p95 after two warm-ups — and
 * imports a `--import-rows`-row CSV end to end (upload -> result) while sampling this process's memory (the server
 * runs in it; `npm run` passes --expose-gc, so "before" and "after" follow a full collection). Prints the Markdown
 * table docs/benchmarks.md quotes. The imported rows are deleted again afterwards.
 */
import { createReadStream, mkdirSync, writeFileSync } from "node:fs"
import { Readable } from "node:stream"
import { loadavg } from "node:os"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    contacts: { type: "string", default: "1000000" },
    segments: { type: "string", default: "200" },
    "import-rows": { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    data: { type: "string", default: ".tmp/bench-contacts-db" },
    postgres: { type: "boolean", default: false },
    /** Only the import (a memory check with a larger file). */
    "import-only": { type: "boolean", default: false },
    /** Only search and segment counts. */
    "no-import": { type: "boolean", default: false },
  },
})

// Its million-row tables want PGlite's large buffers (server/db/db.ts); the figures in docs/benchmarks.md were taken so.
process.env.PGLITE_SHARED_BUFFERS ??= "1GB"

const { startServer } = await import("../server/app")
const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
const server = await startServer({
  port: 0,
  ...(cluster ? { databaseUrl: await cluster.createDatabase() } : { dataDir: values.data }),
  jobs: { autoStart: false },
})
const db = server.services.database
const one = async (text: string) => (await db.query(text, [])).rows[0] as Record<string, any>
const CONTACTS = Number(values.contacts)
const DECOY = Math.round(CONTACTS / 10)
const MiB = 1024 * 1024

const CITIES = ["Istanbul", "Ankara", "Izmir", "Bursa", "Antalya", "Konya", "Adana", "Gaziantep", "Kayseri", "Mersin"]
const FIRST = ["Ayse", "Mehmet", "Fatma", "Mustafa", "Emine", "Ahmet", "Hatice", "Ali", "Zeynep", "Huseyin", "Elif", "Hasan"]
const LAST = ["Yilmaz", "Kaya", "Demir", "Sahin", "Celik", "Yildiz", "Yildirim", "Ozturk", "Aydin", "Ozdemir", "Arslan", "Dogan"]
const array = (items: readonly string[]) => `ARRAY[${items.map((x) => `'${x}'`).join(",")}]`

/** `count` contacts for a client, numbers `+89<prefix><serial>`, with attributes a segment can ask about. */
const seedContacts = async (clientId: number, count: number, prefix: string) => {
  await db.query(`INSERT INTO contacts (client_id, name, number, email, channel, attributes, last_inbound_at, created_at)
    SELECT ${clientId},
      'Bench ' || (${array(FIRST)})[1 + g % 12] || ' ' || (${array(LAST)})[1 + (g / 12) % 12] || ' ' || g,
      '+89${prefix}' || lpad(g::text, 8, '0'),
      CASE WHEN g % 3 = 0 THEN 'bench' || g || '@bench.invalid' END,
      CASE WHEN g % 10 = 0 THEN 'sms' ELSE 'whatsapp' END,
      jsonb_build_object('city', (${array(CITIES)})[1 + g % 10], 'tier', (ARRAY['gold','silver','bronze'])[1 + g % 3],
        'score', (g::bigint * 7919 % 1000)::text, 'plan', 'p' || (g % 40)),
      now() - ((g % 365) || ' days')::interval, now() - ((g % 700) || ' days')::interval
    FROM generate_series(1, ${count}) g`)
}

const { n: seeded } = await one("SELECT count(*)::int AS n FROM contacts WHERE client_id = 1 AND number LIKE '+891%'")
if (Number(seeded) < CONTACTS) {
  const started = Date.now()
  console.log(`Seeding ${CONTACTS.toLocaleString("en")} contacts, ${values.segments} segments and a decoy tenant...`)
  // GIN indexes build far faster in one go than row by row: dropped for the bulk insert, recreated as defined.
  const gin = (
    await db.query("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'contacts' AND indexdef LIKE '%USING gin%'", [])
  ).rows as { indexname: string; indexdef: string }[]
  for (const index of gin) await db.query(`DROP INDEX "${index.indexname}"`)
  await seedContacts(1, CONTACTS, "1")
  await seedContacts(2, DECOY, "2")
  for (const index of gin) await db.query(index.indexdef)
  await db.query(`INSERT INTO tags (client_id, name) SELECT 1, 'bench-tag-' || g FROM generate_series(1, 10) g ON CONFLICT DO NOTHING`)
  await db.query(`INSERT INTO contact_groups (client_id, name) SELECT 1, 'bench-group-' || g FROM generate_series(1, 10) g
    ON CONFLICT DO NOTHING`)
  await db.query(`INSERT INTO flags (client_id, name, color) SELECT 1, 'bench-flag-' || g, '#336699' FROM generate_series(1, 5) g
    ON CONFLICT DO NOTHING`)
  // A fifth of the contacts carry a tag, a fifth are in a group, a tenth are flagged.
  await db.query(`INSERT INTO contact_tags (tag_id, contact_id)
    SELECT t.id, c.id FROM contacts c JOIN tags t ON t.client_id = 1 AND t.name = 'bench-tag-' || (1 + c.id % 10)
    WHERE c.client_id = 1 AND c.number LIKE '+891%' AND c.id % 5 = 0`)
  await db.query(`INSERT INTO contact_group_members (group_id, contact_id)
    SELECT gr.id, c.id FROM contacts c JOIN contact_groups gr ON gr.client_id = 1 AND gr.name = 'bench-group-' || (1 + c.id % 10)
    WHERE c.client_id = 1 AND c.number LIKE '+891%' AND c.id % 5 = 1`)
  await db.query(`INSERT INTO contact_flags (flag_id, contact_id)
    SELECT f.id, c.id FROM contacts c JOIN flags f ON f.client_id = 1 AND f.name = 'bench-flag-' || (1 + c.id % 5)
    WHERE c.client_id = 1 AND c.number LIKE '+891%' AND c.id % 10 = 2`)
  console.log(`  contacts and memberships in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
const ids = async (table: string, prefix: string) =>
  (await db.query(`SELECT id FROM ${table} WHERE client_id = 1 AND name LIKE '${prefix}%' ORDER BY id`, [])).rows.map((r) => Number(r.id))
const [tagIds, groupIds, flagIds] = [
  await ids("tags", "bench-tag-"),
  await ids("contact_groups", "bench-group-"),
  await ids("flags", "bench-flag-"),
]

/** The rules of bench segment i: a mix of every condition kind, all and any. */
const rulesOf = (i: number) => {
  const city = { type: "attribute", key: "city", operator: "eq", value: CITIES[i % 10] }
  const score = { type: "attribute", key: "score", operator: i % 2 ? "gt" : "lt", value: String((i * 37) % 1000) }
  const tier = { type: "attribute", key: "tier", operator: "eq", value: ["gold", "silver", "bronze"][i % 3] }
  const tag = { type: "tag", id: tagIds[i % tagIds.length] }
  const group = { type: "group", id: groupIds[i % groupIds.length] }
  const flag = { type: "flag", id: flagIds[i % flagIds.length] }
  const recent = { type: "last_message", operator: "after", at: new Date(Date.now() - ((i % 90) + 1) * 86_400_000).toISOString() }
  const channel = { type: "channel", channel: "sms" }
  const shapes = [[city], [city, tier], [score], [tag], [group, recent], [flag, city], [channel, score], [tier, recent]]
  return { match: i % 5 === 4 ? "any" : "all", conditions: shapes[i % shapes.length] }
}
const { n: segmentCount } = await one("SELECT count(*)::int AS n FROM segments WHERE client_id = 1 AND name LIKE 'bench-segment-%'")
if (Number(segmentCount) < Number(values.segments)) {
  for (let i = Number(segmentCount); i < Number(values.segments); i++)
    await db.query("INSERT INTO segments (client_id, name, rules) VALUES (1, $1, $2::jsonb)", [
      `bench-segment-${String(i).padStart(3, "0")}`,
      JSON.stringify(rulesOf(i)),
    ])
  await db.query("VACUUM ANALYZE")
}
const counts = await one(`SELECT (SELECT count(*)::int FROM contacts WHERE client_id = 1) AS mine,
  (SELECT count(*)::int FROM contacts WHERE client_id = 2) AS decoy, (SELECT count(*)::int FROM segments WHERE client_id = 1) AS segments`)
const segmentIds = (await db.query("SELECT id, rules FROM segments WHERE client_id = 1 AND name LIKE 'bench-segment-%' ORDER BY id", []))
  .rows as { id: number; rules: unknown }[]

const login = await fetch(`${server.url}/api/auth/user`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "demo1234" }),
})
const token = ((await login.json()) as { user_token: string }).user_token

const post = async (path: string, payload: unknown) => {
  const started = performance.now()
  const response = await fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "user-token": token, "content-type": "application/json" },
    body: JSON.stringify(payload),
  })
  const body = (await response.json()) as { data?: { totalItems?: number } }
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
  return { ms: performance.now() - started, total: body.data?.totalItems ?? 0 }
}

const runs = Number(values.runs)
const table: string[] = ["| What | Median | p95 | Bar (goal) |", "|---|---:|---:|---|"]
const percentile = (samples: number[], q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
/** Times `payloadOf(i)` for runs i = 0.. after two warm-ups; the payloads rotate so no one answer is cached. */
const time = async (what: string, bar: string, path: string, payloadOf: (i: number) => unknown) => {
  await post(path, payloadOf(0))
  await post(path, payloadOf(1))
  const samples: number[] = []
  const totals: number[] = []
  for (let i = 0; i < runs; i++) {
    const { ms, total } = await post(path, payloadOf(i))
    samples.push(ms)
    totals.push(total)
  }
  samples.sort((a, b) => a - b)
  totals.sort((a, b) => a - b)
  table.push(`| ${what} | ${percentile(samples, 0.5).toFixed(1)} ms | ${percentile(samples, 0.95).toFixed(1)} ms | ${bar} |`)
  console.log(`  ${what}: matches ${totals[0].toLocaleString("en")} .. ${totals[totals.length - 1].toLocaleString("en")}`)
}

console.log(
  `\n${db.kind}: client 1 holds ${Number(counts.mine).toLocaleString("en")} contacts and ${counts.segments} segments; the decoy tenant ${Number(counts.decoy).toLocaleString("en")} contacts. ${runs} runs per row; load average ${loadavg()[0].toFixed(1)}.\n`,
)
if (!values["import-only"]) {
  /** What a person types to find one customer: a surname and serial, a number or part of it, an e-mail, a miss. */
  const selective = [...LAST.map((x) => `${x.toLowerCase()} 12`), "+891000123", "00042", "yildiz 99", "bench12345@", "no such person"]
  /** One word that matches a twelfth or a tenth of the book: a first name or a city (tens of thousands of matches). */
  const broad = [...FIRST.map((x) => x.toLowerCase()), "gaziantep", "konya"]
  await time(
    "Contact search, selective (surname + serial, number, e-mail), page of 20 + total",
    "≤ 50 ms (10)",
    "/backend/fetch/all/contacts",
    (i) => ({
      search: selective[i % selective.length],
      limit: 20,
    }),
  )
  await time("Contact search, broad (one first name or city), page of 20 + total", "≤ 50 ms (10)", "/backend/fetch/all/contacts", (i) => ({
    search: broad[i % broad.length],
    limit: 20,
  }))
  await time("Segment count, stored segment (`segment_id` filter, limit 1)", "≤ 500 ms (100)", "/backend/fetch/all/contacts", (i) => ({
    segment_id: Number(segmentIds[i % segmentIds.length].id),
    limit: 1,
  }))
  await time("Segment count, the editor's live count (inline `rules`)", "≤ 500 ms (100)", "/backend/fetch/all/contacts", (i) => ({
    rules: rulesOf(i),
    limit: 1,
  }))
}

/** The import: a CSV file on disk, streamed as the request body; this process's memory sampled every 20 ms. */
async function timeImport() {
  const importRows = Number(values["import-rows"])
  mkdirSync(".tmp", { recursive: true })
  const csvPath = ".tmp/bench-contacts-import.csv"
  const CLEAN_UP = "DELETE FROM contacts WHERE client_id = 1 AND number LIKE '+90533%' AND name LIKE 'Imported %'"
  const lines = ["phone,name,email,city,tier,notes"]
  for (let i = 0; i < importRows; i++)
    lines.push(
      `+90533${String(i).padStart(7, "0")},Imported ${i},${i % 4 === 0 ? `imp${i}@bench.invalid` : ""},${CITIES[i % 10]},${i % 2 ? "gold" : "silver"},row ${i}`,
    )
  writeFileSync(csvPath, `${lines.join("\n")}\n`)
  const fileBytes = Buffer.byteLength(`${lines.join("\n")}\n`)
  lines.length = 0
  await db.query(CLEAN_UP)
  global.gc?.()
  const memory = () => {
    const m = process.memoryUsage()
    // The JS heap, and the buffers beside it (PGlite's WebAssembly memory is among them: it grows, it never shrinks).
    return { rss: m.rss, heap: m.heapUsed, buffers: m.external + m.arrayBuffers }
  }
  const before = memory()
  const peak = { ...before }
  const sampler = setInterval(() => {
    const m = memory()
    peak.rss = Math.max(peak.rss, m.rss)
    peak.heap = Math.max(peak.heap, m.heap)
    peak.buffers = Math.max(peak.buffers, m.buffers)
  }, 20)
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const response = await fetch(`${server.url}/api/add/customers?file_name=bench.csv&import_id=bench-import-1`, {
    method: "POST",
    headers: { "user-token": token, "content-type": "text/csv", "content-length": String(fileBytes) },
    body: Readable.toWeb(createReadStream(csvPath)) as ReadableStream,
    duplex: "half",
  } as RequestInit)
  const result = (await response.json()) as { data: { rows: number; imported: number; merged: number; rejected: number } }
  const importMs = performance.now() - started
  // The server (and PGlite with it) runs in this process: its CPU time is a steadier figure than the wall clock on a
  // loaded machine.
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  global.gc?.()
  const after = memory()
  if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(result)}`)
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`
  table.push(
    `| Import of a ${importRows.toLocaleString("en")}-row CSV (${(fileBytes / MiB).toFixed(1)} MiB), upload -> result | ${(importMs / 1000).toFixed(1)} s | | ≤ 15 s (5) |`,
  )
  const { data } = result
  console.log(`  import: ${data.rows} rows, ${data.imported} imported, ${data.merged} merged, ${data.rejected} rejected`)
  console.log(`  import time: ${(importMs / 1000).toFixed(1)} s, CPU time of this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`)
  console.log(
    `  server memory (this process) during the import: RSS ${mib(before.rss)} -> peak ${mib(peak.rss)} -> after ${mib(after.rss)}; JS heap ${mib(before.heap)} -> peak ${mib(peak.heap)} -> after ${mib(after.heap)}; buffers ${mib(before.buffers)} -> peak ${mib(peak.buffers)} -> after ${mib(after.buffers)}\n`,
  )
  await db.query(CLEAN_UP)
}

if (!values["no-import"]) await timeImport()
console.log(table.join("\n"))
await server.stop()
await cluster?.stop()
