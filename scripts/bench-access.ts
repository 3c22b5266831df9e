/**
 * `npm run bench:access [-- --runs 2000]`
 *
 * What the IP whitelist and the revoked-token check add to a tenant call (server/auth/ip-rules.ts, server/auth/revoked.ts).
 * A seeded test server on PGlite, in this process. Tenant one gets 200 whitelist ranges (IPv4 and IPv6, 127.0.0.0/8
 * last) and 1,000 revoked tokens; then, each `--runs` times after a warm-up:
 *  1. the checks alone, as the pipeline runs them: `guardTenantIp` (the cached rules, matched with ipaddr.js), and the
 *     API key's own query with and without the revoked-token EXISTS (interleaved, so both see the same load);
 *  2. a whole API-key call over HTTP (`GET /authenticate`), with those lists, and with both lists empty.
 * Prints median and p99 of each. The bar: the checks add at most 1 ms at p99.
 */
import { parseArgs } from "node:util"
import { sql } from "drizzle-orm"
import { guardTenantIp } from "../server/auth/ip-rules"
import { revokedSql, tokenHash } from "../server/auth/revoked"
import { apiKeyOwnerSql, issueApiKey } from "../server/auth/api-keys"
import { callOf, send } from "../server/testing/harness"
import { startTestServer } from "../server/testing/test-server"

const { values } = parseArgs({ options: { runs: { type: "string", default: "2000" } } })
const runs = Number(values.runs)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const report = (label: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  console.log(`${label.padEnd(70)} median ${percentile(sorted, 50).toFixed(3)} ms  p99 ${percentile(sorted, 99).toFixed(3)} ms`)
  return percentile(sorted, 99)
}
const time = async (fn: () => Promise<unknown>) => {
  for (let i = 0; i < Math.min(200, runs); i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return samples
}

const server = await startTestServer()
try {
  const db = server.services.database.db
  const key = await issueApiKey(db, 1)
  const authenticate = callOf("auth", "authenticate")
  const call = () => send(server.url, authenticate, {}, { "x-api-key": key })

  const empty = await time(call)
  await db.execute(sql`INSERT INTO ip_whitelist (client_id, ip)
    SELECT 1, CASE WHEN n % 2 = 0 THEN '10.' || (n % 250) || '.' || (n / 250) || '.0/24' ELSE '2001:db8:' || to_hex(n) || '::/48' END
    FROM generate_series(1, 199) n`)
  await db.execute(sql`INSERT INTO ip_whitelist (client_id, ip) VALUES (1, '127.0.0.0/8')`)
  const fakes = Array.from({ length: 1000 }, (_, i) => tokenHash(`revoked-token-${i}-${Math.random()}`))
  for (const hash of fakes) await db.execute(sql`INSERT INTO blacklisted_tokens (client_id, token, hint) VALUES (1, ${hash}, 'bench')`)
  await new Promise((resolve) => setTimeout(resolve, 600)) // the old cached rules expire

  console.log(`PGlite, ${runs} runs each after a warm-up; tenant one with 200 whitelist ranges and 1,000 revoked tokens`)
  const ipCheck = report(
    "IP whitelist check (guardTenantIp: cached rules, ipaddr.js match)",
    await time(() => guardTenantIp(db, 1, "127.0.0.1", "apiKey")),
  )
  // The revoked-token test rides in the credential's own query (no extra round trip): the API key's query with and
  // without it, interleaved so both see the same machine load; the difference is what the check adds.
  const plain = sql`select c.id, c.status from clients c where ${apiKeyOwnerSql(key)} limit 1`
  const checked = sql`select c.id, c.status, ${revokedSql(key, sql`c.id`)} as revoked from clients c where ${apiKeyOwnerSql(key)} limit 1`
  const without: number[] = []
  const withCheck: number[] = []
  for (let i = 0; i < runs + 200; i++) {
    for (const [query, into] of i % 2 === 0
      ? ([
          [plain, without],
          [checked, withCheck],
        ] as const)
      : ([
          [checked, withCheck],
          [plain, without],
        ] as const)) {
      const started = performance.now()
      await db.execute(query)
      if (i >= 200) into.push(performance.now() - started)
    }
  }
  const p99Without = report("API key query without the revoked-token test", without)
  const p99With = report("API key query with it (EXISTS on blacklisted_tokens by hash)", withCheck)
  const medianOf = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    )
  const revoked = Math.max(0, p99With - p99Without)
  console.log(
    `${"revoked-token test, added".padEnd(70)} median ${(medianOf(withCheck) - medianOf(without)).toFixed(3)} ms  p99 ${(p99With - p99Without).toFixed(3)} ms`,
  )
  const withLists = await time(call)
  report("GET /authenticate with x-api-key, lists empty", empty)
  report("GET /authenticate with x-api-key, 200 ranges + 1,000 revoked tokens", withLists)
  console.log(
    `checks' added cost at p99 (IP check + revoked-token test): ${(ipCheck + revoked).toFixed(3)} ms (bar 1 ms): ${ipCheck + revoked <= 1 ? "met" : "NOT met"}`,
  )
} finally {
  await server.stop()
}
