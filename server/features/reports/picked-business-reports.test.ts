/**
 * The paged reports a super admin reads for the business they picked: the complaint report and its search, OTP logs
 * and a campaign's records answer for `client_id` what that business's admin reads; an admin of another business
 * naming it is refused, and the super admin unpicked reads the platform's own, empty business.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const today = new Date().toISOString().slice(0, 10)
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)

describe.each(DB_KINDS)("picked business reports on %s", (kind) => {
  const ctx = useServer(kind)

  it("answer the picked business's rows to a super admin and refuse another business's admin", async () => {
    const query = ctx.server.services.database.query
    const [acme] = (await query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const acmeId = Number(acme.client_id)
    const [campaign] = (await query("SELECT id FROM campaigns WHERE client_id = $1 ORDER BY id LIMIT 1", [acmeId])).rows
    const admin = as((await login(ctx.url, "admin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)

    const report = callOf("complaints", "fetchTicketReport")
    // The search box asks among WhatsApp tickets.
    const tickets = (await send(ctx.url, report, { page: 0, limit: 10, channel_type: "whatsapp" }, admin)).body.data.complaintMetadata
      .tickets
    expect(tickets.length).toBeGreaterThan(0)
    const reads = [
      // The report's page, its Download (every ticket at once), and its search box.
      [report, { page: 0, limit: 10 }, (body: any) => body.data.complaintMetadata.tickets.length],
      [report, { page: 0, limit: 999_999 }, (body: any) => body.data.complaintMetadata.total_tickets],
      [
        callOf("complaints", "searchComplaint"),
        { ticket_number: tickets[0].ticket_number, channel_type: "whatsapp", ticket_type: "active" },
        (body: any) => body.data.list.length,
      ],
      [
        callOf("otp", "otpLogs"),
        { clientId: 1, limit: 10, page: 1, startDate: monthAgo, endDate: today },
        (body: any) => body.logs.data.length,
      ],
      [
        callOf("reports", "campaignRecords"),
        { campaign_id: Number(campaign.id), page: 1, limit: 10 },
        (body: any) => body.data.items.length,
      ],
    ] as const
    for (const [call, payload, rowsOf] of reads) {
      const own = await send(ctx.url, call, payload, admin)
      expect(own.status, call.path).toBe(200)
      expect(rowsOf(own.body), call.path).toBeGreaterThan(0)
      const picked = await send(ctx.url, call, { ...payload, client_id: acmeId }, superadmin)
      expect(picked.status, call.path).toBe(200)
      expect(picked.body, call.path).toEqual(own.body)
      const refused = await send(ctx.url, call, { ...payload, client_id: acmeId }, admin2)
      expect(refused.status, call.path).toBe(403)
      expect(JSON.stringify(refused.body)).not.toContain(tickets[0].ticket_number)
    }

    // Unpicked, the super admin's own business has none of these: the pick is what shows Acme's.
    const unpicked = await send(ctx.url, report, { page: 0, limit: 10 }, superadmin)
    expect(unpicked.body.data.complaintMetadata.tickets).toEqual([])
    const otp = await send(
      ctx.url,
      callOf("otp", "otpLogs"),
      { clientId: 1, limit: 10, page: 1, startDate: monthAgo, endDate: today },
      superadmin,
    )
    expect(otp.body.logs.totalItems).toBe(0)
    const records = callOf("reports", "campaignRecords")
    expect((await send(ctx.url, records, { campaign_id: Number(campaign.id), page: 1, limit: 10 }, superadmin)).status).toBe(404)
    expect((await send(ctx.url, report, { page: 0, limit: 10, client_id: 999_999 }, superadmin)).status).toBe(404)
  })
})
