/**
 * `npm run bench:inbox [-- --conversations 100000 --messages 2000000 --runs 200 --data .tmp/bench-inbox-db]`
 *
 * Starts the reference server in a child process over a PGlite data folder holding, for client 1, `--conversations`
 * bulk conversations and about `--messages` messages (seeded once by set-based SQL, kept between runs; one
 * conversation has 5,000 messages), then through the HTTP API and socket.io:
 *  - the first page of the inbox (agentConversations as agent1, agentUnassignedConversations), median and p95;
 *  - opening the 5,000-message conversation (agentGetChat, first page of 50), median and p95;
 *  - for information: the Messages report and the keyword search over the last 7 days (first page of 10);
 *  - a simulated customer's message (POST /dev/simulator/messages) to chat:message on 20 connected agents' sockets,
 *    median and p99 over every (message, socket) pair;
 *  - a simulated customer's message to agent1's screen (built console in Chromium on /apps/chat, 19 more agents on
 *    sockets): to the frame that paints it in the conversation list and in the open thread (scripts/bench-inbox-screen.ts).
 *    The console is served from --dist (default $BENCH_DIST or dist/), built there with vite when it holds no index.html.
 */
import { execFileSync, fork } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { fileURLToPath } from "node:url"
import { io, type Socket } from "socket.io-client"
import { measureScreen } from "./bench-inbox-screen"

const { values } = parseArgs({
  options: {
    conversations: { type: "string", default: "100000" },
    messages: { type: "string", default: "2000000" },
    runs: { type: "string", default: "200" },
    sockets: { type: "string", default: "20" },
    sends: { type: "string", default: "100" },
    data: { type: "string", default: ".tmp/bench-inbox-db" },
    dist: { type: "string", default: process.env.BENCH_DIST ?? "dist" },
    "screen-sends": { type: "string", default: "60" },
    serve: { type: "boolean", default: false },
  },
})

const LONG_CHAT = 5000
const BENCH_AGENTS = Number(values.sockets)
const LABEL = 66

// ---- the server child --------------------------------------------------------------------------------------

if (values.serve) {
  // Its million-row tables want PGlite's large buffers (server/db/db.ts); the figures in docs/benchmarks.md were taken so.
  process.env.PGLITE_SHARED_BUFFERS ??= "1GB"
  const { startServer } = await import("../server/app")
  const { seedChatVolume } = await import("../server/db/seed/chat-volume")
  // Every bench agent signs in from this one address: the sign-in budget per address would refuse the later ones.
  const server = await startServer({
    port: 0,
    dataDir: values.data,
    distDir: values.dist,
    config: { credentialRatePerMinute: 1_000_000_000 },
  })
  const db = server.services.database
  const log = (text: string) => process.send?.({ log: text })
  const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as Record<string, any>
  const agent1 = Number((await one("SELECT id FROM users WHERE username = 'agent1'")).id)
  const agent2 = Number((await one("SELECT id FROM users WHERE username = 'agent2'")).id)
  const admin = Number((await one("SELECT id FROM users WHERE username = 'admin'")).id)
  const { n } = await one("SELECT count(*)::int AS n FROM contacts WHERE client_id = 1 AND number LIKE '+80%'")
  const conversations = Number(values.conversations)
  if (Number(n) === 0) {
    const started = Date.now()
    const perConversation = Math.max(1, Math.round((Number(values.messages) - LONG_CHAT) / conversations))
    await seedChatVolume(db, {
      clientId: 1,
      conversations,
      perConversation,
      longChat: LONG_CHAT,
      agentIds: [agent1, agent2, admin],
      onProgress: (what) => {
        if (/0000 /.test(what)) log(what)
      },
    })
    // Agents for the socket fan-out: distinct users (a second login of one user ends its first session).
    await db.query(`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name)
      SELECT 1, u.role_id, 'bench-agent-' || g, 'bench-agent-' || g || '@acme.example', u.password_hash, 'Bench Agent ' || g
      FROM users u CROSS JOIN generate_series(1, ${BENCH_AGENTS}) g WHERE u.username = 'agent1' ON CONFLICT DO NOTHING`)
    await db.query("VACUUM ANALYZE")
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  const counts = await one(`SELECT (SELECT count(*)::int FROM conversations WHERE client_id = 1) AS conversations,
    (SELECT count(*)::int FROM messages WHERE client_id = 1) AS messages`)
  const long = await one(
    `SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
    WHERE c.client_id = 1 AND ct.number LIKE '+80%' AND c.status = 'ongoing' AND c.assigned_user_id = $1 ORDER BY c.id LIMIT 1`,
    [agent1],
  )
  process.on("message", (message: { type: string }) => {
    if (message.type === "stop") void server.stop().then(() => process.exit(0))
  })
  process.send?.({ type: "ready", url: server.url, devKey: server.services.config.devKey, longId: Number(long.id), ...counts })
} else {
  await main()
}

// ---- the client ---------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(".tmp", { recursive: true })
  if (!existsSync(join(values.dist!, "index.html"))) {
    console.log(`Building the console into ${values.dist} (vite build)...`)
    execFileSync("npx", ["vite", "build", "--outDir", values.dist!, "--emptyOutDir"], {
      stdio: ["ignore", "ignore", "inherit"],
    })
  }
  if (!existsSync(values.data))
    console.log(
      `Creating ${values.data} with ${values.conversations} conversations and ~${values.messages} messages (once; later runs reuse it)...`,
    )
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      "--serve",
      "--data",
      values.data!,
      "--conversations",
      values.conversations!,
      "--messages",
      values.messages!,
      "--sockets",
      values.sockets!,
      "--dist",
      values.dist!,
    ],
    {
      execArgv: ["--import", "tsx"],
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    },
  )
  const ready = await new Promise<any>((resolve) => {
    child.on("message", (message: any) => {
      if (message.log) console.log(`  server: ${message.log}`)
      if (message.type === "ready") resolve(message)
    })
  })
  try {
    await run(ready.url, ready)
  } finally {
    child.send({ type: "stop" })
  }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] }
}
function ms(value: number) {
  return `${value.toFixed(1)} ms`
}

async function run(url: string, info: { devKey: string; longId: number; conversations: number; messages: number }) {
  const login = async (username: string) => {
    const response = await fetch(`${url}/api/auth/user`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: "demo1234" }),
    })
    if (!response.ok) throw new Error(`login ${username}: ${response.status}`)
    return ((await response.json()) as { user_token: string }).user_token
  }
  const token = await login("agent1")
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-token": token },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`)
    return JSON.parse(text) as { data: { items: unknown[]; totalItems: number } }
  }
  const runs = Number(values.runs)
  const time = async (label: string, path: string, body: object) => {
    for (let i = 0; i < 20; i++) await post(path, body)
    const samples: number[] = []
    let total = 0
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      total = (await post(path, body)).data.totalItems
      samples.push(performance.now() - started)
    }
    const s = stats(samples)
    console.log(
      `${label.padEnd(LABEL)} median ${ms(s.median).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}   (totalItems ${total.toLocaleString("en")})`,
    )
    return s
  }

  console.log(
    `\nClient 1 holds ${info.conversations.toLocaleString("en")} conversations and ${info.messages.toLocaleString("en")} messages (PGlite). ${runs} runs per call.`,
  )
  const mine = await time("Inbox first page, agentConversations (limit 20)", "/agent/conversations", {
    page: 1,
    limit: 20,
  })
  const queue = await time("Inbox first page, agentUnassignedConversations (20)", "/agent/unassigned/conversations", {
    page: 1,
    limit: 20,
  })
  const chat = await time(`Open a ${LONG_CHAT.toLocaleString("en")}-message chat, agentGetChat (limit 50)`, "/agent/get/chat", {
    conversation_id: info.longId,
    page: 1,
    limit: 50,
  })
  const week = {
    start_date: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    end_date: new Date().toISOString().slice(0, 10),
  }
  await time("Messages report, fetchListWtMessages (7 days, 10)", "/backend/fetch/list/wt_messages", {
    ...week,
    page: 1,
    limit: 10,
  })
  await time("Keyword search, fetchKeywordMessages (7 days, 10)", "/fetch/keywordMessages", {
    ...week,
    keyword: "arrive",
    page: 1,
    limit: 10,
  })

  // Fan-out: 20 agents connected; a customer writes; time until each socket has the chat:message.
  const sockets: Socket[] = []
  for (let i = 1; i <= BENCH_AGENTS; i++) {
    const userToken = await login(`bench-agent-${i}`)
    sockets.push(
      await new Promise<Socket>((resolve, reject) => {
        const socket = io(url, {
          path: "/rt/socket.io",
          transports: ["websocket"],
          auth: { user_token: userToken },
          reconnection: false,
          forceNew: true,
        })
        socket.once("connect", () => resolve(socket))
        socket.once("connect_error", reject)
      }),
    )
  }
  const sends = Number(values.sends)
  const latencies: number[] = []
  const runTag = Date.now().toString().slice(-6)
  try {
    for (let i = 0; i < sends + 10; i++) {
      const number = `+81${runTag}${String(i % 25).padStart(3, "0")}`
      const text = `bench ${runTag} ${i}`
      const started = performance.now()
      const arrivals = sockets.map(
        (socket) =>
          new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("no chat:message within 5 s")), 5000)
            const on = (p: { message: { body: string } }) => {
              if (p.message.body !== text) return
              clearTimeout(timer)
              socket.off("chat:message", on)
              resolve(performance.now() - started)
            }
            socket.on("chat:message", on)
          }),
      )
      const response = await fetch(`${url}/dev/simulator/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-dev-key": info.devKey },
        body: JSON.stringify({ clientId: 1, channel: "whatsapp", number, text }),
      })
      if (!response.ok) throw new Error(`hook ${response.status}`)
      const times = await Promise.all(arrivals)
      if (i >= 10) latencies.push(...times)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    for (const socket of sockets) socket.close()
  }
  const fan = stats(latencies)
  console.log(
    `${`Customer message -> chat:message on ${BENCH_AGENTS} sockets`.padEnd(LABEL)} median ${ms(fan.median).padStart(9)}  p99 ${ms(fan.p99).padStart(9)}  max ${ms(fan.max).padStart(9)}   (${sends} messages, ${latencies.length} deliveries)`,
  )

  // The same path to a person: the built console in Chromium, with the other agents on sockets.
  const screen = await measureScreen(url, { agents: BENCH_AGENTS, sends: Number(values["screen-sends"]), login, devKey: info.devKey })
  const list = stats(screen.list)
  const thread = stats(screen.thread)
  console.log(
    `${`Customer message -> agent's screen (Chromium, ${BENCH_AGENTS} agents connected)`.padEnd(LABEL)} median ${ms(list.median).padStart(9)}  p99 ${ms(list.p99).padStart(9)}  max ${ms(list.max).padStart(9)}   (${screen.list.length} messages, painted in the conversation list)`,
  )
  console.log(
    `${"  ... painted in the open conversation's thread".padEnd(LABEL)} median ${ms(thread.median).padStart(9)}  p99 ${ms(thread.p99).padStart(9)}  max ${ms(thread.max).padStart(9)}   (${screen.thread.length} messages; other agents' sockets got ${screen.socketsDelivered}/${screen.socketsExpected} chat:message)`,
  )
  const screenP99 = Math.max(list.p99, thread.p99)
  console.log(
    `\nTargets: inbox page p95 < 100 ms: ${Math.max(mine.p95, queue.p95) < 100 ? "met" : "MISSED"}; message-to-agent p99 < 300 ms: ${fan.p99 < 300 ? "met" : "MISSED"} (sockets),` +
      ` ${screenP99 < 300 ? "met" : "MISSED"} (screen) (chat open p95 ${ms(chat.p95)})`,
  )
}
