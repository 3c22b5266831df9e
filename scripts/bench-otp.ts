/**
 * `npm run bench:otp`: the latency of `/auth/verify-otp` through the HTTP API, one request at a time, over VERIFIES
 * (default 2,000) live login codes of agent1 (enrolled over the API; the codes are written as `/auth/send-otp` writes
 * them: digest under the server's key, sealed copy, expiry): first one wrong answer per code (a counted try), then the
 * right one (which starts agent1's session, as a login does), each code from an address of its own (through a trusted
 * proxy's X-Forwarded-For: one address's wrong codes are capped). Prints the median and p99 of each. `--postgres` runs on
 * PostgreSQL instead of PGlite.
 */
import { sql } from "drizzle-orm"
import { codeDigest, newCode, newCodeKey } from "../server/features/otp"
import { seal } from "../server/features/sms"
import { rowsOf } from "../server/db/rows"
import { as, callOf, login, send } from "../server/testing/harness"
import { startPostgres, startTestServer } from "../server/testing/test-server"

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}
const VERIFIES = arg("verifies", 2_000)
const onPostgres = process.argv.includes("--postgres")

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const ms = (n: number) => `${n.toFixed(2)} ms`

const cluster = onPostgres ? await startPostgres() : null
const server = await startTestServer({
  postgres: cluster ?? undefined,
  config: { credentialRatePerMinute: 1_000_000_000, trustProxy: ["127.0.0.0/8"] },
})
try {
  const admin = as((await login(server.url, "admin")).user_token)
  const agentId = (await login(server.url, "agent1")).user_data.id
  const enrolled = await send(server.url, callOf("otp", "usersOtpById"), { id: agentId, number: "+905550001234" }, admin)
  if (enrolled.status !== 200) throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.body)}`)
  const otpUserId = enrolled.body.data.id as number
  const db = server.services.database.db
  const secret = server.services.config.jwtSecret
  const codes: { id: number; key: string; code: string }[] = []
  const expires = new Date(Date.now() + 3_600_000).toISOString()
  for (let i = 0; i < VERIFIES; i++) {
    const [{ id }] = rowsOf(await db.execute(sql`SELECT nextval(pg_get_serial_sequence('otp_logs', 'id'))::int AS id`))
    const code = newCode()
    const key = newCodeKey()
    await db.execute(sql`INSERT INTO otp_logs (id, client_id, otp_user_id, username, number, otp_code, expires_at, code_hmac, code_sealed, max_tries, purpose, channel, public_id)
      VALUES (${id}, 1, ${otpUserId}, 'agent1', '+905550001234', '', ${expires}::timestamptz, ${codeDigest(secret, Number(id), code)},
        ${seal(secret, code)}, 5, 'login', 'sms', ${key})`)
    codes.push({ id: Number(id), key, code })
  }
  const verify = callOf("otp", "authVerifyOtp")
  const timed = async ({ id: otpId, key }: { id: number; key: string }, code: string, expect: number) => {
    const from = { "x-forwarded-for": `10.${(otpId >> 16) & 255}.${(otpId >> 8) & 255}.${otpId & 255}` }
    const started = performance.now()
    const reply = await send(server.url, verify, { otp_key: key, otp_code: code }, from)
    const took = performance.now() - started
    if (reply.status !== expect) throw new Error(`verify ${otpId}: ${reply.status} ${JSON.stringify(reply.body)}`)
    return took
  }
  // Warm-up (JIT, connection, plans), not counted.
  const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000")
  for (const c of codes.slice(0, 20)) await timed(c, wrongOf(c.code), 401)
  const wrong: number[] = []
  for (const c of codes.slice(20)) wrong.push(await timed(c, wrongOf(c.code), 401))
  const right: number[] = []
  for (const c of codes) right.push(await timed(c, c.code, 200))
  const all = [...wrong, ...right]
  console.log(`OTP verify on ${onPostgres ? "PostgreSQL" : "PGlite"}, ${all.length} verifies over HTTP, one at a time:`)
  console.log(`  wrong code (try counted): median ${ms(quantile(wrong, 0.5))}, p99 ${ms(quantile(wrong, 0.99))} (${wrong.length})`)
  console.log(`  right code (session started): median ${ms(quantile(right, 0.5))}, p99 ${ms(quantile(right, 0.99))} (${right.length})`)
  console.log(
    `  all: median ${ms(quantile(all, 0.5))}, p99 ${ms(quantile(all, 0.99))}; bar p99 <= 20 ms: ${quantile(all, 0.99) <= 20 ? "met" : "NOT met"}`,
  )
} finally {
  await server.stop()
  await cluster?.stop()
}
