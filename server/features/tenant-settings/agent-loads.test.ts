/**
 * The held-chat counters auto-assign hands out by (migration 0039 agent_loads, tenant-settings/auto-assign.ts), on both
 * databases: any sequence of conversation changes (opened held or not, assigned, transferred, replied, closed, released,
 * deleted, several rows in one statement, unrelated updates) leaves every user's counter equal to a plain count of the
 * conversations they hold; and many first messages at once with a small cap and a few agents put nobody over the cap,
 * spread the conversations, and leave exactly the ones beyond the capacity waiting, through the simulator and through
 * the hand-out itself in concurrent transactions held open (without the counter row's lock every one of those would
 * take the same least-loaded agent).
 */
import { sql } from "drizzle-orm"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, login, send, useServer } from "../../testing/harness"
import { tenantSettings } from "./settings-store"
import { HELD_STATUSES, statusIn } from "../chat/conversation-status"
import { assignArrival } from "./auto-assign"

const STATUSES = ["unassigned", "active", "ongoing", "closed"] as const
const CAP = 2
const AGENTS = 3

/** A change to one conversation (`c`: an index into the ones opened so far) or to several at once. */
type Op =
  | { readonly t: "open"; readonly status: (typeof STATUSES)[number]; readonly a: number | null }
  | { readonly t: "assign" | "transfer"; readonly c: number; readonly a: number }
  | { readonly t: "reply" | "close" | "release" | "delete" | "touch"; readonly c: number }
  | { readonly t: "many"; readonly status: (typeof STATUSES)[number]; readonly a: number | null; readonly odd: boolean }

const agentIndex = fc.nat({ max: AGENTS - 1 })
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant("open" as const), status: fc.constantFrom(...STATUSES), a: fc.option(agentIndex) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom("assign" as const, "transfer" as const), c: fc.nat(), a: agentIndex }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constantFrom("reply" as const, "close" as const, "release" as const, "delete" as const, "touch" as const),
      c: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("many" as const),
      status: fc.constantFrom(...STATUSES),
      a: fc.option(agentIndex),
      odd: fc.boolean(),
    }),
  },
)

class Rollback extends Error {}

/** `= ANY(...)` over a list of ids (cast `::int[]`) or texts. */
const listOf = (xs: readonly (number | string)[]) => sql`string_to_array(${xs.join(",")}, ',')`

describe.each(DB_KINDS)("agent_loads on %s", (kind) => {
  const ctx = useServer(kind, { jobs: { autoStart: false } })
  const database = () => ctx.server.services.database
  const db = () => database().db
  let numbers = 0

  /** Three new agents of tenant one (agent1's role), the only ones online; no open conversation left in the tenant. */
  const freshAgents = async (tx: Db, tag: string) => {
    await tx.execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'`)
    await tx.execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    return rowsOf(
      await tx.execute(sql`INSERT INTO users (client_id, role_id, username, email, password_hash, display_name, online)
        SELECT 1, (SELECT role_id FROM users WHERE username = 'agent1'), ${tag} || n, ${tag} || n || '@acme.example', 'x', ${tag} || n, true
        FROM generate_series(1, ${AGENTS}) AS n RETURNING id`),
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b)
  }
  /** A new customer's conversation (its own contact, so reopening it never meets the one-open-per-contact rule). */
  const openConversation = async (tx: Db, status: string, agent: number | null) => {
    numbers += 1
    const [contact] = rowsOf(
      await tx.execute(
        sql`INSERT INTO contacts (client_id, channel, number, name) VALUES (1, 'whatsapp', ${`+9055599${String(numbers).padStart(5, "0")}`}, '') RETURNING id`,
      ),
    )
    const [row] = rowsOf(
      await tx.execute(sql`INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id)
        VALUES (1, ${contact.id}, 'whatsapp', ${status}, ${agent}) RETURNING id`),
    )
    return Number(row.id)
  }
  /** Users whose counter differs from a plain count of the conversations they hold. */
  const drift = async (tx: Db) =>
    rowsOf(
      await tx.execute(sql`WITH naive AS (SELECT assigned_user_id AS id, count(*)::int AS n FROM conversations
          WHERE status IN ${statusIn(HELD_STATUSES)} AND assigned_user_id IS NOT NULL GROUP BY 1)
        SELECT u.id, l.held, coalesce(naive.n, 0) AS n FROM users u LEFT JOIN agent_loads l ON l.user_id = u.id LEFT JOIN naive ON naive.id = u.id
        WHERE l.held IS DISTINCT FROM coalesce(naive.n, 0)`),
    )
  const held = async (agents: readonly number[]) =>
    rowsOf(
      await db().execute(sql`SELECT user_id, held FROM agent_loads WHERE user_id = ANY(${listOf(agents)}::int[]) ORDER BY user_id`),
    ).map((r) => Number(r.held))

  it("keeps every user's held count equal to a count of the conversations they hold, whatever the changes", async () => {
    expect(await drift(db())).toEqual([])
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        run += 1
        const done = database().transaction(async (tx) => {
          const agents = await freshAgents(tx, `loads${run}x`)
          const ids: number[] = []
          const pick = (c: number) => ids[c % ids.length]
          for (const o of ops) {
            if (o.t === "open") {
              ids.push(await openConversation(tx, o.status, o.a === null ? null : agents[o.a]))
              continue
            }
            if (ids.length === 0) continue
            if (o.t === "many") {
              const some = ids.filter((_, i) => i % 2 === (o.odd ? 1 : 0))
              if (some.length > 0)
                await tx.execute(sql`UPDATE conversations SET status = ${o.status}, assigned_user_id = ${o.a === null ? null : agents[o.a]}
                  WHERE id = ANY(${listOf(some)}::int[])`)
              continue
            }
            const id = pick(o.c)
            if (o.t === "assign")
              await tx.execute(sql`UPDATE conversations SET status = 'active', assigned_user_id = ${agents[o.a]} WHERE id = ${id}`)
            if (o.t === "transfer") await tx.execute(sql`UPDATE conversations SET assigned_user_id = ${agents[o.a]} WHERE id = ${id}`)
            if (o.t === "reply") await tx.execute(sql`UPDATE conversations SET status = 'ongoing' WHERE id = ${id}`)
            if (o.t === "close") await tx.execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE id = ${id}`)
            if (o.t === "release")
              await tx.execute(sql`UPDATE conversations SET status = 'unassigned', assigned_user_id = NULL WHERE id = ${id}`)
            if (o.t === "touch")
              await tx.execute(sql`UPDATE conversations SET unread = unread + 1, last_message = 'again' WHERE id = ${id}`)
            if (o.t === "delete") {
              await tx.execute(sql`DELETE FROM conversations WHERE id = ${id}`)
              ids.splice(ids.indexOf(id), 1)
            }
          }
          expect(await drift(tx)).toEqual([])
          throw new Rollback()
        })
        await expect(done).rejects.toBeInstanceOf(Rollback)
      }),
      { numRuns: 40 },
    )
    expect(await drift(db())).toEqual([])
  })

  it("many first messages at once: nobody over the cap, the conversations spread, the ones beyond the capacity wait", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const agents = await database().transaction((tx) => freshAgents(tx, "race"))
    expect(
      (await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: true, max_chats_per_agent: CAP }, h)).status,
    ).toBe(200)
    const customers = Array.from({ length: AGENTS * CAP + 2 }, (_, i) => `+905551121${String(i).padStart(3, "0")}`)

    // Through the simulator, as the customers write.
    const replies = await Promise.all(customers.map((number) => customerWrites(ctx.server, number, { text: "Hi" })))
    expect(replies.map((r) => r.status)).toEqual(customers.map(() => 200))
    await ctx.server.jobs.runDue()
    const arrived = rowsOf(
      await db().execute(sql`SELECT c.status, c.assigned_user_id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
        WHERE ct.client_id = 1 AND ct.number = ANY(${listOf(customers)}) AND c.status <> 'closed'`),
    )
    expect(arrived).toHaveLength(customers.length)
    expect(arrived.filter((c) => c.assigned_user_id === null && c.status === "unassigned")).toHaveLength(2)
    expect(await held(agents)).toEqual(agents.map(() => CAP))
    expect(await drift(db())).toEqual([])

    // Through the hand-out itself: every transaction holds its pick open a moment, so they all overlap on PostgreSQL.
    await db().execute(sql`UPDATE conversations SET status = 'closed', closed_at = now() WHERE client_id = 1 AND status <> 'closed'`)
    expect(await held(agents)).toEqual(agents.map(() => 0))
    const waiting = await database().transaction(async (tx) => {
      const ids: number[] = []
      for (const _ of customers) ids.push(await openConversation(tx, "unassigned", null))
      return ids
    })
    const settings = await tenantSettings(db(), 1)
    await Promise.all(
      waiting.map((id) =>
        database().transaction(async (tx) => {
          await tx.execute(sql`SELECT id FROM conversations WHERE id = ${id} FOR UPDATE`)
          await assignArrival(tx, 1, id, settings)
          await tx.execute(sql`SELECT pg_sleep(0.2)`)
        }),
      ),
    )
    await ctx.server.jobs.runDue()
    const handed = rowsOf(
      await db().execute(sql`SELECT assigned_user_id AS agent, count(*)::int AS n FROM conversations WHERE id = ANY(${listOf(waiting)}::int[])
        GROUP BY 1 ORDER BY 1 NULLS LAST`),
    ).map((r) => [r.agent === null ? null : Number(r.agent), Number(r.n)])
    expect(handed).toEqual([...agents.map((a) => [a, CAP]), [null, 2]])
    expect(await held(agents)).toEqual(agents.map(() => CAP))
    expect(await drift(db())).toEqual([])
    await send(ctx.url, callOf("onboarding", "updateAllsettings"), { auto_assign: false }, h)
  })
})
