/**
 * The hand-out decision on PostgreSQL (tenant-settings/auto-assign.ts `handOutHead`): with 1,000 online agents (each
 * holding 2 chats under a cap of 6 from their role, or 5 to 8 of their own for a third of them) and 10,000 conversations waiting (a tenth
 * with a priority label, a tenth SMS, a tenth routed to an agent group of 50), each decision takes the queue's head and
 * gives it to the least loaded eligible agent, in its own transaction. Prints the median and p99 of the decisions;
 * fails (exit 1) when p99 is over 5 ms. Prints the machine's load average before and after the decisions: the figures
 * are only comparable between runs under the same load. Says what the slowest 1% coincided with: the first decisions
 * on the connection (PostgreSQL parses the prepared statements and plans them five times before keeping a generic
 * plan) or a garbage collection of this process. Seeded in batches (one huge INSERT runs PGlite out of memory,
 * and keeps PostgreSQL's statements bounded).
 *
 *   npm run bench:handout -- [decisions=2000]
 */
import { loadavg } from "node:os"
import { PerformanceObserver } from "node:perf_hooks"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../server/db/rows"
import { startPostgres, startTestServer } from "../../server/testing/test-server"
import { handOutHead } from "../../server/features/tenant-settings/auto-assign"
import { putSetting } from "../../server/features/tenant-settings/settings-store"

const AGENTS = 1000
const WAITING = 10_000
const BATCH = 1000
const P99_MS = 5
const decisions = Number(process.argv[2] ?? 2000)

const cluster = await startPostgres()
// A server that fails to start must not leave the cluster running.
const server = await startTestServer({ postgres: cluster, jobs: { autoStart: false } }).catch(async (error: unknown) => {
  await cluster.stop()
  throw error
})
const database = server.services.database
const db = database.db
try {
  const started = Date.now()
  await db.execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
  await db.execute(sql`UPDATE roles SET capacity = '{"chat": 6}'::jsonb WHERE id = (SELECT role_id FROM users WHERE username = 'agent1')`)
  for (let from = 0; from < AGENTS; from += BATCH)
    await db.execute(sql`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name, online, attributes)
      SELECT 1, (SELECT role_id FROM users WHERE username = 'agent1'), 'bench' || n, 'bench' || n || '@acme.example', 'x', 'Bench ' || n, true,
        CASE WHEN n % 3 = 0 THEN jsonb_build_object('max_chats', 5 + n % 4) ELSE '{}'::jsonb END
      FROM generate_series(${from + 1}::int, ${Math.min(AGENTS, from + BATCH)}::int) AS n`)
  const [group] = rowsOf(
    await db.execute(
      sql`INSERT INTO agent_groups (client_id, name, created_by) SELECT 1, 'Bench skill', min(id) FROM users WHERE username LIKE 'bench%' RETURNING id`,
    ),
  )
  await db.execute(sql`INSERT INTO agent_group_members (group_id, user_id, role)
    SELECT ${group.id}, id, 'member' FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT 50`)
  const [label] = rowsOf(await db.execute(sql`INSERT INTO labels (client_id, name) VALUES (1, 'Bench VIP') RETURNING id`))
  await putSetting(db, 1, "queue_priority_rules", [{ kind: "label", id: Number(label.id), priority: 5 }])
  await putSetting(db, 1, "auto_assign", true)

  /** `count` open conversations of new contacts, numbered from `from`; held (round robin over the agents) or waiting. */
  const seed = async (from: number, count: number, held: boolean) => {
    for (let at = from; at < from + count; at += BATCH) {
      const to = Math.min(from + count, at + BATCH) - 1
      await database.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO contacts (client_id, channel, number, name)
          SELECT 1, CASE WHEN n % 10 = 3 THEN 'sms' ELSE 'whatsapp' END, '+9055' || lpad(n::text, 8, '0'), '' FROM generate_series(${at}::int, ${to}::int) AS n`)
        await tx.execute(sql`INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id, route_group_id)
          SELECT 1, ct.id, ct.channel, ${held ? "ongoing" : "unassigned"},
            ${held ? sql`(SELECT id FROM users WHERE username = 'bench' || (1 + (substr(ct.number, 6)::int % ${AGENTS})))` : sql`NULL`},
            ${held ? sql`NULL` : sql`CASE WHEN substr(ct.number, 6)::int % 10 = 7 THEN ${group.id}::int END`}
          FROM contacts ct WHERE ct.client_id = 1 AND ct.number BETWEEN ${`+9055${String(at).padStart(8, "0")}`} AND ${`+9055${String(to).padStart(8, "0")}`}`)
        if (!held)
          await tx.execute(sql`INSERT INTO conversation_labels (label_id, conversation_id)
            SELECT ${label.id}, c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
            WHERE ct.client_id = 1 AND substr(ct.number, 6)::int BETWEEN ${at}::int AND ${to}::int AND substr(ct.number, 6)::int % 10 = 1`)
      })
    }
  }
  await seed(1, AGENTS * 2, true)
  await seed(AGENTS * 2 + 1, WAITING, false)
  await db.execute(sql`ANALYZE`)
  const [counts] = rowsOf(
    await db.execute(sql`SELECT count(*) FILTER (WHERE queued_at IS NOT NULL)::int AS waiting, count(*) FILTER (WHERE status = 'ongoing')::int AS held
      FROM conversations WHERE client_id = 1`),
  )
  console.log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${AGENTS} agents, ${counts.held} chats held, ${counts.waiting} waiting`,
  )

  // The decision is handOutHead's own time (its queries, the agent's counter row locked); the commit after it is
  // timed apart (it waits for the write-ahead log to reach the disk, which the machine's disk decides).
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")
  const loadBefore = load()
  const gcs: { start: number; end: number }[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration })
  })
  observer.observe({ entryTypes: ["gc"] })
  const spans: { start: number; end: number }[] = []
  const times: number[] = []
  const commits: number[] = []
  const outcomes = new Map<string, number>()
  for (let i = 0; i < decisions; i++) {
    let decided = 0
    const t0 = performance.now()
    const result = await database.transaction(async (tx) => {
      const answer = await handOutHead(tx, 1)
      decided = performance.now()
      return answer
    })
    times.push(decided - t0)
    spans.push({ start: t0, end: decided })
    commits.push(performance.now() - decided)
    const key = typeof result === "number" ? "handed" : String(result)
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
  observer.disconnect()
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
  const COLD = 10
  const slowest = times
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t - a.t)
    .slice(0, Math.ceil(decisions / 100))
  const cold = slowest.filter(({ i }) => i < COLD).length
  const inGc = slowest.filter(({ i }) => i >= COLD && gcs.some((g) => g.start < spans[i].end && g.end > spans[i].start)).length
  console.log(`load average before ${loadBefore}, after ${load()}`)
  console.log(`${decisions} decisions: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(", ")}`)
  console.log(`decision: median ${at(times, 0.5).toFixed(2)} ms, p99 ${at(times, 0.99).toFixed(2)} ms (limit ${P99_MS} ms)`)
  console.log(`commit after it: median ${at(commits, 0.5).toFixed(2)} ms, p99 ${at(commits, 0.99).toFixed(2)} ms`)
  console.log(
    `slowest 1% (${slowest.length}, from ${slowest.at(-1)?.t.toFixed(2)} ms): ${cold} among the first ${COLD} decisions, ${inGc} during a garbage collection (${gcs.length} in all), ${slowest.length - cold - inGc} neither; p99 without the first ${COLD}: ${at(times.slice(COLD), 0.99).toFixed(2)} ms`,
  )
  if (at(times, 0.99) > P99_MS) process.exitCode = 1
} finally {
  await server.stop()
  await cluster.stop()
}
