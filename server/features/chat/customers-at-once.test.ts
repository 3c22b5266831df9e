/**
 * New customers writing in at the same moment no longer queue behind each other's commits: on the tenant's roll-up
 * counters (the status counts striped, migration 0038_rollup_stripes; the message and conversation counters take
 * deltas, 0067_rollup_deltas) and its ticket numbers (a sequence per tenant,
 * db/number-series.ts); the figures still count each of them and the ticket numbers stay distinct.
 * And a new customer's messages arriving at once open one conversation between them, each message stored in it.
 * PostgreSQL only: PGlite has one connection, so its writers never overlap.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, customerWrites, login, send, useServer } from "../../testing/harness"
import { storeInbound } from "./chat-store"

const WAIT_MS = 3_000

describe("customers writing in at once, on postgres", () => {
  const ctx = useServer("postgres")

  it("lets overlapping writers of one counter go on at once, and every figure counts each of them", async () => {
    const database = ctx.server.services.database
    // The tenant's ticket series after the deploy: its first number creates the sequence (once, under a lock).
    expect((await customerWrites(ctx.server, "+905551230000")).status).toBe(200)
    const numbers = ["+905551230001", "+905551230002", "+905551230003"]
    // Every slot (the writers may straddle a quarter hour).
    const countOf = async () =>
      Number(
        (
          await database.query(
            `SELECT coalesce(sum(messages), 0)::int AS n FROM message_rollups_now WHERE client_id = 1 AND direction = 'in'`,
          )
        ).rows[0].n,
      )
    const before = await countOf()

    // Three new customers' first messages (a conversation and a ticket each), each transaction open until all three
    // have stored theirs: with one counter row or a locked ticket number the second would wait for the first's commit.
    let stored = 0
    let release: () => void = () => {}
    const allStored = new Promise<void>((resolve) => {
      release = resolve
    })
    const writer = (number: string) =>
      database.transaction(async (tx) => {
        await storeInbound(tx, 1, { channel: "whatsapp", number, type: "text", body: "at once", payload: {} })
        if (++stored === numbers.length) release()
        await allStored
      })
    // Waited: they are let go (so a failure does not hang the file).
    const timeout = new Promise<"waited">((resolve) =>
      setTimeout(() => {
        resolve("waited")
        release()
      }, WAIT_MS),
    )
    expect(await Promise.race([Promise.all(numbers.map(writer)).then(() => "together" as const), timeout])).toBe("together")

    // Overlapping openings added to status counter rows of their own, so a stripe beyond 0 was used (the seeded world,
    // written one at a time, has none). The message and conversation counters take appended deltas
    // (0067_rollup_deltas), which no writer waits for.
    const spilled = await database.query(
      `SELECT count(*)::int AS n FROM conversation_status_counts r WHERE r.client_id = 1 AND r.stripe > 0`,
    )
    expect(spilled.rows[0].n).toBeGreaterThanOrEqual(1)
    expect(await countOf()).toBe(before + numbers.length)
    const tickets = await database.query(
      `SELECT t.ticket_number FROM tickets t JOIN contacts ct ON ct.id = t.contact_id WHERE ct.number = ANY($1::text[])`,
      [numbers],
    )
    expect(new Set(tickets.rows.map((r) => r.ticket_number)).size).toBe(numbers.length)
    // The dashboard reads the sum: today's received messages equal a naive count of the raw rows.
    const today = new Date().toISOString().slice(0, 10)
    const [naive] = (
      await database.query(
        `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.client_id = 1 AND m.direction = 'in' AND NOT c.is_test AND m.dt >= $1::date AT TIME ZONE 'UTC' AND m.dt < ($1::date + 1) AT TIME ZONE 'UTC'`,
        [today],
      )
    ).rows
    const token = (await login(ctx.url, "admin")).user_token
    const reply = await send(ctx.url, callOf("dashboard", "infoBoxes"), { start_date: today, end_date: today }, as(token))
    expect(reply.status).toBe(200)
    expect(JSON.stringify(reply.body)).toContain(`"messages_in":${naive.n}`)
  })

  it("opens one conversation for a new customer's messages arriving at once, with every message in it and one opening event", async () => {
    const database = ctx.server.services.database
    const number = "+905551239999"
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => customerWrites(ctx.server, number, { text: `at once ${i}` })))
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const conversations = await database.query(
      `SELECT c.id, c.messages_in FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number = $1`,
      [number],
    )
    expect(conversations.rows).toHaveLength(1)
    const id = Number(conversations.rows[0].id)
    expect(Number(conversations.rows[0].messages_in)).toBe(5)
    expect(new Set(replies.map((r) => r.body.data.conversationId))).toEqual(new Set([id]))
    const events = await database.query(
      `SELECT type, count(*)::int AS n FROM domain_events WHERE client_id = 1 AND (data ->> 'conversation_id')::int = $1
        AND type IN ('conversation.opened', 'message.received') GROUP BY 1 ORDER BY 1`,
      [id],
    )
    expect(events.rows).toEqual([
      { type: "conversation.opened", n: 1 },
      { type: "message.received", n: 5 },
    ])
  })
})
