/**
 * The Call History export streams each row's stored JSON (call_records.record_json, migration 0035). These tests hold
 * it to the bytes the server rendered at request time before (REQUEST_TIME_JSON: that query, verbatim), for
 * arbitrary text, after the row changes, and after the accepting agent is renamed — on both databases.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, login, useServer } from "../../testing/harness"

/** What calls-list.ts sent for a row before 0035 (plus the hold time of 0047): rendered per request from the row joined to its agent. */
const REQUEST_TIME_JSON = `'{"call_id":' || to_json(p.call_id) || ',"name":' || coalesce(to_json(p.name)::text, 'null')
  || ',"number":' || to_json(p.number) || ',"call_type":' || to_json(p.call_type)
  || ',"call_start_time":' || coalesce(floor(date_part('epoch', p.start_time))::bigint::text, 'null')
  || ',"call_end_time":' || coalesce(floor(date_part('epoch', p.end_time))::bigint::text, 'null')
  || ',"call_duration":' || p.duration || ',"username":' || coalesce(to_json(p.username)::text, 'null')
  || ',"call_status":' || to_json(p.status) || ',"blocks":' || p.blocks
  || ',"dt":"' || to_char(p.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","message":' || coalesce(p.message::text, 'null')
  || ',"hold_seconds":' || p.hold_seconds || '}'`

/** A day no seeded call falls on: the rows of one check live there and are removed after it. */
const DAY = "2031-03-04"
const RANGE = { start_date: DAY, end_date: DAY }

/** Text PostgreSQL can store (no NUL), from the whole of Unicode: quotes, backslashes, controls, Turkish, Arabic, emoji. */
const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('"', "\\", "\n", "\t", "\u0001", "İ", "ş", "ğ", "م", "ع", "😀", "/"),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    ),
  })
  .map((s) => s.replaceAll("\u0000", ""))
const row = fc.record({
  name: text,
  number: text,
  callType: fc.constantFrom("incoming", "outgoing"),
  status: text,
  duration: fc.integer({ min: 0, max: 100_000 }),
  blocks: fc.integer({ min: 0, max: 1000 }),
  started: fc.option(fc.integer({ min: 0, max: 86_399_999 }), { nil: null }),
  at: fc.integer({ min: 0, max: 86_399_999 }),
  byAgent: fc.boolean(),
  message: fc.option(
    fc.jsonValue({ stringUnit: "grapheme" }).map((v) => JSON.parse(JSON.stringify(v).replaceAll("\\u0000", ""))),
    { nil: null },
  ),
})

describe.each(DB_KINDS)("the stored Call History JSON on %s", (kind) => {
  const ctx = useServer(kind)
  const db = () => ctx.server.services.database

  /** The export's raw bytes for the day, as the console receives them. */
  const exported = async (token: string) => {
    const response = await fetch(`${ctx.url}/api/calls/list`, {
      method: "POST",
      headers: { ...as(token), "content-type": "application/json" },
      body: JSON.stringify({ ...RANGE, limit: 999_999, page: 1 }),
    })
    expect(response.status).toBe(200)
    return response.text()
  }
  /** The same answer rendered the old way, at request time. */
  const rendered = async () => {
    const { rows } = await db().query(
      `SELECT ${REQUEST_TIME_JSON} AS json FROM (SELECT c.*, u.username FROM call_records c LEFT JOIN users u ON u.id = c.accepted_by
        WHERE c.client_id = 1 AND c.dt >= $1::date AND c.dt < $1::date + 1) p ORDER BY p.dt DESC, p.id DESC`,
      [DAY],
    )
    return `{"whatsappCalls":{"whatsappCalls":[${rows.map((r) => r.json).join(",")}],"totalItems":${rows.length}}}`
  }
  const agentId = async (username: string) =>
    Number((await db().query("SELECT id FROM users WHERE client_id = 1 AND username = $1", [username])).rows[0].id)
  const clear = () => db().query("DELETE FROM call_records WHERE client_id = 1 AND dt >= $1::date AND dt < $1::date + 1", [DAY])

  it("exports the same bytes the request-time rendering gave, for any text", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await agentId("agent1")
    const base = Date.parse(`${DAY}T00:00:00Z`)
    let serial = 0
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        await clear()
        for (const r of rows) {
          await db().query(
            `INSERT INTO call_records (call_id, client_id, name, number, call_type, start_time, end_time, duration, accepted_by, status,
              blocks, dt, message) VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)`,
            [
              `json-test-${kind}-${++serial}`,
              r.name,
              r.number,
              r.callType,
              r.started === null ? null : new Date(base + r.started).toISOString(),
              r.started === null ? null : new Date(base + r.started + r.duration * 1000).toISOString(),
              r.duration,
              r.byAgent ? agent : null,
              r.status,
              r.blocks,
              new Date(base + r.at).toISOString(),
              r.message === null ? null : JSON.stringify(r.message),
            ],
          )
        }
        const body = await exported(admin.user_token)
        expect(body).toBe(await rendered())
        expect(JSON.parse(body).whatsappCalls.totalItems).toBe(rows.length)
      }),
      { numRuns: 25 },
    )
    await clear()
  })

  it("keeps the JSON current when a row changes, its agent is renamed or removed", async () => {
    const admin = await login(ctx.url, "admin")
    await db().query(
      `INSERT INTO users (client_id, role_id, username, email, password_hash, display_name)
        SELECT 1, role_id, 'json-agent', 'json-agent@example.invalid', password_hash, 'JSON agent' FROM users WHERE client_id = 1 AND username = 'agent1'`,
    )
    const agent = await agentId("json-agent")
    await db().query(
      `INSERT INTO call_records (call_id, client_id, name, number, call_type, duration, accepted_by, status, blocks, dt)
        VALUES ('json-change-1', 1, 'Ayşe', '+905551112233', 'incoming', 12, $1, 'completed', 0, $2::timestamptz),
               ('json-change-2', 1, 'محمد', '+966501234567', 'outgoing', 0, NULL, 'missed', 0, $2::timestamptz + interval '1 minute')`,
      [agent, `${DAY}T10:00:00Z`],
    )
    const records = async () => JSON.parse(await exported(admin.user_token)).whatsappCalls.whatsappCalls as Record<string, unknown>[]
    expect((await records()).map((r) => r.username)).toEqual([null, "json-agent"])

    await db().query("UPDATE call_records SET status = 'failed', duration = 0 WHERE call_id = 'json-change-1'")
    await db().query("UPDATE users SET username = 'json-agent-renamed' WHERE id = $1", [agent])
    const changed = (await records())[1]
    expect(changed).toMatchObject({ call_status: "failed", call_duration: 0, username: "json-agent-renamed", name: "Ayşe" })
    expect(await exported(admin.user_token)).toBe(await rendered())

    await db().query("DELETE FROM users WHERE id = $1", [agent])
    expect((await records())[1].username).toBeNull()
    expect(await exported(admin.user_token)).toBe(await rendered())
    await clear()
  })
})
