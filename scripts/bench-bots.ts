/**
 * `npm run bench:bots [-- --conversations 1000 --parallel 20 --postgres]`: chatbot answers through the real pipeline.
 *
 * A tenant bot with a 6-node flow (menu → name question → e-mail question → condition → tag action → hand-off) is
 * walked by `--conversations` simulated customers, `--parallel` at a time. Each customer message goes in through the
 * simulator's inbound webhook (POST /dev/simulator/messages: stored, a `chatbot.turn` job enqueued in the same
 * transaction, the job runner woken after the commit) and is timed until the bot's reply is handed to the channel.
 * Reported: p50 / p95 / p99 / max of that latency over all messages, and the replies counted (one per message).
 */
import { rmSync } from "node:fs"
import { parseArgs } from "node:util"
import type { BotFlow } from "../src/contract/schemas/chatbots"

const { values } = parseArgs({
  options: {
    conversations: { type: "string", default: "1000" },
    parallel: { type: "string", default: "20" },
    data: { type: "string", default: ".tmp/bench-bots-db" },
    postgres: { type: "boolean", default: false },
  },
})
const CONVERSATIONS = Number(values.conversations)
const PARALLEL = Number(values.parallel)

const flow: BotFlow = {
  start: "menu",
  nodes: [
    {
      id: "menu",
      kind: "message",
      text: "Hello! Order or talk to us?",
      style: "buttons",
      choices: [
        { title: "Order", next: "name" },
        { title: "Agent", next: "done" },
      ],
    },
    { id: "name", kind: "question", text: "Your name?", attribute: "name", validation: "text", next: "email" },
    { id: "email", kind: "question", text: "Your e-mail?", attribute: "email", validation: "email", next: "known" },
    { id: "known", kind: "condition", test: { on: "attribute", attribute: "email", op: "present" }, yes: "tag", no: "done" },
    { id: "tag", kind: "action", action: { do: "tag", tag: "bench-lead" }, next: "done" },
    { id: "done", kind: "handoff", text: "Thanks, an agent takes it from here" },
  ],
}
const walk = ["menu please", "Order", "Ana", "ana@example.com"]

const { startServer } = await import("../server/app")
const { chatHubOf } = await import("../server/features/chat/chat-hub")
const cluster = values.postgres ? await (await import("../server/testing/test-server")).startPostgres() : null
const databaseUrl = cluster ? await cluster.createDatabase() : null
if (!cluster) rmSync(values.data, { recursive: true, force: true })
const server = await startServer({ port: 0, ...(databaseUrl ? { databaseUrl } : { dataDir: values.data }) })
const base = server.url
const db = server.services.database
await db.query(
  `INSERT INTO autoreplies (client_id, name, trigger, trigger_rule, channel, flow) VALUES (1, 'Bench bot', 'keyword', $1::jsonb, 'whatsapp', $2::jsonb)`,
  [JSON.stringify({ type: "keyword", match: "contains", keywords: ["menu"] }), JSON.stringify(flow)],
)

// Every message the channel is handed, by customer number: resolves the waiting customer's timer.
const waiting = new Map<string, () => void>()
let replies = 0
const channel = chatHubOf(server.services).channel
const send = channel.send
;(channel as { send: typeof send }).send = async (message) => {
  const answer = await send(message)
  replies++
  const done = waiting.get(message.number)
  waiting.delete(message.number)
  done?.()
  return answer
}

const latencies: number[] = []
/** The inbound webhook's own answer time (message stored, job enqueued, committed). */
const stored: number[] = []
const customer = async (n: number) => {
  const number = `+90555${String(n).padStart(7, "0")}`
  for (const text of walk) {
    const replied = new Promise<void>((resolve) => waiting.set(number, resolve))
    const started = performance.now()
    const response = await fetch(`${base}/dev/simulator/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-key": server.services.config.devKey },
      body: JSON.stringify({ clientId: 1, channel: "whatsapp", number, text }),
    })
    if (!response.ok) throw new Error(`inbound ${response.status}: ${await response.text()}`)
    stored.push(performance.now() - started)
    await Promise.race([replied, new Promise((_, reject) => setTimeout(() => reject(new Error(`no reply to ${number}: ${text}`)), 10_000))])
    latencies.push(performance.now() - started)
  }
}

const began = performance.now()
let next = 0
let unfinished = 0
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < CONVERSATIONS) await customer(next++).catch(() => unfinished++)
  }),
)
const seconds = (performance.now() - began) / 1000
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
const [tagged] = (
  await db.query(`SELECT count(*)::int AS n FROM contact_tags x JOIN tags t ON t.id = x.tag_id WHERE t.name = 'bench-lead'`, [])
).rows as { n: number }[]
// Turns that failed at least once, by their last error (a retried turn keeps its error only while queued or failed).
const failures = (
  await db.query(
    `SELECT kind, left(coalesce(last_error, ''), 160) AS error, count(*)::int AS n FROM jobs
    WHERE kind LIKE 'chatbot.%' AND (last_error IS NOT NULL OR attempts > 1) GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
    [],
  )
).rows
console.log(
  JSON.stringify({
    database: cluster ? "postgres" : "pglite",
    conversations: CONVERSATIONS,
    parallel: PARALLEL,
    messages: latencies.length,
    replies,
    unfinished_walks: unfinished,
    failed_turns: failures,
    handed_off_and_tagged: Number(tagged.n),
    seconds: Number(seconds.toFixed(1)),
    inbound_p50_ms: Number(stored.sort((a, b) => a - b)[Math.floor(stored.length / 2)].toFixed(1)),
    p50_ms: Number(at(0.5)),
    p95_ms: Number(at(0.95)),
    p99_ms: Number(at(0.99)),
    max_ms: Number(latencies.at(-1)!.toFixed(1)),
  }),
)
await server.stop()
await cluster?.stop()
