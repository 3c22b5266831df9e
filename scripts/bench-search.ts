/**
 * `npm run bench:search [-- --messages 2000000 --runs 30 --before-runs 3 --data .tmp/bench-search-db --postgres]`
 *
 * Keyword search over messages without a date range, through the HTTP API as the tenant admin: the keyword search
 * (`/fetch/keywordMessages`) and the Messages report's search (`/backend/fetch/list/wt_messages`), each a page of 10
 * with its total. Starts the reference server in this process over a PGlite data folder (or, with `--postgres`, a
 * private PostgreSQL cluster seeded each run) holding `--messages` messages of client 1 in 50,000 conversations and a
 * decoy tenant (client 2) with a tenth as many, all written by set-based SQL (generate_series), once, kept between
 * runs. Bodies are three words of a 60-word English/Turkish/Arabic vocabulary and a 7-digit serial (`#0001234`); one
 * message in 5,000 also says "iade talebi", one in 2,000 "استرداد".
 *
 * It times every search twice: without the trigram index (dropped: today's code path before migration 0035, with
 * `--before-runs` runs per search, they take seconds) and with it (`--runs`), median and p95 after one warm-up, and
 * prints a Markdown table with the load average. The index is left in place.
 */
import { loadavg } from "node:os"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "2000000" },
    runs: { type: "string", default: "30" },
    "before-runs": { type: "string", default: "3" },
    data: { type: "string", default: ".tmp/bench-search-db" },
    postgres: { type: "boolean", default: false },
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
const MESSAGES = Number(values.messages)
const CONVERSATIONS = 50_000
const INDEX = "messages_body_trgm_idx"

const WORDS = [
  ...["order", "delivery", "payment", "invoice", "package", "address", "courier", "refund", "discount", "account"],
  ...["hello", "thanks", "please", "tomorrow", "today", "broken", "missing", "late", "price", "store"],
  ...["sipariş", "teslimat", "ödeme", "fatura", "kargo", "adres", "kurye", "indirim", "hesap", "mağaza"],
  ...["merhaba", "teşekkürler", "lütfen", "yarın", "bugün", "kırık", "eksik", "geç", "fiyat", "şube"],
  ...["طلب", "توصيل", "دفع", "فاتورة", "شحنة", "عنوان", "مندوب", "خصم", "حساب", "متجر"],
  ...["مرحبا", "شكرا", "من فضلك", "غدا", "اليوم", "مكسور", "ناقص", "متأخر", "سعر", "فرع"],
]
const vocabulary = `ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}]`

/** `count` messages of `clientId` over its bench conversations (numbers `+81<prefix>…`), spread over a year. */
const seedTenant = async (clientId: number, conversations: number, count: number, prefix: string) => {
  await db.query(`WITH ct AS (
      INSERT INTO contacts (client_id, name, number, channel, created_at)
      SELECT ${clientId}, 'Search bench ' || i, '+81${prefix}' || lpad(i::text, 8, '0'), 'whatsapp', now() - interval '400 days'
      FROM generate_series(1, ${conversations}) i RETURNING id)
    INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at, closed_at, last_message)
    SELECT ${clientId}, ct.id, 'whatsapp', 'closed', now() - interval '366 days', now(), now(), '' FROM ct`)
  const { lo } = await one(`SELECT min(c.id)::int AS lo FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
    WHERE c.client_id = ${clientId} AND ct.number LIKE '+81${prefix}%'`)
  for (let from = 0; from < count; from += 200_000) {
    const to = Math.min(count, from + 200_000) - 1
    await db.query(`INSERT INTO messages (client_id, conversation_id, direction, type, body, status, dt)
      SELECT ${clientId}, ${lo} + g % ${conversations}, CASE WHEN g % 2 = 0 THEN 'in' ELSE 'out' END, 'text',
        (${vocabulary})[1 + (g::bigint * 7919) % 60] || ' ' || (${vocabulary})[1 + (g::bigint * 104729) % 60] || ' '
          || (${vocabulary})[1 + (g::bigint * 1299709) % 60] || ' #' || lpad(g::text, 7, '0')
          || CASE WHEN g % 5000 = 17 THEN ' iade talebi' ELSE '' END || CASE WHEN g % 2000 = 3 THEN ' استرداد' ELSE '' END,
        CASE WHEN g % 2 = 0 THEN 'received' ELSE 'read' END, now() - (g::bigint * 15731 % 31536000) * interval '1 second'
      FROM generate_series(${from}, ${to}) g`)
    console.log(`  client ${clientId}: ${(to + 1).toLocaleString("en")} messages`)
  }
}

const { n: seeded } = await one("SELECT count(*)::int AS n FROM contacts WHERE client_id = 1 AND number LIKE '+811%'")
if (Number(seeded) === 0) {
  const started = Date.now()
  console.log(`Seeding ${MESSAGES.toLocaleString("en")} messages and a decoy tenant (once)...`)
  // A GIN index builds far faster in one go than row by row: dropped for the bulk insert, built again after.
  await db.query(`DROP INDEX IF EXISTS ${INDEX}`)
  await seedTenant(1, CONVERSATIONS, MESSAGES, "1")
  await seedTenant(2, CONVERSATIONS / 10, MESSAGES / 10, "2")
  await db.query("VACUUM ANALYZE messages")
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

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

/** What people type, from one message's serial to a word in every twentieth message; the serials rotate per run. */
const SEARCHES: { what: string; term: (i: number) => string }[] = [
  { what: "one message's serial (`#0123456`)", term: (i) => `#${String((i * 7_654_321 + 12_345) % MESSAGES).padStart(7, "0")}` },
  { what: 'a rare phrase ("iade talebi", 1 in 5,000)', term: () => "iade talebi" },
  { what: 'a rare Arabic word ("استرداد", 1 in 2,000)', term: () => "استرداد" },
  { what: 'a common word ("teslimat", 1 in 20)', term: () => "teslimat" },
  { what: "nothing matches (`zzqx yok`)", term: () => "zzqx yok" },
  { what: "two letters (`zq`, no trigram)", term: () => "zq" },
]
const CALLS = [
  { name: "keyword search", path: "/fetch/keywordMessages", payload: (term: string) => ({ keyword: term, page: 1, limit: 10 }) },
  { name: "Messages report", path: "/backend/fetch/list/wt_messages", payload: (term: string) => ({ search: term, page: 1, limit: 10 }) },
]
const percentile = (samples: number[], q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
const timeAll = async (runs: number) => {
  const results = new Map<string, { median: number; p95: number; total: string }>()
  for (const search of SEARCHES)
    for (const call of CALLS) {
      await post(call.path, call.payload(search.term(999)))
      const samples: number[] = []
      const totals = new Set<number>()
      for (let i = 0; i < runs; i++) {
        const { ms, total } = await post(call.path, call.payload(search.term(i)))
        samples.push(ms)
        totals.add(total)
      }
      samples.sort((a, b) => a - b)
      const range = [...totals].sort((a, b) => a - b)
      results.set(`${search.what}|${call.name}`, {
        median: percentile(samples, 0.5),
        p95: percentile(samples, 0.95),
        total: range.length === 1 ? range[0].toLocaleString("en") : `${range[0]}..${range[range.length - 1]}`,
      })
    }
  return results
}

const counts = await one(`SELECT (SELECT count(*)::int FROM messages WHERE client_id = 1) AS mine,
  (SELECT count(*)::int FROM messages WHERE client_id = 2) AS decoy`)
const definition = `CREATE INDEX ${INDEX} ON messages USING gin (body gin_trgm_ops)`
console.log(
  `\n${db.kind}: client 1 holds ${Number(counts.mine).toLocaleString("en")} messages, the decoy tenant ${Number(counts.decoy).toLocaleString("en")}. No date range; page of 10 and its total.`,
)
await db.query(`DROP INDEX IF EXISTS ${INDEX}`)
const loadBefore = loadavg()[0]
const before = await timeAll(Number(values["before-runs"]))
const started = Date.now()
await db.query(definition)
await db.query("ANALYZE messages")
const built = (Date.now() - started) / 1000
const loadAfter = loadavg()[0]
const after = await timeAll(Number(values.runs))
const { size } = await one(`SELECT pg_size_pretty(pg_relation_size('${INDEX}')) AS size`)

const table = [
  `| Search (no date range) | Call | Matches | Before: median / p95 (${values["before-runs"]} runs) | After: median / p95 (${values.runs} runs) |`,
  "|---|---|---:|---:|---:|",
]
for (const search of SEARCHES)
  for (const call of CALLS) {
    const key = `${search.what}|${call.name}`
    const b = before.get(key)!
    const a = after.get(key)!
    table.push(
      `| ${search.what} | ${call.name} | ${a.total} | ${b.median.toFixed(1)} / ${b.p95.toFixed(1)} ms | ${a.median.toFixed(1)} / ${a.p95.toFixed(1)} ms |`,
    )
  }
console.log(`\n${table.join("\n")}\n`)
console.log(
  `${db.kind}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (1 min); trigram index built in ${built.toFixed(0)} s, ${size}; it is left in place.`,
)
await server.stop()
await cluster?.stop()
