/**
 * `npm run bench:dashboard [-- --conversations 100000 --messages 2000000 --calls 1000000 --agents 50 --runs 50 --data .tmp/bench-dashboard-db]`
 *
 * Starts the reference server over a PGlite data folder holding, for client 1, `--conversations` bulk conversations
 * with about `--messages` messages (server/db/seed/chat-volume.ts, ~90 days), `--calls` call records over 30 days
 * (server/db/seed/calls.ts) and `--agents` chat agents, all written through the roll-up triggers (seeded once, kept
 * between runs). Then times every dashboard and report call over the last 30 days through the HTTP API as the
 * tenant admin: `--runs` requests each once every call was warmed twice, median and p95, and prints the table docs/benchmarks.md quotes.
 */
import { parseArgs } from "node:util"
import { catalogue } from "../src/contract/catalogue"

const { values } = parseArgs({
  options: {
    conversations: { type: "string", default: "100000" },
    messages: { type: "string", default: "2000000" },
    calls: { type: "string", default: "1000000" },
    agents: { type: "string", default: "50" },
    runs: { type: "string", default: "50" },
    data: { type: "string", default: ".tmp/bench-dashboard-db" },
  },
})

// Its million-row tables want PGlite's large buffers (server/db/db.ts); the figures in docs/benchmarks.md were taken so.
process.env.PGLITE_SHARED_BUFFERS ??= "1GB"

const { startServer } = await import("../server/app")
const { seedChatVolume } = await import("../server/db/seed/chat-volume")
const { seedCallRecords } = await import("../server/db/seed/calls")
const server = await startServer({ port: 0, dataDir: values.data })
const db = server.services.database
const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as Record<string, any>

const { n } = await one("SELECT count(*)::int AS n FROM contacts WHERE client_id = 1 AND number LIKE '+80%'")
if (Number(n) === 0) {
  const started = Date.now()
  await db.query(`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name)
    SELECT 1, u.role_id, 'bench-dash-' || g, 'bench-dash-' || g || '@acme.example', u.password_hash, 'Bench Agent ' || g
    FROM users u CROSS JOIN generate_series(1, ${Number(values.agents)}) g WHERE u.username = 'agent1' ON CONFLICT DO NOTHING`)
  const agentIds = (await db.query("SELECT id FROM users WHERE username LIKE 'bench-dash-%' ORDER BY id")).rows.map((r) => Number(r.id))
  const conversations = Number(values.conversations)
  await seedChatVolume(db, {
    clientId: 1,
    conversations,
    perConversation: Math.max(1, Math.round(Number(values.messages) / conversations)),
    longChat: 0,
    agentIds,
    onProgress: (what) => /0000 /.test(what) && console.log(`  ${what}`),
  })
  await seedCallRecords(db, { clientId: 1, count: Number(values.calls), agentIds, days: 30, seed: 13 })
  await db.query("VACUUM ANALYZE")
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
const counts = await one(`SELECT (SELECT count(*)::int FROM conversations WHERE client_id = 1) AS conversations,
  (SELECT count(*)::int FROM messages WHERE client_id = 1) AS messages, (SELECT count(*)::int FROM call_records WHERE client_id = 1) AS calls,
  (SELECT count(*)::int FROM users WHERE client_id = 1) AS users`)

const login = await fetch(`${server.url}/api/auth/user`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "admin", password: "demo1234" }),
})
const token = ((await login.json()) as { user_token: string }).user_token
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const range = { start_date: day(-29), end_date: day(0) }
const month = day(0).slice(0, 7)
const [agent] = (await db.query("SELECT id FROM users WHERE username = 'bench-dash-1'")).rows
/** The payload each call is timed with; null skips it (no campaign exists to read; Call History has its own bench). */
const payloads: Record<string, Record<string, unknown> | null> = {
  getMonthly: { month },
  getallMonthly: { year: Number(month.slice(0, 4)) },
  monthlyUsers: { month },
  agentConversation: { ...range, agent_id: Number(agent?.id ?? 1) },
  campaignRecords: null,
  callsList: null,
  fetchShellTerritories: {},
}
const payloadOf = (name: string): Record<string, unknown> | null => (name in payloads ? payloads[name] : range)

const request = async (def: { method: string; path: string }, payload: Record<string, unknown>) => {
  const query = def.method === "GET" ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))}` : ""
  const started = performance.now()
  const response = await fetch(`${server.url}/api${def.path}${query}`, {
    method: def.method,
    headers: { "user-token": token, ...(def.method === "GET" ? {} : { "content-type": "application/json" }) },
    body: def.method === "GET" ? undefined : JSON.stringify(payload),
  })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${def.path}: ${response.status}`)
  return performance.now() - started
}

const runs = Number(values.runs)
const rows: string[] = []
console.log(
  `\n${counts.conversations} conversations, ${counts.messages} messages, ${counts.calls} calls, ${counts.users} users; ${db.kind}; ${runs} runs per call over 30 days\n`,
)
rows.push("| Call | Median | p95 |", "|---|---:|---:|")
const timed = (["dashboard", "reports"] as const).flatMap((group) =>
  Object.entries(catalogue[group].calls as Record<string, { method: string; path: string }>).flatMap(([name, def]) => {
    const payload = payloadOf(name)
    return payload === null ? [] : [{ def, payload }]
  }),
)
// A dashboard is opened on a running server: every call is warmed twice first, so the first call timed does not pay
// for reading the tables into the buffers alone.
for (const { def, payload } of timed) {
  await request(def, payload)
  await request(def, payload)
}
for (const { def, payload } of timed) {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) samples.push(await request(def, payload))
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  rows.push(`| ${def.method} ${def.path} | ${at(0.5).toFixed(1)} ms | ${at(0.95).toFixed(1)} ms |`)
}
console.log(rows.join("\n"))
await server.stop()
