/**
 * The hour roll-ups (0060_rollup_hours) against the slot roll-ups they sum, on both databases: after random
 * conversations, messages, surveys and calls at random minutes (so slots fall on both sides of hour bounds), then
 * random call status changes, call and message deletions and conversation closings, every hour row of every table
 * holds exactly the sums of its four slots (all tenants, the demo world included). The figures read from them are
 * compared with a naive count in metrics.test.ts (a tenant in a whole-hour zone reads the hours). The conversation and
 * message counters are compared as readers read them, with the deltas not yet flushed (0067_rollup_deltas).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, useServer } from "../../testing/harness"
import type { Database } from "../../db/db"
import { demoTenant, logArb, writeLog } from "./metrics.testing"
import { activityArb, writeActivity } from "./metrics-figures.testing"

const TABLES = [
  {
    slots: "conversation_rollups_now",
    hours: "conversation_rollup_hours_now",
    keys: ["channel"],
    sums: [
      "started",
      "closed",
      "abandoned",
      "answered",
      "answered_within",
      "frt_sum",
      "handled",
      "aht_sum",
      "resolution_sum",
      "agent_messages",
    ],
  },
  { slots: "message_rollups_now", hours: "message_rollup_hours_now", keys: ["channel", "direction", "status"], sums: ["messages"] },
  { slots: "call_rollups", hours: "call_rollup_hours", keys: ["call_type", "status"], sums: ["calls", "duration_sum"] },
] as const

/** The (client, hour, keys) whose hour rows differ from their slots' sums, with both sides. */
const mismatches = async (database: Database) => {
  const found: unknown[] = []
  for (const t of TABLES) {
    const keys = ["client_id", "slot", ...t.keys].join(", ")
    const sums = t.sums.map((s) => `sum(${s})::float8 AS ${s}`).join(", ")
    const differs = t.sums.map((s) => `abs(coalesce(h.${s}, 0) - coalesce(s.${s}, 0)) > 1e-6 * (1 + abs(coalesce(s.${s}, 0)))`).join(" OR ")
    const { rows } = await database.query(
      `WITH h AS (SELECT ${keys}, ${sums} FROM ${t.hours} GROUP BY ${keys}),
        s AS (SELECT ${keys}, ${sums} FROM (SELECT ${keys.replace("slot", "rollup_hour(slot) AS slot")}, ${t.sums.join(", ")} FROM ${t.slots}) x GROUP BY ${keys})
      SELECT '${t.hours}' AS tbl, to_json(h) AS hour_row, to_json(s) AS slot_sums FROM h FULL JOIN s USING (${keys}) WHERE ${differs}`,
    )
    found.push(...rows)
  }
  return found
}

const changesArb = fc.record({
  recall: fc.array(fc.record({ pick: fc.nat(), status: fc.constantFrom("COMPLETED", "MISSED", "REJECTED", "FAILED") }), { maxLength: 4 }),
  dropCalls: fc.array(fc.nat(), { maxLength: 3 }),
  dropMessages: fc.array(fc.nat(), { maxLength: 4 }),
  close: fc.array(fc.record({ pick: fc.nat(), afterMinutes: fc.integer({ min: 1, max: 200 }) }), { maxLength: 3 }),
})

describe.each(DB_KINDS)("hour roll-ups on %s", (kind) => {
  const ctx = useServer(kind)

  it("hold their slots' sums after random writes, updates and deletes", async () => {
    const database = ctx.server.services.database
    const { clientId, agents } = await demoTenant(database)
    expect(await mismatches(database)).toEqual([])
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, activityArb, changesArb, fc.integer({ min: 0, max: 59 }), async (log, activity, changes, minute) => {
        run++
        const tag = `${kind === "pglite" ? 1 : 2}${run}h`
        const window = Date.parse(`${2050 + run}-03-10T00:00:00Z`) + minute * 60_000
        const placed = await writeLog(database, clientId, agents, window, log, tag)
        await writeActivity(database, clientId, agents, window, { ...activity, groups: [], money: [] }, tag)
        const calls = (await database.query("SELECT id FROM call_records WHERE call_id LIKE $1 ORDER BY id", [`fig-${tag}-%`])).rows
        for (const r of changes.recall)
          if (calls.length > 0)
            await database.query("UPDATE call_records SET status = $1 WHERE id = $2", [r.status, calls[r.pick % calls.length].id])
        for (const pick of changes.dropCalls)
          if (calls.length > 0) await database.query("DELETE FROM call_records WHERE id = $1", [calls[pick % calls.length].id])
        const ids = placed.map((p) => p.id)
        const messages = (await database.query("SELECT id FROM messages WHERE conversation_id = ANY($1::int[]) ORDER BY id", [ids])).rows
        for (const pick of changes.dropMessages)
          if (messages.length > 0) await database.query("DELETE FROM messages WHERE id = $1", [messages[pick % messages.length].id])
        for (const c of changes.close) {
          const p = placed[c.pick % placed.length]
          await database.query(
            "UPDATE conversations SET status = 'closed', closed_at = started_at + $1 * interval '1 minute' WHERE id = $2",
            [c.afterMinutes, p.id],
          )
        }
        expect(await mismatches(database)).toEqual([])
      }),
      { numRuns: 8 },
    )
  })
})
