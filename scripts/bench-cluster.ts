/**
 * `npm run bench:cluster [-- --agents 1000 --seconds 60 --rate 200 --calls 20 --kill-at 30 --nodes 2]`: a cluster on
 * this machine (scripts/cluster-kit.ts: PostgreSQL, Redis, N server processes, HAProxy), `agents` console sockets
 * through HAProxy (round robin over the nodes), customers writing in at `rate`/s and calls ringing at `calls`/s for
 * `seconds`; at `kill-at` s one node is killed with SIGKILL. Then the same API load (autocannon, 10 s) on N nodes and
 * on 1 node for the throughput ratio (`--no-ratio` skips it). Prints one table; every phase is bounded in time.
 * `--statements` prints what PostgreSQL executed in the live phase (pg_stat_statements, statements in functions and
 * triggers counted), by total time, and its executing time per stored message.
 * `--waits` also prints what the database's busy sessions waited on during the live phase, by statement (how the
 * roll-up rows, the ticket-number lock and auto-assign's lock were found); `--profile` CPU-profiles the nodes and
 * prints where the ones still running at the end spent their time, by function.
 *
 * CPU: what the nodes, PostgreSQL (its server and every backend), Redis, HAProxy and this client spent in the live
 * phase, read from /proc (scripts/bench/process-cpu.ts; the killed node's up to its kill), per stored message (calls'
 * work included), and computed from that, what one core of each would carry. Then pgbench's rate of single-row
 * INSERTs on the same PostgreSQL: the database's own limit on this machine.
 *
 * The agents are a real tenant's: `agents` users of tenant one with the agent role (bench-agent-N, online), each
 * logged in once and holding one socket, and the tenant's auto-assign on (tenant-settings/auto-assign.ts), so a
 * customer's conversation goes to one agent as it would in production, not to a queue every agent watches.
 *
 * Delivered: the time from the simulator's POST to `chat:message` on an agent's socket, over every (socket, message)
 * (by the message's text, so an event that beats the POST's answer counts too).
 * Acknowledged: the POST answered 200 (the message is stored). Lost: acknowledged but not in the database, or never
 * delivered to any socket although its holder's socket never dropped; a message whose holder was reconnecting (its
 * node killed) is counted apart: the console reads its lists again after a reconnect, events are not replayed.
 * Duplicates: a message stored twice, or seen twice by one socket in two events (two seqs). An event that arrives again
 * with the seq it had (the sweeper relayed it again: chat-relay.ts) is counted apart: the console applies a seq once.
 *
 * Calls (scripts/bench-cluster-calls.ts): an agent accepts a share of the calls (`--accept-share`, 0.25 by default)
 * with a real WebRTC offer, as the console does, and the bench times `call-is-coming` on its socket to
 * `browser-answer`. The calls placed in the 5 s before the kill ring on through it and are accepted after it by an agent
 * whose socket is connected ("ringing at the kill, answered after it"). A quarter, not every call: each offer costs the
 * bench client about 0.12 s of werift before the live phase (300 offers: 56 s; the full size's 1,200 would take over
 * 2 min, for calls of which the nodes acknowledged about 120), and each accept a werift answer on the server (about
 * 4 ms of CPU) and a peer on both sides until the hang-up: at 300 agents, 10 calls/s, accepting every call took the
 * deliveries from 35 / 539 ms to 515 / 7,669 ms (p50 / p99) and the accepts from 28 / 188 to 214 / 1,369 ms, which is
 * no longer a measure of the messages. `--accept-share 1` accepts them all. `--ring-at-once N` (10 by default) is the
 * tenant's call setting of that name, saved by its admin before the live phase: a call rings N agents in their ring
 * turn (features/calls/call-widen.ts) and N more each step unanswered; `--ring-at-once 0` rings every free agent.
 */
import { execSync, spawnSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { cpus } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import autocannon from "autocannon"
import pg from "pg"
import { io, type Socket } from "socket.io-client"
import { RECONNECT } from "../src/contract/realtime-reconnect"
import { catalogue } from "../src/contract/catalogue"
import type { CallDef } from "../src/contract/call"
import { type PostgresCluster, pgBin, startPostgres } from "../server/testing/test-server"
import { unbatching } from "../server/testing/calls-peer"
import { printSelfTime } from "./bench/cpu-profile"
import { cpuMeter } from "./bench/process-cpu"
import { printTopStatements, resetStatements, statementTotals } from "./bench/statements"
import { callNumber, createCallAccepts } from "./bench-cluster-calls"
import { type Cluster, startCluster } from "./cluster-kit"
import { customerNumber, staffTenant } from "./bench-tenant"

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "1000" },
    seconds: { type: "string", default: "60" },
    rate: { type: "string", default: "200" },
    calls: { type: "string", default: "20" },
    "kill-at": { type: "string", default: "30" },
    nodes: { type: "string", default: "2" },
    "no-ratio": { type: "boolean", default: false },
    /** The share of the calls an agent accepts (every call placed in the 5 s before the kill is accepted after it). */
    "accept-share": { type: "string", default: "0.25" },
    /** The tenant's `ring_at_once` call setting (0: every agent who can take a call is rung). */
    "ring-at-once": { type: "string", default: "10" },
    /** Prints what the database's busy sessions wait on during the live phase (pg_stat_activity every 50 ms). */
    waits: { type: "boolean", default: false },
    /** Prints what PostgreSQL executed in the live phase, by statement (pg_stat_statements). */
    statements: { type: "boolean", default: false },
    /** CPU-profiles the nodes (node --cpu-prof) and prints where the surviving ones spent their time. */
    profile: { type: "boolean", default: false },
  },
})
const AGENTS = Number(values.agents)
const SECONDS = Number(values.seconds)
const RATE = Number(values.rate)
const CALL_RATE = Number(values.calls)
const KILL_AT = Number(values["kill-at"])
const NODES = Number(values.nodes)
const ACCEPT_SHARE = Number(values["accept-share"])
const RING_AT_ONCE = Number(values["ring-at-once"])
const dir = join(import.meta.dirname, "..", ".tmp", "bench-cluster")
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const load = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/^.*load average: /, "")
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN
const call = (group: keyof typeof catalogue, name: string) => (catalogue[group].calls as Record<string, CallDef>)[name]

const loginAs = async (url: string, username: string) => {
  const response = await fetch(`${url}/api${call("auth", "authUser").path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  })
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`)
  return ((await response.json()) as { user_token: string }).user_token
}

/** One login per agent, a few at a time (each login hashes a password). */
const loginAgents = async (url: string, count: number) => {
  const tokens: string[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      tokens[i] = await loginAs(url, `bench-agent-${i + 1}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return tokens
}

/** The tenant's call setting `ring_at_once`, saved by its admin as the console does. */
const saveRingAtOnce = async (url: string) => {
  const response = await fetch(`${url}/api${call("onboarding", "callSetting").path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-token": await loginAs(url, "admin") },
    body: JSON.stringify({ ring_at_once: RING_AT_ONCE }),
  })
  if (!response.ok) throw new Error(`call setting: ${response.status} ${await response.text()}`)
}

const devPost = (cluster: Cluster, path: string, body: unknown) =>
  fetch(`${cluster.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-dev-key": cluster.devKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })

/**
 * One customer's message before the live phase, as a running tenant has had: its first ticket starts the tenant's
 * number series (db/number-series.ts), once, and the opening messages that came at once waited for that transaction
 * (18 of them about 1.2 s each in `--statements`, with most of the pool's connections).
 */
const warmUp = async (cluster: Cluster) => {
  const response = await devPost(cluster, "/dev/simulator/messages", {
    clientId: 1,
    channel: "whatsapp",
    number: "+905549999999",
    text: "warm-up",
  })
  if (!response.ok) throw new Error(`warm-up message: ${response.status} ${await response.text()}`)
}

/** Samples pg_stat_activity's active sessions every 50 ms until stopped: counts by wait event and statement. */
const sampleWaits = (databaseUrl: string) => {
  const counts = new Map<string, number>()
  let sampling = true
  const done = (async () => {
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    try {
      while (sampling) {
        const r = await db.query<{ k: string }>(
          `SELECT coalesce(wait_event_type, 'cpu') || ':' || coalesce(wait_event, '-') || ' | ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS k
           FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
        )
        for (const { k } of r.rows) counts.set(k, (counts.get(k) ?? 0) + 1)
        await sleep(50)
      }
    } finally {
      await db.end()
    }
  })()
  return {
    stop: async () => {
      sampling = false
      await done
      return counts
    },
  }
}

const printWaits = (counts: Map<string, number>) => {
  console.log("Database sessions by wait event and statement (samples every 50 ms):")
  for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(n).padStart(6)} ${k}`)
}

interface Agent {
  socket: Socket
  /** message id -> events (distinct seqs) that carried it */
  seen: Map<number, number>
  /** the seqs of the events this socket got */
  seqs: Set<number>
  /** events that came again with a seq already seen (the console drops them) */
  repeats: number
  disconnectedAt: number | null
  reconnectMs: number[]
}

/** Runs `tick` `perSecond` times a second for `seconds` (paced by the clock, not by answers). */
const paced = async (perSecond: number, seconds: number, tick: (i: number) => void) => {
  if (perSecond <= 0) return
  const start = Date.now()
  const total = Math.floor(perSecond * seconds)
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / perSecond
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    tick(i)
  }
}

const throughput = async (url: string, token: string) => {
  const result = await autocannon({
    url: `${url}/api${call("auth", "authenticate").path}`,
    headers: { "user-token": token },
    connections: 50,
    duration: 10,
  })
  return result.requests.average
}

const loadLive = async (cluster: Cluster) => {
  const killing = KILL_AT > 0 && KILL_AT < SECONDS && cluster.nodes.length > 1
  const accepts = createCallAccepts({
    total: Math.floor(CALL_RATE * SECONDS),
    callRate: CALL_RATE,
    share: ACCEPT_SHARE,
    killAt: killing ? KILL_AT * 1000 : null,
  })
  console.log(`Logging ${AGENTS} agents in; making ${accepts.offers} WebRTC offers (werift) meanwhile...`)
  const offersStarted = Date.now()
  const offersMade = accepts.prepare().then(() => (Date.now() - offersStarted) / 1000)
  const tokens = await loginAgents(cluster.url, AGENTS)
  const agents: Agent[] = []
  const latencies: number[] = []
  /** When the POST of `bench <i>` left, by i. */
  const postedAt: number[] = []
  const rung = new Set<string>()
  /** Every call card and card removal the agents' sockets received. */
  const frames = { rings: 0, removals: 0 }
  console.log(`Connecting ${AGENTS} agent sockets through HAProxy...`)
  for (let i = 0; i < AGENTS; i++) {
    const agent: Agent = {
      socket: null as unknown as Socket,
      seen: new Map(),
      seqs: new Set(),
      repeats: 0,
      disconnectedAt: null,
      reconnectMs: [],
    }
    const socket = unbatching(
      io(cluster.url, {
        path: "/rt/socket.io",
        transports: ["websocket"],
        auth: { user_token: tokens[i] },
        // As the console's socket comes back (src/contract/realtime-reconnect.ts).
        ...RECONNECT,
        forceNew: true,
      }),
    )
    agent.socket = socket
    socket.on("chat:message", (p: { seq: number; message?: { id: number; body?: string } }) => {
      const id = p.message?.id
      if (id === undefined) return
      if (agent.seqs.has(p.seq)) return void agent.repeats++
      agent.seqs.add(p.seq)
      agent.seen.set(id, (agent.seen.get(id) ?? 0) + 1)
      const i = /^bench (\d+)$/.exec(p.message?.body ?? "")?.[1]
      const at = i === undefined ? undefined : postedAt[Number(i)]
      if (at !== undefined) latencies.push(Date.now() - at)
    })
    socket.on("call-is-coming", (p: { callId: string }) => {
      frames.rings++
      rung.add(p.callId)
    })
    socket.on("remove-call", () => void frames.removals++)
    socket.on("disconnect", () => {
      agent.disconnectedAt = Date.now()
    })
    socket.on("connect", () => {
      if (agent.disconnectedAt !== null) agent.reconnectMs.push(Date.now() - agent.disconnectedAt)
      agent.disconnectedAt = null
    })
    agents.push(agent)
    if (i % 50 === 49) await sleep(50)
  }
  accepts.watch(agents)
  const deadline = Date.now() + 60_000
  while (agents.some((a) => !a.socket.connected) && Date.now() < deadline) await sleep(200)
  const connected = agents.filter((a) => a.socket.connected).length
  console.log(`${accepts.offers} offers made in ${(await offersMade).toFixed(1)} s`)
  console.log(`${connected}/${AGENTS} connected (load ${load()}); ${RATE} messages/s and ${CALL_RATE} calls/s for ${SECONDS} s...`)
  const messages = { sent: 0, acked: 0, failed: 0, shed: 0, ids: [] as number[] }
  const calls = { sent: 0, acked: 0, failed: 0, shed: 0, ids: [] as string[] }
  const pending: Promise<void>[] = []
  let killedAt = 0
  const hangup = (id: string) => void devPost(cluster, `/dev/simulator/calls/${id}/hangup`, {}).catch(() => {})
  // The customer hangs up after 3 s so the ringing calls do not pile up for their 60 s (an accept on its way: later).
  const hangupLater = (id: string) => setTimeout(() => (accepts.busy(id) ? hangupLater(id) : hangup(id)), 3_000)
  let afterKill: Promise<void> = Promise.resolve()
  // What each component spends from here to the end of the live phase's last deliveries (the bench client: itself).
  const cpu = cpuMeter({
    nodes: cluster.nodes.map((n) => n.pid),
    PostgreSQL: [await postmasterPid(cluster.databaseUrl)],
    Redis: [cluster.pids.redis],
    HAProxy: [cluster.pids.haproxy],
  })
  const clientCpu = process.cpuUsage()
  if (killing)
    setTimeout(() => {
      killedAt = Date.now()
      console.log(`kill -9 ${cluster.nodes[0].name} at ${KILL_AT} s`)
      cpu.read()
      cluster.kill(0)
      afterKill = accepts.afterKill(hangup)
    }, KILL_AT * 1000)
  const started = Date.now()
  // This client's own lag: its times (delivery, reconnection) include it.
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const waits = values.waits ? sampleWaits(cluster.databaseUrl) : null
  if (values.statements) await withDatabase(cluster.databaseUrl, (db) => resetStatements((text) => db.query(text)))
  await Promise.all([
    paced(RATE, SECONDS, (i) => {
      messages.sent++
      postedAt[i] = Date.now()
      const number = customerNumber(i, 5000)
      pending.push(
        devPost(cluster, "/dev/simulator/messages", { clientId: 1, channel: "whatsapp", number, text: `bench ${i}` })
          .then(async (r) => {
            if (r.status === 503) return void messages.shed++
            if (!r.ok) throw new Error(String(r.status))
            const id = ((await r.json()) as { data: { messageId: number } }).data.messageId
            messages.acked++
            messages.ids.push(id)
          })
          .catch(() => void messages.failed++),
      )
    }),
    paced(CALL_RATE, SECONDS, (i) => {
      calls.sent++
      pending.push(
        devPost(cluster, "/dev/simulator/calls", { clientId: 1, number: callNumber(i), name: "Bench" })
          .then(async (r) => {
            if (r.status === 503) return void calls.shed++
            if (!r.ok) throw new Error(String(r.status))
            const id = ((await r.json()) as { data: { callId: string } }).data.callId
            calls.acked++
            calls.ids.push(id)
            // A call rung just before the kill rings on through it (accepted after the kill, then hung up).
            if (!accepts.held(i)) hangupLater(id)
          })
          .catch(() => void calls.failed++),
      )
    }),
  ])
  const sendSeconds = (Date.now() - started) / 1000
  lag.disable()
  if (waits) printWaits(await waits.stop())
  await Promise.allSettled(pending)
  await afterKill
  await sleep(5_000) // the last deliveries, answers and reconnections
  cpu.read()
  const { user, system } = process.cpuUsage(clientCpu)
  const cpuSeconds = { ...cpu.spent(), "bench client": (user + system) / 1e6 }
  const liveSeconds = (Date.now() - started) / 1000
  const loadAfter = load()
  if (values.statements) await printStatements(cluster.databaseUrl, messages.acked)
  // Lost and duplicated, against the database.
  const db = new pg.Client({ connectionString: cluster.databaseUrl })
  await db.connect()
  const stored = await db.query<{ id: number }>("SELECT id FROM messages WHERE id = ANY($1::int[])", [messages.ids])
  const dupRows = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM (SELECT body FROM messages WHERE body LIKE 'bench %' AND id >= $1 GROUP BY body HAVING count(*) > 1) d",
    [Math.min(...messages.ids, 2 ** 31 - 1)],
  )
  // The holder of each acknowledged message nobody heard (bench-agent-N is agents[N - 1]; null: the queue).
  const unheard = messages.ids.filter((id) => !agents.some((a) => a.seen.has(id)))
  const holders = await db.query<{ id: number; username: string | null }>(
    "SELECT m.id, u.username FROM messages m JOIN conversations c ON c.id = m.conversation_id LEFT JOIN users u ON u.id = c.assigned_user_id WHERE m.id = ANY($1::int[])",
    [unheard],
  )
  await db.end()
  const dropped = (username: string | null) => {
    const agent = username?.startsWith("bench-agent-") ? agents[Number(username.slice(12)) - 1] : undefined
    return agent !== undefined && (agent.reconnectMs.length > 0 || agent.disconnectedAt !== null)
  }
  const missedWhileDown = holders.rows.filter((r) => dropped(r.username)).length
  const storedIds = new Set(stored.rows.map((r) => r.id))
  const lost = messages.ids.filter((id) => !storedIds.has(id)).length + unheard.length - missedWhileDown
  const dupSeen = agents.reduce((n, a) => n + [...a.seen.values()].filter((c) => c > 1).length, 0)
  const repeats = agents.reduce((n, a) => n + a.repeats, 0)
  const reconnects = agents.flatMap((a) => a.reconnectMs).sort((a, b) => a - b)
  const stillDown = agents.filter((a) => !a.socket.connected).length
  latencies.sort((a, b) => a - b)
  for (const a of agents) a.socket.close()
  await accepts.close()
  return {
    connected,
    sendSeconds,
    messages,
    calls,
    rung: calls.ids.filter((id) => rung.has(id)).length,
    frames,
    accepts: accepts.results(),
    latencies,
    lost,
    missedWhileDown,
    dupRows: dupRows.rows[0]?.n ?? 0,
    dupSeen,
    repeats,
    reconnects,
    stillDown,
    killed: killedAt > 0,
    loadAfter,
    cpuSeconds,
    liveSeconds,
    lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6 },
  }
}

const withDatabase = async <A>(databaseUrl: string, use: (db: pg.Client) => Promise<A>) => {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    return await use(db)
  } finally {
    await db.end()
  }
}

/** What PostgreSQL executed since the live phase began (scripts/bench/statements.ts), per stored message. */
const printStatements = (databaseUrl: string, stored: number) =>
  withDatabase(databaseUrl, async (db) => {
    const query = (text: string) => db.query(text)
    const total = await statementTotals(query)
    console.log(
      `\nPostgreSQL in the live phase: ${total.statements} statements sent, ${Math.round(total.ms)} ms executing (${Math.round(total.jitMs)} ms of it compiling JIT), ${Math.round(total.planMs)} ms planning; per stored message ${(total.statements / stored).toFixed(1)} statements, ${(total.ms / stored).toFixed(2)} ms executing, ${(total.planMs / stored).toFixed(2)} ms planning`,
    )
    await printTopStatements(query, 30)
  })

/** The PostgreSQL server's main process (postmaster.pid's first line): its tree holds every backend. */
const postmasterPid = (databaseUrl: string) =>
  withDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query<{ data_directory: string }>("SHOW data_directory")
    return Number.parseInt(readFileSync(join(rows[0].data_directory, "postmaster.pid"), "utf8"), 10)
  })

/**
 * The database's own limit on this machine, for comparison: pgbench's rate of single-row INSERTs (a transaction each,
 * 8 clients on 2 threads, 10 s) into a table of a few columns, on the same PostgreSQL and its settings (test-server.ts).
 */
const pgbenchInserts = async (postgres: PostgresCluster) => {
  const url = await postgres.createDatabase()
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  await db.query(
    "CREATE TABLE pgbench_inserts (id bigserial PRIMARY KEY, client_id int NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
  )
  await db.end()
  const script = join(dir, "pgbench-insert.sql")
  writeFileSync(script, "INSERT INTO pgbench_inserts (client_id, body) VALUES (1, 'bench: a customer message of an ordinary length');\n")
  const result = spawnSync(join(pgBin(), "pgbench"), ["-n", "-T", "10", "-c", "8", "-j", "2", "-f", script, url], { encoding: "utf8" })
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1]
  if (!tps) throw new Error(`pgbench: ${result.stderr || result.stdout}`)
  return Number(tps)
}

const run = async () => {
  console.log("Starting PostgreSQL (the demo world seeded once, a copy per cluster)...")
  const postgres = await startPostgres({ statements: values.statements })
  try {
    await measure(postgres)
  } finally {
    await postgres.stop()
  }
}

const measure = async (postgres: PostgresCluster) => {
  const databaseUrl = await postgres.createDatabase()
  await staffTenant(databaseUrl, AGENTS)
  // One address logs every agent in: the per-address credential limit is for the public, not for this run.
  process.env.CREDENTIAL_RATE_PER_MINUTE ??= String(AGENTS + 100)
  const profiles = join(dir, "profiles")
  if (values.profile) {
    rmSync(profiles, { recursive: true, force: true })
    mkdirSync(profiles, { recursive: true })
  }
  const nodeArgs = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`] : []
  const cluster = await startCluster({ nodes: NODES, port: 0, dir, databaseUrl, nodeArgs })
  let live: Awaited<ReturnType<typeof loadLive>>
  let ratio: { many: number; one: number } | null = null
  try {
    await saveRingAtOnce(cluster.url)
    await warmUp(cluster)
    live = await loadLive(cluster)
  } finally {
    await cluster.stop()
  }
  // A node writes its profile when it exits (the killed one leaves none), one per thread: the main thread's is thread 0
  // (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile; the others are tsx's loader).
  if (values.profile)
    for (const file of readdirSync(profiles).filter((f) => f.split(".")[4] === "0"))
      printSelfTime(`Node process ${file.split(".")[3]}`, JSON.parse(readFileSync(join(profiles, file), "utf8")), 25)
  if (!values["no-ratio"]) {
    for (const nodes of [NODES, 1]) {
      const c = await startCluster({ nodes, port: 0, dir: `${dir}-${nodes}`, log: () => {}, databaseUrl: await postgres.createDatabase() })
      try {
        const rps = await throughput(c.url, await loginAs(c.url, "agent1"))
        ratio = ratio === null ? { many: rps, one: 0 } : { many: ratio.many, one: rps }
      } finally {
        await c.stop()
      }
    }
  }
  const inserts = await pgbenchInserts(postgres)
  const components = Object.keys(live.cpuSeconds).join(" / ")
  const totalCpu = Object.values(live.cpuSeconds).reduce((a, b) => a + b, 0)
  const perStored = Object.values(live.cpuSeconds).map((seconds) => (seconds * 1000) / Math.max(1, live.messages.acked))
  const rows: [string, string][] = [
    ["agents connected (via HAProxy)", `${live.connected} / ${AGENTS}`],
    [
      "messages sent / acknowledged / refused busy (503) / failed",
      `${live.messages.sent} / ${live.messages.acked} / ${live.messages.shed} / ${live.messages.failed} in ${live.sendSeconds.toFixed(1)} s`,
    ],
    ["delivered to socket p50 / p99 (ms)", `${pct(live.latencies, 50)} / ${pct(live.latencies, 99)} (${live.latencies.length} deliveries)`],
    ["acknowledged messages lost", String(live.lost)],
    ["not heard live: holder's socket was reconnecting", String(live.missedWhileDown)],
    ["duplicates (stored twice / seen twice by a socket)", `${live.dupRows} / ${live.dupSeen}`],
    ["an event again with its seq (the console drops it)", String(live.repeats)],
    [
      "calls posted / acknowledged / refused busy (503) / rung on a socket",
      `${live.calls.sent} / ${live.calls.acked} / ${live.calls.shed} / ${live.rung}`,
    ],
    [
      `call cards / removals the sockets received (ring at once: ${RING_AT_ONCE || "everyone"})`,
      `${live.frames.rings} / ${live.frames.removals}`,
    ],
    [
      `calls accepted (share ${ACCEPT_SHARE}): answered / offered`,
      `${live.accepts.latencies.length} / ${live.accepts.offered} (lost to another: ${live.accepts.removed}; no agent free: ${live.accepts.noIdle})`,
    ],
    ["accept: call-is-coming to browser-answer p50 / p99 (ms)", `${pct(live.accepts.latencies, 50)} / ${pct(live.accepts.latencies, 99)}`],
    [
      "ringing at the kill, answered after it (p50 / max ms after)",
      live.killed
        ? `${live.accepts.afterKill.length} / ${live.accepts.ringingAtKill} (${pct(live.accepts.afterKill, 50)} / ${live.accepts.afterKill.at(-1) ?? Number.NaN})`
        : "no kill",
    ],
    [
      `reconnect after kill -9 of ${NODES > 1 ? "n1" : "-"}: count, p50 / p99 (ms)`,
      live.killed
        ? `${live.reconnects.length}, ${pct(live.reconnects, 50)} / ${pct(live.reconnects, 99)}; still down ${live.stillDown}`
        : "no kill",
    ],
    [
      `API throughput ${NODES} nodes / 1 node (req/s)`,
      ratio ? `${ratio.many.toFixed(0)} / ${ratio.one.toFixed(0)} = ${(ratio.many / ratio.one).toFixed(2)}x` : "skipped",
    ],
    [
      `CPU s in the live phase (${live.liveSeconds.toFixed(0)} s): ${components}`,
      `${Object.values(live.cpuSeconds)
        .map((seconds) => seconds.toFixed(1))
        .join(" / ")}; ${totalCpu.toFixed(1)} of ${(live.liveSeconds * cpus().length).toFixed(0)} (${cpus().length} cores)`,
    ],
    [`CPU ms per stored message, calls' work included: ${components}`, perStored.map((ms) => ms.toFixed(1)).join(" / ")],
    [
      `computed: stored messages a second one core of each carries: ${components}`,
      perStored.map((ms) => (1000 / ms).toFixed(0)).join(" / "),
    ],
    ["pgbench on this PostgreSQL: single-row INSERTs a second (8 clients)", inserts.toFixed(0)],
    ["the bench client's event-loop delay p50 / p99 (ms)", `${live.lag.p50.toFixed(0)} / ${live.lag.p99.toFixed(0)}`],
    ["load average (after the live phase / at the end)", `${live.loadAfter} / ${load()}`],
  ]
  console.log(`\nbench:cluster — ${NODES} nodes, ${AGENTS} agents, ${RATE} msg/s, ${CALL_RATE} calls/s, ${SECONDS} s, kill at ${KILL_AT} s`)
  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`| ${"measure".padEnd(width)} | result |`)
  console.log(`|${"-".repeat(width + 2)}|--------|`)
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`)
}

// Bounded: the whole run may take at most this long.
const limit = setTimeout(
  () => {
    console.error("bench:cluster: over its time limit, stopping")
    process.exit(1)
  },
  (SECONDS + 600) * 1000,
)
limit.unref()
await run()
process.exit(0)
