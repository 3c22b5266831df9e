/**
 * `npm run profile:inbound [-- --messages 1000 --at-once 10 --agents 1000 --by-calls]`: where PostgreSQL spends a customer's
 * message. One server on a private PostgreSQL with pg_stat_statements (statements inside functions and triggers
 * counted too), tenant one staffed as in bench:cluster (scripts/bench-tenant.ts: online agents, auto-assign on),
 * `messages` customers' messages through the simulator, `at-once` in flight, over 300 customers. Prints the rate and
 * the statements by total execution time; "T" marks a statement the server sent, "-" one run inside another.
 */
import { parseArgs } from "node:util"
import { customerWrites } from "../server/testing/harness"
import { startPostgres, startTestServer } from "../server/testing/test-server"
import { customerNumber, staffTenant } from "./bench-tenant"
import { printTopStatements, resetStatements, statementTotals } from "./bench/statements"

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "1000" },
    "at-once": { type: "string", default: "10" },
    agents: { type: "string", default: "1000" },
    "by-calls": { type: "boolean", default: false },
  },
})
const MESSAGES = Number(values.messages)
const AT_ONCE = Number(values["at-once"])

const postgres = await startPostgres({ statements: true })
const databaseUrl = await postgres.createDatabase()
await staffTenant(databaseUrl, Number(values.agents))
const server = await startTestServer({ databaseUrl })
const query = (text: string) => server.services.database.query(text)
try {
  const write = async (i: number, text: string) => {
    const reply = await customerWrites(server, customerNumber(i, 300), { text })
    if (reply.status !== 200) throw new Error(`message ${i}: ${reply.status} ${JSON.stringify(reply.body)}`)
  }
  // Warm: plans cached, the first conversations open.
  for (let i = 0; i < 50; i++) await write(i, `warm ${i}`)
  await resetStatements(query)
  let next = 0
  const started = Date.now()
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < MESSAGES) {
        const i = next++
        await write(i, `profile ${i}`)
      }
    }),
  )
  const ms = Date.now() - started
  console.log(`${MESSAGES} messages, ${AT_ONCE} at once: ${ms} ms, ${((MESSAGES / ms) * 1000).toFixed(0)} messages/s`)
  const total = await statementTotals(query)
  console.log(
    `per message: ${(total.statements / MESSAGES).toFixed(2)} statements, ${(total.ms / MESSAGES).toFixed(2)} ms executing (${(total.jitMs / MESSAGES).toFixed(2)} ms of it compiling JIT), ${(total.planMs / MESSAGES).toFixed(2)} ms planning\n`,
  )
  await printTopStatements(query, 25)
  if (values["by-calls"]) {
    // Every statement the server sent, by how often a message sends it: where the count per message comes from.
    console.log("\nper message  statement (sent by the server)")
    const sent = await query(`SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS text
      FROM pg_stat_statements WHERE toplevel ORDER BY calls DESC, query`)
    for (const r of sent.rows) console.log(`${(Number(r.calls) / MESSAGES).toFixed(2).padStart(11)}  ${r.text}`)
  }
} finally {
  await server.stop()
  await postgres.stop()
}
process.exit(0)
