/**
 * The Call History file the server writes (`format: "csv"`) against the console's own line writer over the JSON
 * export of the same rows, on both databases: random call records with hostile text (formula starts, quotes, commas,
 * line breaks, backslashes and control characters, non-Latin script, emoji), random times, durations, messages and
 * transfers, in several time zones; and the same file read in batches of 3 rows (the keyset's cursor between them).
 */
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, login, useServer } from "../../../server/testing/harness"
import { text } from "node:stream/consumers"
import { streamCallsCsv } from "../../../server/features/reports/calls-csv"
import { callCsvLines, CALLS_CSV_HEADER } from "./call-history-report"

const NASTY = [
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\n",
  '"',
  ",",
  ";",
  "'",
  " ",
  "\\",
  "\b",
  "\v",
  "\f",
  "a",
  "7",
  "ş",
  "ي",
  "→",
  "😀",
  "\u00e9",
]
const cellText = fc.oneof(fc.string({ unit: fc.constantFrom(...NASTY), maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 12 }))
// Calls at the very same instant too: the keyset's (dt, id) cursor must split such ties between batches.
const instant = fc.oneof(
  fc.date({ min: new Date("2031-01-01T00:00:00Z"), max: new Date("2031-12-30T23:59:59Z"), noInvalidDate: true }),
  fc.constantFrom(new Date("2031-06-01T10:00:00Z"), new Date("2031-06-01T10:00:00.250Z")),
)
const message = fc.option(
  fc.record({ message_type: fc.constantFrom("text", "image", "video", "document", "interactive"), message_body: fc.option(cellText) }),
)
const transfer = fc.record({
  target: cellText,
  outcome: fc.constantFrom("ringing", "taken", "not_taken", "cancelled"),
  from: fc.boolean(),
  taken: fc.boolean(),
})
const call = fc.record({
  name: cellText,
  number: cellText,
  call_type: fc.constantFrom("incoming", "outgoing"),
  start: fc.option(instant),
  end: fc.option(instant),
  duration: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 60, max: 400_000 })),
  agent: fc.boolean(),
  status: fc.constantFrom("completed", "missed", "rejected", "failed"),
  blocks: fc.integer({ min: 0, max: 9 }),
  dt: instant,
  message,
  transfers: fc.array(transfer, { maxLength: 3 }),
})
/** Whole hours, half hours, a 45-minute offset, daylight saving on both hemispheres. */
const ZONES = ["UTC", "Europe/Istanbul", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe"]

const RANGE = { start_date: "2031-01-01", end_date: "2031-12-31" }
const originalTz = process.env.TZ
afterAll(() => {
  process.env.TZ = originalTz
})

describe.each(DB_KINDS)("the Call History file on %s", (kind) => {
  const ctx = useServer(kind)

  it("is, for random rows, what the console's line writer makes of the JSON export", async () => {
    const database = ctx.server.services.database
    const token = (await login(ctx.url, "admin")).user_token
    const [agent] = (await database.query("SELECT id, client_id FROM users WHERE username = 'admin'")).rows as {
      id: number
      client_id: number
    }[]
    const post = (body: object) =>
      fetch(`${ctx.url}/api/calls/list`, {
        method: "POST",
        headers: { ...as(token), "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 8 }), fc.constantFrom(...ZONES), async (rows, zone) => {
        run++
        await database.query("DELETE FROM call_records WHERE call_id LIKE 'wacid.fc.%'")
        for (const [i, r] of rows.entries()) {
          const id = `wacid.fc.${run}.${i}`
          await database.query(
            `INSERT INTO call_records (call_id, client_id, name, number, call_type, start_time, end_time, duration, accepted_by,
               status, blocks, dt, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
            [
              id,
              agent.client_id,
              r.name,
              r.number,
              r.call_type,
              r.start?.toISOString() ?? null,
              r.end?.toISOString() ?? null,
              r.duration,
              r.agent ? agent.id : null,
              r.status,
              r.blocks,
              r.dt.toISOString(),
              r.message ? JSON.stringify({ ...r.message, attachments: [], interactive: null }) : null,
            ],
          )
          for (const t of r.transfers)
            await database.query(
              `INSERT INTO call_transfers (call_id, client_id, from_user, target_name, taken_by, outcome) VALUES ($1, $2, $3, $4, $5, $6)`,
              [id, agent.client_id, t.from ? agent.id : null, t.target, t.taken ? agent.id : null, t.outcome],
            )
        }
        const json = (await (await post({ ...RANGE, limit: 999_999, page: 1 })).json()) as {
          whatsappCalls: { whatsappCalls: unknown[] }
        }
        process.env.TZ = zone
        const line = callCsvLines()
        const expected = `${[CALLS_CSV_HEADER, ...json.whatsappCalls.whatsappCalls.map(line)].join("\r\n")}\r\n`
        const csv = await post({ ...RANGE, limit: 999_999, page: 1, format: "csv", time_zone: zone })
        expect(csv.status).toBe(200)
        expect(await csv.text()).toBe(expected)
        const filter = {
          clientId: agent.client_id,
          from: new Date("2031-01-01T00:00:00Z"),
          to: new Date("2032-01-01T00:00:00Z"),
          callType: undefined,
        }
        expect(await text(streamCallsCsv(database, filter, zone, 999_999, 3))).toBe(expected)
      }),
      { numRuns: 30 },
    )
  }, 300_000)

  it("answers an unknown time zone with 400 naming the field", async () => {
    const token = (await login(ctx.url, "admin")).user_token
    const response = await fetch(`${ctx.url}/api/calls/list`, {
      method: "POST",
      headers: { ...as(token), "content-type": "application/json" },
      body: JSON.stringify({ ...RANGE, limit: 999_999, page: 1, format: "csv", time_zone: "Mars/Olympus_Mons" }),
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("time_zone")
  })
})
