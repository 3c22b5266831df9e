/** Server side of the paged reports: call history, OTP logs, complaint report and search, on both databases. */
import { describe, expect, it } from "vitest"
import { text } from "node:stream/consumers"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import fc from "fast-check"
import { FIRST_YEAR, LAST_YEAR } from "../../core/date-range"
import { streamCalls } from "./calls-list"

const today = new Date().toISOString().slice(0, 10)
const weekAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
const range = { start_date: weekAgo, end_date: today }

describe.each(DB_KINDS)("reports on %s", (kind) => {
  const ctx = useServer(kind)
  const calls = callOf("reports", "callsList")

  it("pages call history newest first with a stable total, scoped to the tenant", async () => {
    const admin = await login(ctx.url, "admin")
    const first = await send(ctx.url, calls, { ...range, limit: 10, page: 1 }, as(admin.user_token))
    expect(first.status).toBe(200)
    const { whatsappCalls, totalItems } = first.body.whatsappCalls
    expect(totalItems).toBe(400)
    expect(whatsappCalls).toHaveLength(10)
    const dts = whatsappCalls.map((c: { dt: string }) => c.dt)
    expect([...dts].sort().reverse()).toEqual(dts)
    const second = await send(ctx.url, calls, { ...range, limit: 10, page: 2 }, as(admin.user_token))
    expect(second.body.whatsappCalls.whatsappCalls[0].call_id).not.toBe(whatsappCalls[0].call_id)
    const admin2 = await login(ctx.url, "admin2")
    const other = await send(ctx.url, calls, { ...range, limit: 25, page: 1 }, as(admin2.user_token))
    expect(other.body.whatsappCalls.totalItems).toBe(60)
    const mine = new Set(whatsappCalls.map((c: { call_id: string }) => c.call_id))
    expect(other.body.whatsappCalls.whatsappCalls.some((c: { call_id: string }) => mine.has(c.call_id))).toBe(false)
  })

  it("filters by call type and by date range", async () => {
    const admin = await login(ctx.url, "admin")
    const incoming = await send(ctx.url, calls, { ...range, limit: 25, page: 1, call_type: "incoming" }, as(admin.user_token))
    const outgoing = await send(ctx.url, calls, { ...range, limit: 25, page: 1, call_type: "outgoing" }, as(admin.user_token))
    expect(incoming.body.whatsappCalls.whatsappCalls.every((c: { call_type: string }) => c.call_type === "incoming")).toBe(true)
    expect(incoming.body.whatsappCalls.totalItems + outgoing.body.whatsappCalls.totalItems).toBe(400)
    const future = await send(
      ctx.url,
      calls,
      { start_date: "2099-01-01", end_date: "2099-01-02", limit: 10, page: 1 },
      as(admin.user_token),
    )
    expect(future.body).toEqual({ whatsappCalls: { whatsappCalls: [], totalItems: 0 } })
  })

  it("streams the export (limit 999999, page 1) in the same shape with every row", async () => {
    const admin = await login(ctx.url, "admin")
    const all = await send(ctx.url, calls, { ...range, limit: 999_999, page: 1 }, as(admin.user_token))
    expect(all.status).toBe(200)
    expect(all.body.whatsappCalls.totalItems).toBe(400)
    const ids = all.body.whatsappCalls.whatsappCalls.map((c: { call_id: string }) => c.call_id)
    expect(ids).toHaveLength(400)
    expect(new Set(ids).size).toBe(400)
    // The streamed rows are the same records, in the same order and format, as the paged answer.
    const page = await send(ctx.url, calls, { ...range, limit: 25, page: 1 }, as(admin.user_token))
    expect(all.body.whatsappCalls.whatsappCalls.slice(0, 25)).toEqual(page.body.whatsappCalls.whatsappCalls)
    const incoming = await send(ctx.url, calls, { ...range, limit: 999_999, page: 1, call_type: "incoming" }, as(admin.user_token))
    expect(incoming.body.whatsappCalls.whatsappCalls.every((c: { call_type: string }) => c.call_type === "incoming")).toBe(true)
    expect(incoming.body.whatsappCalls.whatsappCalls).toHaveLength(incoming.body.whatsappCalls.totalItems)
  })

  it("reads the business a super admin names as its admin reads it, exports included; a tenant naming another is refused", async () => {
    const [acme] = (await ctx.server.services.database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const acmeId = Number(acme.client_id)
    const admin = as((await login(ctx.url, "admin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)
    const reads = [
      [callOf("reports", "chatReport"), { ...range, page: 1, limit: 10 }],
      // What the chat report's CSV export asks: every row at once.
      [callOf("reports", "chatReport"), { ...range, page: 1, limit: 999_999 }],
      [callOf("reports", "chatStats"), range],
      // A GET: the business arrives as text in the query string.
      [callOf("reports", "conversationCount"), range],
      // Call history's export, streamed.
      [calls, { ...range, limit: 999_999, page: 1 }],
    ] as const
    for (const [call, payload] of reads) {
      const own = await send(ctx.url, call, payload, admin)
      expect(own.status, call.path).toBe(200)
      const picked = await send(ctx.url, call, { ...payload, client_id: acmeId }, superadmin)
      expect(picked.status, call.path).toBe(200)
      expect(picked.body, call.path).toEqual(own.body)
      const refused = await send(ctx.url, call, { ...payload, client_id: acmeId }, admin2)
      expect(refused.status, call.path).toBe(403)
      expect(JSON.stringify(refused.body)).not.toContain("Acme")
    }
    // Unpicked, the super admin reads the platform's own, empty business: the pick is what shows Acme's rows.
    const chat = callOf("reports", "chatReport")
    expect((await send(ctx.url, chat, { ...range, page: 1, limit: 10 }, admin)).body.data.totalItems).toBeGreaterThan(0)
    expect((await send(ctx.url, chat, { ...range, page: 1, limit: 10 }, superadmin)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, chat, { ...range, client_id: 999_999 }, superadmin)).status).toBe(404)
  })

  it("counts whole days from the daily totals and any other range from the rows, with the same result", async () => {
    const admin = await login(ctx.url, "admin")
    const days = await send(ctx.url, calls, { ...range, limit: 5, page: 1, call_type: "outgoing" }, as(admin.user_token))
    const exact = await send(
      ctx.url,
      calls,
      { start_date: `${weekAgo} 00:00:00`, end_date: `${today} 23:59:59`, limit: 5, page: 1, call_type: "outgoing" },
      as(admin.user_token),
    )
    expect(days.body.whatsappCalls.totalItems).toBe(exact.body.whatsappCalls.totalItems)
  })

  it("denies call history to agent2 (no BACK:whatsapp_calls) and without a token", async () => {
    const agent2 = await login(ctx.url, "agent2")
    const denied = await send(ctx.url, calls, { ...range, limit: 10, page: 1 }, as(agent2.user_token))
    expect(denied.status).toBe(403)
    expect(denied.body.error.code).toBe("FORBIDDEN")
    expect((await send(ctx.url, calls, { ...range, limit: 10, page: 1 })).status).toBe(401)
    const agent1 = await login(ctx.url, "agent1")
    expect((await send(ctx.url, calls, { ...range, limit: 10, page: 1 }, as(agent1.user_token))).status).toBe(200)
  })

  it("rejects bad paging and dates with 400", async () => {
    const admin = await login(ctx.url, "admin")
    expect((await send(ctx.url, calls, { ...range, limit: 0, page: 1 }, as(admin.user_token))).status).toBe(400)
    expect(
      (await send(ctx.url, calls, { start_date: "yesterday", end_date: today, limit: 10, page: 1 }, as(admin.user_token))).status,
    ).toBe(400)
  })

  it("answers a month or date outside the years it serves with 400 naming the field, never 500", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const monthly = callOf("reports", "getMonthly")
    const monthCalls = [monthly, callOf("reports", "monthlyUsers"), callOf("mau", "messagesMau")]
    for (const call of monthCalls)
      for (const month of ["0000-01", "9999-12", "1899-12", "3000-01"]) {
        const reply = await send(ctx.url, call, { month }, h)
        expect([call.name, month, reply.status, reply.body.error?.field]).toEqual([call.name, month, 400, "month"])
      }
    for (const [start_date, end_date, field] of [
      ["0000-01-01", today, "start_date"],
      [weekAgo, "9999-12-31", "end_date"],
    ]) {
      const listed = await send(ctx.url, calls, { start_date, end_date, limit: 10, page: 1 }, h)
      expect([listed.status, listed.body.error.field]).toEqual([400, field])
      const report = await send(ctx.url, callOf("reports", "chatReport"), { start_date, end_date }, h)
      expect([report.status, report.body.error.field]).toEqual([400, field])
    }
    // Any month of the contract's shape: a figure inside the years served, a 400 on the month outside them.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), async (year, m) => {
        const month = `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}`
        const reply = await send(ctx.url, monthly, { month }, h)
        const served = year >= FIRST_YEAR && year <= LAST_YEAR
        expect([month, reply.status, served ? undefined : reply.body.error.field]).toEqual([
          month,
          served ? 200 : 400,
          served ? undefined : "month",
        ])
      }),
      { numRuns: 25 },
    )
  })

  it("scopes OTP logs by the token: clientId in the payload cannot widen access", async () => {
    const otp = callOf("otp", "otpLogs")
    const admin = await login(ctx.url, "admin")
    const admin2 = await login(ctx.url, "admin2")
    const body = { clientId: 1, limit: 25, page: 1, startDate: weekAgo, endDate: today }
    const one = await send(ctx.url, otp, body, as(admin.user_token))
    expect(one.status).toBe(200)
    expect(one.body.logs.totalItems).toBeGreaterThan(0)
    expect(one.body.logs.data.every((r: { email: string }) => r.email.endsWith("@client1.example"))).toBe(true)
    const two = await send(ctx.url, otp, body, as(admin2.user_token))
    expect(two.body.logs.data.every((r: { email: string }) => !r.email.endsWith("@client1.example"))).toBe(true)
    const searched = await send(ctx.url, otp, { ...body, email: "user1@" }, as(admin.user_token))
    expect(searched.body.logs.data.every((r: { email: string }) => r.email.startsWith("user1@"))).toBe(true)
    const paged = await send(ctx.url, otp, { ...body, limit: 5, page: 2 }, as(admin.user_token))
    expect(paged.body.logs.data).toHaveLength(5)
    expect(paged.body.logs.data[0].id).toBe(one.body.logs.data[5].id)
  })

  it("builds the complaint report with metadata, cards, filters and 0-based pages; search finds by number", async () => {
    const report = callOf("complaints", "fetchTicketReport")
    const admin = await login(ctx.url, "admin")
    const all = await send(ctx.url, report, { start_date: `${weekAgo} 00:00:00`, end_date: `${today} 23:59:59` }, as(admin.user_token))
    expect(all.status).toBe(200)
    const meta = all.body.data.complaintMetadata
    expect(meta.tickets).toHaveLength(10)
    expect(meta.total_tickets).toBe(meta.status_count.reduce((s: number, c: { count: number }) => s + c.count, 0))
    expect(meta.agents.length).toBeGreaterThan(0)
    const pending = await send(ctx.url, report, { page: 0, limit: 5, status: "Pending" }, as(admin.user_token))
    expect(pending.body.data.complaintMetadata.tickets.every((t: { status: string }) => t.status === "Pending")).toBe(true)
    const next = await send(ctx.url, report, { page: 1, limit: 5, status: "Pending" }, as(admin.user_token))
    expect(next.body.data.complaintMetadata.tickets[0].ticket_number).not.toBe(pending.body.data.complaintMetadata.tickets[0].ticket_number)
    const admin2 = await login(ctx.url, "admin2")
    const other = await send(ctx.url, report, { limit: 100 }, as(admin2.user_token))
    expect(other.body.data.complaintMetadata.tickets.every((t: { ticket_number: string }) => t.ticket_number.startsWith("CMP-2-"))).toBe(
      true,
    )
    const ticket = meta.tickets[0]
    const search = callOf("complaints", "searchComplaint")
    const found = await send(
      ctx.url,
      search,
      { ticket_number: ticket.ticket_number, channel_type: ticket.channel_type, ticket_type: "active" },
      as(admin.user_token),
    )
    expect(found.body.data.list[0].ticket_number).toBe(ticket.ticket_number)
    const foreign = await send(
      ctx.url,
      search,
      { ticket_number: ticket.ticket_number, channel_type: ticket.channel_type, ticket_type: "active" },
      as(admin2.user_token),
    )
    expect(foreign.body.data.list).toEqual([])
  })

  // Last: it adds rows to tenant one.
  it("the export's keyset batches lose and repeat no row, also where a batch ends among rows of one timestamp", async () => {
    const { database } = ctx.server.services
    await database.query(
      `INSERT INTO call_records (call_id, client_id, name, number, call_type, status, dt)
        SELECT 'tie-' || g, 1, 'Tie ' || g, '+9055500000' || g, 'incoming', 'missed', $1::timestamptz FROM generate_series(1, 23) g`,
      [`${today}T00:00:01Z`],
    )
    const { rows } = await database.query("SELECT record_json FROM call_records WHERE client_id = 1 ORDER BY dt DESC, id DESC")
    const expected = rows.map((r) => JSON.parse(String(r.record_json)).call_id)
    const exported = async (limit: number) =>
      JSON.parse(
        await text(streamCalls(database, { clientId: 1, from: null, to: null, callType: undefined }, limit, 0, 7)),
      ).whatsappCalls.whatsappCalls.map((c: { call_id: string }) => c.call_id)
    // Batches of 7 rows: 23 rows of one instant span four of them.
    expect(await exported(999_999)).toEqual(expected)
    expect(await exported(100)).toEqual(expected.slice(0, 100))
  })
})
