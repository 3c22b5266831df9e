/**
 * The message counters kept from deltas (0067_rollup_deltas), on both databases: after random conversations and
 * messages (testers among them, so a rebuild runs), random status changes and deletions, what the readers read (the
 * `_now` views) equals a naive count of the raw rows before the flush and after it; the flush leaves no delta behind,
 * and the counters alone then hold every figure. The conversation counters (compared with a naive count in
 * metrics.test.ts) hold after the flush what their views read before it. Monthly active users: the counter agrees with its list, and the list
 * holds every customer who wrote in the month (a deleted message keeps its writer counted), with the first and last
 * seen the flush then writes. /monthly/users pages the month's list in its order (the last message first) with
 * messages flushed and not. Each conversation's first inbound message and first reply, kept on its row, are its
 * messages' own, after the deletions too.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Database } from "../../db/db"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { demoTenant, logArb, writeLog } from "./metrics.testing"
import { flushRollups } from "./rollup-flush"

const rowsOf = async (database: Database, text: string, params: unknown[] = []) => (await database.query(text, params)).rows

/** The tenant's message counts by key, from the raw rows: not test conversations' messages. */
const naiveMessages = (database: Database, clientId: number) =>
  rowsOf(
    database,
    `SELECT dash_slot(m.dt) AS slot, c.channel, m.direction, m.status, count(*)::int AS n FROM messages m
       JOIN conversations c ON c.id = m.conversation_id WHERE m.client_id = $1 AND NOT c.is_test
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    [clientId],
  )

/** The same keys summed from `table` (a counter table or its `_now` view), keys summing to 0 left out. */
const counted = (database: Database, clientId: number, table: string) =>
  rowsOf(
    database,
    `SELECT slot, channel, direction, status, sum(messages)::int AS n FROM ${table} WHERE client_id = $1
     GROUP BY 1, 2, 3, 4 HAVING sum(messages) <> 0 ORDER BY 1, 2, 3, 4`,
    [clientId],
  )

/** Months and customers who wrote in them, from the raw rows (the tenant's zone). */
const naiveWriters = (database: Database, clientId: number) =>
  rowsOf(
    database,
    `SELECT DISTINCT date_trunc('month', m.dt AT TIME ZONE tenant_zone($1))::date::text AS month, c.contact_id FROM messages m
       JOIN conversations c ON c.id = m.conversation_id WHERE m.client_id = $1 AND m.direction = 'in' AND NOT c.is_test`,
    [clientId],
  )

const listed = async (database: Database, clientId: number, table: string) =>
  new Set(
    (await rowsOf(database, `SELECT month::text AS month, contact_id FROM ${table} WHERE client_id = $1`, [clientId])).map(
      (r) => `${r.month}:${r.contact_id}`,
    ),
  )

/** The month list's rows with their first and last seen. */
const monthRows = (database: Database, clientId: number, table: string) =>
  rowsOf(
    database,
    `SELECT month::text AS month, contact_id, first_seen::text AS first_seen, last_seen::text AS last_seen FROM ${table}
     WHERE client_id = $1 ORDER BY 1, 2`,
    [clientId],
  )

/** MAU by month as the counter says and as its list counts. */
const mau = (database: Database, clientId: number) =>
  Promise.all([
    rowsOf(
      database,
      "SELECT month::text AS month, sum(users)::int AS n FROM monthly_user_counts_now WHERE client_id = $1 GROUP BY 1 HAVING sum(users) <> 0 ORDER BY 1",
      [clientId],
    ),
    rowsOf(database, "SELECT month::text AS month, count(*)::int AS n FROM contact_months_now WHERE client_id = $1 GROUP BY 1 ORDER BY 1", [
      clientId,
    ]),
  ])

/**
 * Conversations whose first inbound message or first reply (an agent's, at or after that first inbound) as kept on
 * the row differ from their messages' own: none is the answer.
 */
const firstTimesAstray = (database: Database, ids: readonly number[]) =>
  rowsOf(
    database,
    `SELECT id FROM (SELECT c.id, c.first_inbound_at, c.first_response_at,
       (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in') AS naive_in FROM conversations c
       WHERE c.id = ANY($1::int[])) c
     WHERE c.first_inbound_at IS DISTINCT FROM c.naive_in OR c.first_response_at IS DISTINCT FROM (SELECT min(o.dt) FROM messages o
       WHERE o.conversation_id = c.id AND o.direction = 'out' AND o.sender_user_id IS NOT NULL AND o.dt >= c.naive_in)`,
    [ids],
  )

/** A month's list as contact_months_now holds it, in /monthly/users' order: the numbers, the last message first. */
const monthOrder = async (database: Database, clientId: number, month: string) =>
  (
    await rowsOf(
      database,
      `SELECT ct.number FROM contact_months_now cm JOIN contacts ct ON ct.id = cm.contact_id WHERE cm.client_id = $1
       AND cm.month = $2::date ORDER BY cm.last_seen DESC, cm.contact_id`,
      [clientId, `${month}-01`],
    )
  ).map((r) => String(r.number))

const CONVERSATION_SUMS = [
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
]

/** The conversation counters' sums by key from `table`, rounded (a flush adds the float sums in another order). */
const conversationSums = (database: Database, table: string) =>
  rowsOf(
    database,
    `SELECT client_id, slot, channel, agent_id, ${CONVERSATION_SUMS.map((c) => `round(sum(${c})::numeric, 6)::text AS ${c}`).join(", ")}
     FROM ${table} GROUP BY 1, 2, 3, 4
     HAVING (${CONVERSATION_SUMS.map((c) => `round(sum(${c})::numeric, 6)`).join(", ")}) IS DISTINCT FROM (${CONVERSATION_SUMS.map(() => "0").join(", ")})
     ORDER BY 1, 2, 3, 4`,
  )

const changesArb = fc.record({
  restatus: fc.array(fc.record({ pick: fc.nat(), status: fc.constantFrom("delivered", "read", "failed") }), { maxLength: 4 }),
  drop: fc.array(fc.nat(), { maxLength: 3 }),
  flushMidway: fc.boolean(),
  page: fc.record({ limit: fc.integer({ min: 1, max: 4 }), page: fc.integer({ min: 1, max: 4 }) }),
})

describe.each(DB_KINDS)("message counters from deltas on %s", (kind) => {
  const ctx = useServer(kind)

  it("read the same as a naive count before and after the flush, which leaves no delta behind", async () => {
    const database = ctx.server.services.database
    const { clientId, agents } = await demoTenant(database)
    const admin = as((await login(ctx.url, "admin")).user_token)
    let run = 0
    await fc.assert(
      fc.asyncProperty(logArb, changesArb, async (log, changes) => {
        run++
        const tag = `${kind === "pglite" ? 1 : 2}${run}f`
        // Within two quarter hours, so that several conversations and messages share a counter row's deltas.
        const close = log.map((c) => ({ ...c, startMinute: c.startMinute % 30 }))
        const placed = await writeLog(database, clientId, agents, Date.parse(`${2060 + run}-05-20T00:00:00Z`), close, tag)
        if (changes.flushMidway) await database.transaction((tx) => flushRollups(tx))
        const ids = placed.map((p) => p.id)
        const messages = await rowsOf(database, "SELECT id FROM messages WHERE conversation_id = ANY($1::int[]) ORDER BY id", [ids])
        for (const r of changes.restatus)
          if (messages.length > 0)
            await database.query("UPDATE messages SET status = $1 WHERE id = $2", [r.status, messages[r.pick % messages.length].id])
        for (const pick of changes.drop)
          if (messages.length > 0) await database.query("DELETE FROM messages WHERE id = $1", [messages[pick % messages.length].id])

        const naive = await naiveMessages(database, clientId)
        const writers = (await naiveWriters(database, clientId)).map((r) => `${r.month}:${r.contact_id}`)
        const month = `${2060 + run}-05`
        const check = async () => {
          expect(await counted(database, clientId, "message_rollups_now")).toEqual(naive)
          expect(await firstTimesAstray(database, ids)).toEqual([])
          const { limit, page } = changes.page
          const reply = await send(ctx.url, callOf("reports", "monthlyUsers"), { month, limit, page }, admin)
          expect(reply.body.data.items.map((item: { number: string }) => item.number)).toEqual(
            (await monthOrder(database, clientId, month)).slice((page - 1) * limit, page * limit),
          )
          const list = await listed(database, clientId, "contact_months_now")
          expect(writers.filter((w) => !list.has(w))).toEqual([])
          const [counter, counts] = await mau(database, clientId)
          expect(counter).toEqual(counts)
        }
        await check()
        const conversations = await conversationSums(database, "conversation_rollups_now")
        const months = await monthRows(database, clientId, "contact_months_now")
        await database.transaction((tx) => flushRollups(tx, true))
        expect(await rowsOf(database, "SELECT count(*)::int AS n FROM conversation_rollup_deltas")).toEqual([{ n: 0 }])
        expect(await conversationSums(database, "conversation_rollups")).toEqual(conversations)
        expect(await monthRows(database, clientId, "contact_months")).toEqual(months)
        expect(await rowsOf(database, "SELECT count(*)::int AS n FROM message_rollup_deltas")).toEqual([{ n: 0 }])
        expect(await rowsOf(database, "SELECT count(*)::int AS n FROM contact_month_deltas")).toEqual([{ n: 0 }])
        expect(await counted(database, clientId, "message_rollups")).toEqual(naive)
        expect(await listed(database, clientId, "contact_months")).toEqual(await listed(database, clientId, "contact_months_now"))
        await check()
      }),
      { numRuns: 8 },
    )
  })

  it("flush and recount 24,000 hours of messages in one transaction each, as a naive count reads them", async () => {
    const database = ctx.server.services.database
    const { clientId } = await demoTenant(database)
    const [conversation] = await rowsOf(database, "SELECT id FROM conversations WHERE client_id = $1 ORDER BY id LIMIT 1", [clientId])
    // 24,000 hours: each message its own hour row, more than the lock table holds (64 locks a connection).
    await database.query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, status, dt)
       SELECT $1, $2, 'in', 'text', 'received', '2080-01-01T00:00:00Z'::timestamptz + make_interval(hours => h) FROM generate_series(0, 23999) h`,
      [clientId, conversation.id],
    )
    await database.transaction((tx) => flushRollups(tx, true))
    expect(await counted(database, clientId, "message_rollups")).toEqual(await naiveMessages(database, clientId))
    await database.query("SELECT dashboard_rebuild($1)", [clientId])
    await database.transaction((tx) => flushRollups(tx, true))
    expect(await counted(database, clientId, "message_rollups")).toEqual(await naiveMessages(database, clientId))
    const [hours] = await rowsOf(
      database,
      `SELECT count(*)::int AS n FROM (SELECT slot FROM message_rollup_hours WHERE client_id = $1 AND slot >= '2080-01-01'
       GROUP BY slot HAVING sum(messages) <> 0) h`,
      [clientId],
    )
    expect(hours).toEqual({ n: 24000 })
  })
})
