/** Tickets group on both databases: the four lists, the ongoing count, search, a ticket's chat and history, the report. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const list = (name: "activeTickets" | "resolvedTickets" | "ongoingTickets" | "unassignedTicket") => callOf("tickets", name)
type T = {
  id: number
  ticket_number: string
  status: string
  agent_id: number | null
  agent_name: string | null
  dt: string
  last_closed: string | null
  conversation_id: number | null
  channel_type: string
  name: string | null
  number: string
}

describe.each(DB_KINDS)("tickets on %s", (kind) => {
  const ctx = useServer(kind)
  const rows = (body: any): T[] => body.data.items
  const exec = (q: ReturnType<typeof sql>) => ctx.server.services.database.db.execute(q)

  it("lists open tickets newest first in pages, split into ongoing (an agent holds it) and unassigned (Pending)", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const first = await send(ctx.url, list("activeTickets"), { page: 1, limit: 5 }, h)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ page: 1, limit: 5 })
    const total = first.body.data.totalItems
    expect(total).toBeGreaterThan(5)
    const second = await send(ctx.url, list("activeTickets"), { page: 2, limit: 5 }, h)
    const ids = [...rows(first.body), ...rows(second.body)].map((t) => t.id)
    expect(new Set(ids).size).toBe(10)
    const all = rows((await send(ctx.url, list("activeTickets"), { limit: 1000 }, h)).body)
    expect(all).toHaveLength(total)
    expect(all.map((t) => t.dt)).toEqual([...all.map((t) => t.dt)].sort().reverse())
    expect(all.every((t) => t.status !== "Resolved" && t.last_closed === null)).toBe(true)
    const ongoing = rows((await send(ctx.url, list("ongoingTickets"), { limit: 1000 }, h)).body)
    const unassigned = rows((await send(ctx.url, list("unassignedTicket"), { limit: 1000 }, h)).body)
    expect(ongoing.every((t) => t.status === "Ongoing" && t.agent_id !== null && t.agent_name)).toBe(true)
    expect(unassigned.every((t) => t.status === "Pending" && t.agent_id === null)).toBe(true)
    expect(ongoing.length + unassigned.length).toBe(total)
    const resolved = rows((await send(ctx.url, list("resolvedTickets"), { limit: 1000 }, h)).body)
    expect(resolved.length).toBeGreaterThan(0)
    expect(resolved.every((t) => t.status === "Resolved" && t.last_closed !== null)).toBe(true)
    const closed = resolved.map((t) => t.last_closed!)
    expect(closed).toEqual([...closed].sort().reverse())
  })

  it("moves a ticket between ongoing and unassigned with its conversation's agent", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const [ticket] = rows((await send(ctx.url, list("ongoingTickets"), { limit: 1 }, h)).body)
    expect(ticket.conversation_id).not.toBeNull()
    await exec(sql`UPDATE conversations SET assigned_user_id = NULL, status = 'unassigned' WHERE id = ${ticket.conversation_id}`)
    const unassigned = rows((await send(ctx.url, list("unassignedTicket"), { limit: 1000 }, h)).body)
    expect(unassigned.find((t) => t.id === ticket.id)).toMatchObject({
      status: "Pending",
      agent_id: null,
      agent_name: null,
    })
    const agent1 = await login(ctx.url, "agent1")
    await exec(
      sql`UPDATE conversations SET assigned_user_id = ${agent1.user_data.id}, status = 'active' WHERE id = ${ticket.conversation_id}`,
    )
    const ongoing = rows((await send(ctx.url, list("ongoingTickets"), { limit: 1000 }, h)).body)
    expect(ongoing.find((t) => t.id === ticket.id)).toMatchObject({
      status: "Ongoing",
      agent_id: agent1.user_data.id,
      agent_name: "Kerem Agent",
    })
    expect(rows((await send(ctx.url, list("unassignedTicket"), { limit: 1000 }, h)).body).some((t) => t.id === ticket.id)).toBe(false)
  })

  it("filters by channel and date, and keeps each tenant to its own tickets", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const whatsapp = rows((await send(ctx.url, list("activeTickets"), { limit: 1000, channel_type: "whatsapp" }, h)).body)
    expect(whatsapp.length).toBeGreaterThan(0)
    expect(whatsapp.every((t) => t.channel_type === "whatsapp")).toBe(true)
    const future = await send(ctx.url, list("activeTickets"), { start_date: "2099-01-01", end_date: "2099-01-02" }, h)
    expect(future.body.data).toMatchObject({ items: [], totalItems: 0 })
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const other = rows((await send(ctx.url, list("activeTickets"), { limit: 1000 }, h2)).body)
    expect(other.length).toBeGreaterThan(0)
    expect(other.every((t) => t.ticket_number.startsWith("TK-2-"))).toBe(true)
    const mine = rows((await send(ctx.url, list("activeTickets"), { limit: 1 }, h)).body)[0]
    expect((await send(ctx.url, callOf("tickets", "ticketChat"), { ticket_number: mine.ticket_number }, h2)).status).toBe(404)
    expect((await send(ctx.url, callOf("tickets", "ticketHistorychat"), { ticket_number: mine.ticket_number }, h2)).status).toBe(404)
    expect((await send(ctx.url, list("activeTickets"), {})).status).toBe(401)
  })

  it("counts ongoing tickets by channel, the same tickets the ongoing list shows", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const count = (await send(ctx.url, callOf("tickets", "ongoingTicketsCount"), {}, h)).body.data
    const ongoing = (await send(ctx.url, list("ongoingTickets"), { limit: 1000 }, h)).body.data
    expect(count.total).toBe(ongoing.totalItems)
    expect(count.by_channel.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(count.total)
    const wa = count.by_channel.find((c: { channel_type: string }) => c.channel_type === "whatsapp")?.count ?? 0
    const only = (await send(ctx.url, callOf("tickets", "ongoingTicketsCount"), { channel_type: "whatsapp" }, h)).body.data
    expect(only.total).toBe(wa)
  })

  it("searches by ticket number, name or number, held to a status when asked", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const search = callOf("tickets", "searchTicket")
    const target = rows((await send(ctx.url, list("resolvedTickets"), { limit: 1 }, h)).body)[0]
    const byNumber = rows((await send(ctx.url, search, { search: target.ticket_number }, h)).body)
    expect(byNumber.map((t) => t.id)).toEqual([target.id])
    const byPhone = rows((await send(ctx.url, search, { search: target.number.slice(-6) }, h)).body)
    expect(byPhone.some((t) => t.id === target.id)).toBe(true)
    const resolvedOnly = rows((await send(ctx.url, search, { search: "TK-1-", status: "Resolved", limit: 1000 }, h)).body)
    expect(resolvedOnly.length).toBeGreaterThan(0)
    expect(resolvedOnly.every((t) => t.status === "Resolved")).toBe(true)
    const ongoingOnly = rows((await send(ctx.url, search, { search: "TK-1-", status: "Ongoing", limit: 1000 }, h)).body)
    expect(ongoingOnly.every((t) => t.status === "Ongoing")).toBe(true)
    // "%" is a character to find, not a wildcard.
    expect((await send(ctx.url, search, { search: "%" }, h)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, search, { search: "" }, h)).status).toBe(400)
  })

  it("shows a ticket's chat newest page first and its whole history oldest first", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const {
      rows: [chatty],
    } = (await exec(sql`SELECT t.ticket_number FROM tickets t WHERE t.client_id = 1 AND t.status <> 'Resolved'
      AND (SELECT count(*) FROM messages m WHERE m.conversation_id = t.conversation_id) >= 3 ORDER BY t.id LIMIT 1`)) as unknown as {
      rows: { ticket_number: string }[]
    }
    const [ticket] = rows((await send(ctx.url, callOf("tickets", "searchTicket"), { search: chatty.ticket_number }, h)).body)
    const page = (await send(ctx.url, callOf("tickets", "ticketChat"), { ticket_number: ticket.ticket_number, limit: 2, page: 1 }, h)).body
      .data
    expect(page.totalItems).toBeGreaterThanOrEqual(3)
    expect(page.items).toHaveLength(2)
    expect(page.items.every((m: { conversation_id: number }) => m.conversation_id === ticket.conversation_id)).toBe(true)
    const history = (await send(ctx.url, callOf("tickets", "ticketHistorychat"), { ticket_number: ticket.ticket_number }, h)).body.data
    expect(history).toHaveLength(page.totalItems)
    const dts = history.map((m: { dt: string }) => m.dt)
    expect(dts).toEqual([...dts].sort())
    expect(page.items.map((m: { id: number }) => m.id)).toEqual(
      history
        .slice(-2)
        .reverse()
        .map((m: { id: number }) => m.id),
    )
    expect((await send(ctx.url, callOf("tickets", "ticketChat"), { ticket_number: "TK-none" }, h)).status).toBe(404)
  })

  it("shows a file sent in a ticket's chat at a signed URL that serves its bytes", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const [ticket] = rows((await send(ctx.url, list("activeTickets"), { limit: 1 }, h)).body)
    const bytes = Buffer.from("%PDF-1.4 ticket evidence")
    const file = (
      await send(
        ctx.url,
        callOf("uploads", "upload"),
        { file_name: "evidence.pdf", mime_type: "application/pdf", data_base64: bytes.toString("base64") },
        h,
      )
    ).body.data
    await exec(
      sql`UPDATE attachments SET message_id = (SELECT id FROM messages WHERE conversation_id = ${ticket.conversation_id} ORDER BY dt DESC, id DESC LIMIT 1) WHERE id = ${file.id}`,
    )
    const [latest] = (await send(ctx.url, callOf("tickets", "ticketChat"), { ticket_number: ticket.ticket_number, limit: 1 }, h)).body.data
      .items
    const shown = latest.attachments.find((a: { id: number }) => a.id === file.id)
    expect(shown).toMatchObject({ name: "evidence.pdf", mime_type: "application/pdf", size: bytes.length })
    const served = await fetch(shown.url.startsWith("http") ? shown.url : `${ctx.url}${shown.url}`)
    expect(served.headers.get("content-type")).toBe("application/pdf")
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it("reports figures over the filters: status counts, total, average resolution and a page of rows", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const report = callOf("tickets", "ticketReport")
    const all = (await send(ctx.url, report, { limit: 5 }, h)).body.data
    const active = (await send(ctx.url, list("activeTickets"), {}, h)).body.data.totalItems
    const resolved = (await send(ctx.url, list("resolvedTickets"), {}, h)).body.data.totalItems
    expect(all.total_tickets).toBe(active + resolved)
    expect(all.totalItems).toBe(all.total_tickets)
    expect(all.status_count.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(all.total_tickets)
    expect(all.items).toHaveLength(5)
    expect(all.avg_resolution_time.difference).toBeGreaterThan(0)
    const onlyResolved = (await send(ctx.url, report, { status: "Resolved", limit: 1000 }, h)).body.data
    expect(onlyResolved.total_tickets).toBe(resolved)
    expect(onlyResolved.items.every((t: T) => t.status === "Resolved")).toBe(true)
    const agent1 = await login(ctx.url, "agent1")
    const byAgent = (await send(ctx.url, report, { agent_id: agent1.user_data.id, limit: 1000 }, h)).body.data
    expect(byAgent.items.every((t: T) => t.agent_id === agent1.user_data.id)).toBe(true)
    expect(byAgent.total_tickets).toBeLessThan(all.total_tickets)
  })
})
