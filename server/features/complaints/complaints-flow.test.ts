/** Complaints on both databases: filing one (from a conversation or by hand), editing it, moving it, the lists, isolation. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const c = (
  name:
    | "activeComplaints"
    | "resolvedComplaints"
    | "updateComplaint"
    | "postComplaintMetadata"
    | "updateComplaintMetadata"
    | "getComplaintMetadata"
    | "fetchTicketReport"
    | "searchComplaint",
) => callOf("complaints", name)
type C = {
  id: number
  ticket_number: string
  status: string
  name: string
  number: string
  channel_type: string
  customer_message: string
  agent_id: number | null
  agent_name: string | null
  category: string | null
  resolution_note: string | null
  last_closed: string | null
  dt: string
}

describe.each(DB_KINDS)("complaints on %s", (kind) => {
  const ctx = useServer(kind)
  const items = (reply: { body: any }): C[] => reply.body.data.items
  const rowsOf = async (q: ReturnType<typeof sql>) =>
    ((await ctx.server.services.database.db.execute(q)) as unknown as { rows: any[] }).rows

  it("files a complaint from a conversation: customer, number and channel come from it, numbers continue the tenant's series", async () => {
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    const [conv] = await rowsOf(sql`SELECT c.id, ct.number, ct.name, c.channel FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = 1 ORDER BY c.id LIMIT 1`)
    const filed = await send(
      ctx.url,
      c("postComplaintMetadata"),
      {
        number: "+900000000",
        channel_type: "sms",
        customer_message: "The parcel arrived broken",
        category: "delivery",
        conversation_id: conv.id,
      },
      h,
    )
    expect(filed.status).toBe(200)
    const complaint: C = filed.body.data
    expect(complaint).toMatchObject({
      number: conv.number,
      name: conv.name,
      channel_type: conv.channel,
      status: "Pending",
      category: "delivery",
      customer_message: "The parcel arrived broken",
      agent_id: admin.user_data.id,
      agent_name: "Aylin Admin",
      resolution_note: null,
      last_closed: null,
    })
    expect(complaint.ticket_number).toMatch(/^CMP-1-\d+$/)
    const again = (
      await send(ctx.url, c("postComplaintMetadata"), { number: "+905551234567", channel_type: "whatsapp", customer_message: "Second" }, h)
    ).body.data
    expect(Number(again.ticket_number.split("-")[2])).toBe(Number(complaint.ticket_number.split("-")[2]) + 1)
    expect(again.name).toBe("+905551234567")
    const fetched = await send(ctx.url, c("getComplaintMetadata"), { ticket_number: complaint.ticket_number }, h)
    expect(fetched.body.data).toEqual(complaint)
    // The report and its search box see it too.
    const found = await send(
      ctx.url,
      c("searchComplaint"),
      { ticket_number: complaint.ticket_number, channel_type: conv.channel, ticket_type: "active" },
      h,
    )
    expect(found.body.data.list[0].ticket_number).toBe(complaint.ticket_number)
    const active = items(await send(ctx.url, c("activeComplaints"), { limit: 1 }, h))
    expect(active[0].ticket_number).toBe(again.ticket_number)
  })

  it("refuses bad complaints with 400 and another tenant's conversation with 404", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const long = await send(
      ctx.url,
      c("postComplaintMetadata"),
      { number: "+905551234567", channel_type: "whatsapp", customer_message: "x".repeat(801) },
      h,
    )
    expect(long.status).toBe(400)
    expect(long.body.error.field).toBe("customer_message")
    expect(
      (await send(ctx.url, c("postComplaintMetadata"), { number: "+905551234567", channel_type: "fax", customer_message: "x" }, h)).body
        .error.field,
    ).toBe("channel_type")
    const [foreign] = await rowsOf(sql`SELECT id FROM conversations WHERE client_id = 2 LIMIT 1`)
    const cross = await send(
      ctx.url,
      c("postComplaintMetadata"),
      { number: "+905551234567", channel_type: "whatsapp", customer_message: "x", conversation_id: foreign.id },
      h,
    )
    expect(cross.status).toBe(404)
  })

  it("resolves with a note (stamping the end), reassigns and reopens; the lists follow", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const agent1 = await login(ctx.url, "agent1")
    const filed: C = (
      await send(
        ctx.url,
        c("postComplaintMetadata"),
        { number: "+905551112200", channel_type: "whatsapp", customer_message: "Refund please" },
        h,
      )
    ).body.data
    const assigned = (
      await send(ctx.url, c("updateComplaint"), { ticket_number: filed.ticket_number, agent_id: agent1.user_data.id, status: "Ongoing" }, h)
    ).body.data
    expect(assigned).toMatchObject({ status: "Ongoing", agent_id: agent1.user_data.id, agent_name: "Kerem Agent" })
    const byAgent = items(await send(ctx.url, c("activeComplaints"), { agent_id: agent1.user_data.id, limit: 1000 }, h))
    expect(byAgent.some((x) => x.ticket_number === filed.ticket_number)).toBe(true)
    const resolved = await send(
      ctx.url,
      c("updateComplaint"),
      { ticket_number: filed.ticket_number, status: "Resolved", resolution_note: "Refunded in full" },
      h,
    )
    expect(resolved.body.data).toMatchObject({ status: "Resolved", resolution_note: "Refunded in full" })
    expect(resolved.body.data.last_closed).not.toBeNull()
    expect(items(await send(ctx.url, c("resolvedComplaints"), { search: filed.ticket_number }, h)).map((x) => x.id)).toEqual([filed.id])
    expect(items(await send(ctx.url, c("activeComplaints"), { search: filed.ticket_number }, h))).toHaveLength(0)
    const reopened = (await send(ctx.url, c("updateComplaint"), { ticket_number: filed.ticket_number, status: "Pending" }, h)).body.data
    expect(reopened).toMatchObject({ status: "Pending", last_closed: null, resolution_note: null })
    expect(items(await send(ctx.url, c("activeComplaints"), { search: filed.ticket_number }, h)).map((x) => x.id)).toEqual([filed.id])
    const admin2 = await login(ctx.url, "admin2")
    const foreignAgent = await send(ctx.url, c("updateComplaint"), { ticket_number: filed.ticket_number, agent_id: admin2.user_data.id }, h)
    expect(foreignAgent.status).toBe(404)
    expect((await send(ctx.url, c("updateComplaint"), { ticket_number: filed.ticket_number }, h)).status).toBe(400)
    expect((await send(ctx.url, c("updateComplaint"), { ticket_number: filed.ticket_number, status: "Closed" }, h)).body.error.field).toBe(
      "status",
    )
  })

  it("edits what a complaint says and who filed it", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const filed: C = (
      await send(ctx.url, c("postComplaintMetadata"), { number: "+905551112201", channel_type: "sms", customer_message: "Wrong size" }, h)
    ).body.data
    const edited = await send(
      ctx.url,
      c("updateComplaintMetadata"),
      {
        ticket_number: filed.ticket_number,
        category: "product",
        name: "Deniz Kaya",
        customer_message: "Wrong size, wants an exchange",
      },
      h,
    )
    expect(edited.body.data).toMatchObject({
      category: "product",
      name: "Deniz Kaya",
      customer_message: "Wrong size, wants an exchange",
      status: "Pending",
    })
    expect((await send(ctx.url, c("getComplaintMetadata"), { ticket_number: filed.ticket_number }, h)).body.data.name).toBe("Deniz Kaya")
    expect((await send(ctx.url, c("updateComplaintMetadata"), { ticket_number: filed.ticket_number }, h)).status).toBe(400)
    expect((await send(ctx.url, c("updateComplaintMetadata"), { ticket_number: "CMP-9-1", name: "x" }, h)).status).toBe(404)
  })

  it("pages, filters and searches the lists, and keeps tenants apart", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const first = await send(ctx.url, c("activeComplaints"), { page: 1, limit: 3 }, h)
    const second = await send(ctx.url, c("activeComplaints"), { page: 2, limit: 3 }, h)
    expect(first.body.data).toMatchObject({ page: 1, limit: 3 })
    expect(first.body.data.totalItems).toBeGreaterThan(6)
    expect(new Set([...items(first), ...items(second)].map((x) => x.id)).size).toBe(6)
    const all = items(await send(ctx.url, c("activeComplaints"), { limit: 1000 }, h))
    expect(all.every((x) => x.status !== "Resolved")).toBe(true)
    expect(all.map((x) => x.dt)).toEqual([...all.map((x) => x.dt)].sort().reverse())
    const sms = items(await send(ctx.url, c("resolvedComplaints"), { channel_type: "sms", limit: 1000 }, h))
    expect(sms.every((x) => x.channel_type === "sms" && x.status === "Resolved")).toBe(true)
    const target = all[3]
    const byName = items(await send(ctx.url, c("activeComplaints"), { search: target.name, limit: 1000 }, h))
    expect(byName.some((x) => x.id === target.id)).toBe(true)
    expect(items(await send(ctx.url, c("activeComplaints"), { start_date: "2099-01-01", end_date: "2099-01-02" }, h))).toHaveLength(0)
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const theirs = items(await send(ctx.url, c("activeComplaints"), { limit: 1000 }, h2))
    expect(theirs.every((x) => x.ticket_number.startsWith("CMP-2-"))).toBe(true)
    expect((await send(ctx.url, c("getComplaintMetadata"), { ticket_number: target.ticket_number }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("updateComplaint"), { ticket_number: target.ticket_number, status: "Resolved" }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("getComplaintMetadata"), { ticket_number: target.ticket_number }, h)).body.data.status).toBe(
      target.status,
    )
    // agent2's role has no complaints permission.
    const agent2 = as((await login(ctx.url, "agent2")).user_token)
    expect((await send(ctx.url, c("activeComplaints"), {}, agent2)).status).toBe(403)
  })
})
