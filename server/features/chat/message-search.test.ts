/**
 * Keyword search over messages (the keyword search and the Messages report's search) with the trigram index of
 * migration 0035: it finds exactly what a naive scan of the tenant's bodies finds — for random Turkish and Arabic
 * text, `%`, `_` and `\` typed literally, terms of one and two characters (which no trigram serves) — never another
 * tenant's message, and the index can serve a term of three or more characters.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { bodyMatches } from "./messages-read"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

/** Letters whose case folding differs between languages, Arabic letters, LIKE's wildcards and escape, a space. */
const LETTERS = ["a", "A", "b", "i", "I", "İ", "ı", "ş", "Ş", "ğ", "Ğ", "ü", "ع", "ب", "ة", "ى", "%", "_", "\\", " ", "1"]
const body = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 24 })

describe.each(DB_KINDS)("message keyword search on %s", (kind) => {
  const ctx = useServer(kind)
  const db = () => ctx.server.services.database
  const keyword = callOf("chat", "fetchKeywordMessages")
  const report = callOf("chat", "fetchListWtMessages")

  /** One conversation of `clientId` holding a message per body. */
  const seed = async (clientId: number, bodies: readonly string[]) => {
    const { rows } = await db().query(
      `WITH ct AS (INSERT INTO contacts (client_id, name, number, channel) VALUES ($1, 'Search test', $2, 'whatsapp') RETURNING id)
       INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at, closed_at, last_message)
       SELECT $1, ct.id, 'whatsapp', 'closed', now(), now(), now(), '' FROM ct RETURNING id`,
      [clientId, `+8299${clientId}${String(Date.now()).slice(-8)}`],
    )
    await db().query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, body, status, dt)
       SELECT $1, $2, 'in', 'text', b, 'received', now() - k * interval '1 second' FROM unnest($3::text[]) WITH ORDINALITY AS t(b, k)`,
      [clientId, Number(rows[0].id), bodies],
    )
  }
  /** The naive scan: every body of client 1 and the term folded by the database's own lower(), compared in JS. */
  const naive = async (term: string) => {
    const { rows } = await db().query("SELECT id, lower(body) AS body, lower($1) AS term FROM messages WHERE client_id = 1", [term.trim()])
    return rows.filter((r) => String(r.body).includes(String(r.term))).map((r) => Number(r.id))
  }

  it("finds exactly what a naive scan finds, and nothing of another tenant", async () => {
    const bodies = fc.sample(body, { numRuns: 300, seed: 21 })
    await seed(1, bodies)
    await seed(2, bodies)
    const theirs = new Set((await db().query("SELECT id FROM messages WHERE client_id = 2")).rows.map((r) => Number(r.id)))
    const admin = await login(ctx.url, "admin")
    // A piece of a stored body (what people search for) or any short text; blank terms are no search at all.
    const term = fc
      .oneof(
        fc
          .tuple(fc.constantFrom(...bodies), fc.nat(), fc.integer({ min: 1, max: 6 }))
          .map(([b, at, n]) => b.slice(at % b.length, (at % b.length) + n)),
        fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 5 }),
      )
      .filter((t) => t.trim() !== "")
    await fc.assert(
      fc.asyncProperty(term, fc.boolean(), async (t, viaReport) => {
        const answer = viaReport
          ? await send(ctx.url, report, { search: t, page: 1, limit: 1000 }, as(admin.user_token))
          : await send(ctx.url, keyword, { keyword: t, page: 1, limit: 1000 }, as(admin.user_token))
        expect(answer.status).toBe(200)
        const expected = await naive(t)
        expect(answer.body.data.totalItems).toBe(expected.length)
        const found = answer.body.data.items.map((m: { id: number }) => m.id)
        expect(found.some((id: number) => theirs.has(id))).toBe(false)
        if (expected.length <= 1000) expect([...found].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b))
      }),
      { numRuns: 60, seed: 2121 },
    )
  })

  it("lets the trigram index serve a term of three or more characters, scoped to the tenant", async () => {
    await seed(1, ["Kargom nerede? Sipariş 4711 gecikti", "الطلب متأخر"])
    /** The test database is small, so the planner reads the tenant's rows whichever index it has; asked for the
     * server's own condition alone with plain scans priced out, it shows whether the trigram index can answer it. */
    const plan = (term: string) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`)
        const rows = rowsOf(await tx.execute(sql`EXPLAIN SELECT count(*) FROM messages m WHERE ${bodyMatches(term)}`))
        return rows.map((r) => String(Object.values(r)[0])).join("\n")
      })
    expect(await plan("sipariş 47")).toContain("messages_body_trgm_idx")
    expect(await plan("متأخر")).toContain("messages_body_trgm_idx")
    const admin = await login(ctx.url, "admin")
    const found = await send(ctx.url, keyword, { keyword: "SİPARİŞ 4711", page: 1, limit: 10 }, as(admin.user_token))
    const lower = await send(ctx.url, keyword, { keyword: "sipariş 4711", page: 1, limit: 10 }, as(admin.user_token))
    expect(lower.body.data.items.map((m: { body: string }) => m.body)).toEqual(["Kargom nerede? Sipariş 4711 gecikti"])
    // Case folding is the database's: `İ` is not `i` in its lower(), so the Turkish capital finds only its own spelling.
    expect(found.body.data.totalItems).toBe(await naive("SİPARİŞ 4711").then((ids) => ids.length))
  })
})
