/**
 * The conversation status counters (0062_conversation_status_counts) against a naive count of the rows, on both
 * databases: after random conversations (inserted many per statement), random status moves, closings and removals,
 * every tenant's counters sum to its conversations per status, and the dashboard's "now" boxes equal the naive counts
 * of the chat's own status sets.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import type { Database, Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, useServer } from "../../testing/harness"
import { OPEN_STATUSES, WAITING_STATUSES } from "../chat"
import { demoTenant, logArb, writeLog } from "../reports/metrics.testing"
import { nowOf } from "./dashboard-now"

/** Per tenant and status: the rows counted, and what the counters say, where they differ. */
const mismatches = async (database: Database) =>
  (
    await database.query(`WITH rows AS (SELECT client_id, status, count(*)::int AS n FROM conversations GROUP BY 1, 2),
      counters AS (SELECT client_id, status, sum(conversations)::int AS n FROM conversation_status_counts GROUP BY 1, 2)
    SELECT client_id, status, coalesce(r.n, 0) AS counted, coalesce(c.n, 0) AS kept
    FROM rows r FULL JOIN counters c USING (client_id, status) WHERE coalesce(r.n, 0) <> coalesce(c.n, 0)`)
  ).rows

const naiveNow = async (db: Db, clientId: number) => {
  const rows = rowsOf(await db.execute(sql`SELECT status FROM conversations WHERE client_id = ${clientId}`))
  const count = (statuses: readonly string[]) => rows.filter((r) => statuses.includes(String(r.status))).length
  return { open: count(OPEN_STATUSES), waiting: count(WAITING_STATUSES), unassigned: count(["unassigned"]) }
}

const MOVES = ["unassigned", "active", "ongoing", "closed"] as const

const changesArb = fc.record({
  bulk: fc.array(fc.constantFrom(...MOVES), { maxLength: 5 }),
  moves: fc.array(fc.record({ pick: fc.nat(), to: fc.constantFrom(...MOVES) }), { maxLength: 6 }),
  removals: fc.array(fc.nat(), { maxLength: 3 }),
})

describe.each(DB_KINDS)("conversation status counters on %s", (kind) => {
  const ctx = useServer(kind)

  it("equal the rows per tenant and status after random inserts, moves and removals; the now boxes read them", async () => {
    const database = ctx.server.services.database
    const { clientId, agents } = await demoTenant(database)
    expect(await mismatches(database)).toEqual([])
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, changesArb, async (log, changes) => {
        run++
        const tag = `${kind === "pglite" ? 1 : 2}${run}s`
        const placed = await writeLog(database, clientId, agents, Date.parse(`${2060 + run}-05-10T00:00:00Z`), log, tag)
        // More conversations in one statement, as an import or a seed writes them.
        const bulk = await database.query(
          `WITH c AS (INSERT INTO contacts (client_id, name, number, channel)
             SELECT $1, 'Bulk', '8' || $2 || g, 'whatsapp' FROM generate_series(1, $3::int) g RETURNING id, number)
           INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at)
           SELECT $1, c.id, 'whatsapp', ($4::text[])[right(c.number, length(c.number) - length('8' || $2))::int], now(), now() FROM c
           RETURNING id`,
          [clientId, tag, changes.bulk.length, changes.bulk],
        )
        const ids = [...placed.map((p) => p.id), ...bulk.rows.map((r) => Number(r.id))]
        for (const move of changes.moves) {
          // An open conversation moves anywhere; a closed one is history (the chat never reopens it).
          await database.query("UPDATE conversations SET status = $1 WHERE id = $2 AND status <> 'closed'", [
            move.to,
            ids[move.pick % ids.length],
          ])
        }
        for (const pick of changes.removals) await database.query("DELETE FROM conversations WHERE id = $1", [ids[pick % ids.length]])
        expect(await mismatches(database)).toEqual([])
        // One snapshot for both reads: the server's own jobs may move a conversation meanwhile.
        const [now, naive] = await database.transaction(async (tx) => {
          await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`)
          return [await nowOf(tx, clientId), await naiveNow(tx, clientId)] as const
        })
        expect({ open: now.open, waiting: now.waiting, unassigned: now.unassigned }).toEqual(naive)
      }),
      { numRuns: 8 },
    )
  })
})
