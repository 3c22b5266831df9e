/**
 * `npm run bench:locations`: the nearest-branch query (server/features/locations/nearest.ts, the one the shared-location
 * answer, `/search/client/location` and the chatbots call) over BRANCHES (default 100,000) branches of one tenant, on
 * PGlite and then on PostgreSQL. The branches are spread at random over Turkey's extent (36–42° N, 26–45° E) with
 * a tenth of them around the world; QUERIES (default 1,000) random points in the same extent ask for the nearest 5,
 * then the nearest 3 open now (hours on every other branch). Prints the median and p95 of each (bar p95 <= 20 ms, goal
 * <= 5 ms). `--only pglite|postgres` runs one database.
 */
import { sql } from "drizzle-orm"
import { nearestBranches } from "../server/features/locations"
import { startPostgres, startTestServer } from "../server/testing/test-server"

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : fallback
}
const BRANCHES = Number(arg("branches", "100000"))
const QUERIES = Number(arg("queries", "1000"))
const only = arg("only", "")

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const ms = (n: number) => `${n.toFixed(2)} ms`

/** A small deterministic generator, so both databases answer the same questions. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}

const run = async (kind: "pglite" | "postgres") => {
  const cluster = kind === "postgres" ? await startPostgres() : null
  const server = await startTestServer({ postgres: cluster ?? undefined })
  try {
    const db = server.services.database.db
    const started = performance.now()
    await db.execute(sql`SELECT setseed(0.19)`)
    await db.execute(sql`INSERT INTO client_locations (client_id, name, address, latitude, longitude, opening_hours)
      SELECT 1, 'Bench branch ' || g, 'Street ' || g,
        CASE WHEN g % 10 = 0 THEN random() * 140 - 70 ELSE 36 + random() * 6 END,
        CASE WHEN g % 10 = 0 THEN random() * 360 - 180 ELSE 26 + random() * 19 END,
        CASE WHEN g % 2 = 0 THEN 'Mon-Fri 09:00-18:00; Sat 10:00-14:00' END
      FROM generate_series(1, ${BRANCHES}) AS g`)
    await db.execute(sql`ANALYZE client_locations`)
    console.log(`${kind}: ${BRANCHES.toLocaleString("en")} branches written in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const next = rng(19)
    const points = Array.from({ length: QUERIES }, () => ({ lat: 36 + next() * 6, lng: 26 + next() * 19 }))
    const measure = async (label: string, n: number, openOnly: boolean) => {
      for (const p of points.slice(0, 50)) await nearestBranches(db, 1, p.lat, p.lng, n, { openOnly })
      const times: number[] = []
      let found = 0
      for (const p of points) {
        const t = performance.now()
        found += (await nearestBranches(db, 1, p.lat, p.lng, n, { openOnly })).length
        times.push(performance.now() - t)
      }
      const p95 = quantile(times, 0.95)
      console.log(
        `  ${label}: median ${ms(quantile(times, 0.5))}, p95 ${ms(p95)} over ${QUERIES} queries (${(found / QUERIES).toFixed(1)} found each); ` +
          `bar p95 <= 20 ms ${p95 <= 20 ? "met" : "NOT met"}, goal <= 5 ms ${p95 <= 5 ? "met" : "not met"}`,
      )
    }
    await measure("nearest 5", 5, false)
    await measure("nearest 3 open now", 3, true)
  } finally {
    await server.stop()
    await cluster?.stop()
  }
}

for (const kind of ["pglite", "postgres"] as const) if (only === "" || only === kind) await run(kind)
