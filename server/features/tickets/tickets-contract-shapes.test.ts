/**
 * Every call of this feature set answers exactly the contract's response schema (the console decodes with the same
 * schemas), on both databases: tickets, complaints, canned messages, uploads, labels, the customer panel.
 */
import { describe, expect, it } from "vitest"
import { Exit, Schema } from "effect"
import { sql } from "drizzle-orm"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

describe.each(DB_KINDS)("response shapes on %s", (kind) => {
  const ctx = useServer(kind)

  it("decodes every answer with the call's response schema", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const { rows } =
      (await ctx.server.services.database.db.execute(sql`SELECT c.id, ct.number FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = 1 AND c.status <> 'closed' ORDER BY c.id LIMIT 1`)) as unknown as {
        rows: { id: number; number: string }[]
      }
    const conv = rows[0]
    const checked: string[] = []
    const check = async (group: string, name: string, payload: Record<string, unknown>) => {
      const call = callOf(group as never, name as never)
      const reply = await send(ctx.url, call, payload, h)
      expect(reply.status, `${group}.${name} ${JSON.stringify(reply.body)}`).toBe(200)
      const exit = Schema.decodeUnknownExit(call.response as Schema.Codec<unknown, unknown>)(reply.body)
      expect(Exit.isSuccess(exit), `${group}.${name}: ${Exit.isFailure(exit) ? String(exit.cause) : ""}`).toBe(true)
      checked.push(name)
      return reply.body
    }
    const ticket = (await check("tickets", "activeTickets", { limit: 3 })).data.items[0]
    await check("tickets", "resolvedTickets", { limit: 3 })
    await check("tickets", "ongoingTickets", { limit: 3 })
    await check("tickets", "unassignedTicket", { limit: 3 })
    await check("tickets", "ongoingTicketsCount", {})
    await check("tickets", "searchTicket", { search: "TK" })
    await check("tickets", "ticketChat", { ticket_number: ticket.ticket_number })
    await check("tickets", "ticketHistorychat", { ticket_number: ticket.ticket_number })
    await check("tickets", "ticketReport", { limit: 3 })
    const complaint = (
      await check("complaints", "postComplaintMetadata", {
        number: conv.number,
        channel_type: "whatsapp",
        customer_message: "Shape check",
        conversation_id: conv.id,
      })
    ).data
    await check("complaints", "activeComplaints", { limit: 3 })
    await check("complaints", "resolvedComplaints", { limit: 3 })
    await check("complaints", "getComplaintMetadata", { ticket_number: complaint.ticket_number })
    await check("complaints", "updateComplaintMetadata", {
      ticket_number: complaint.ticket_number,
      category: "service",
    })
    await check("complaints", "updateComplaint", {
      ticket_number: complaint.ticket_number,
      status: "Resolved",
      resolution_note: "done",
    })
    await check("complaints", "fetchTicketReport", { page: 0, limit: 3 })
    await check("complaints", "searchComplaint", {
      ticket_number: complaint.ticket_number,
      channel_type: "whatsapp",
      ticket_type: "active",
    })
    const canned = (
      await check("cannedMessages", "cannedMessagesCreate", {
        type: "call",
        title: "Shape",
        text: "Shape check",
        shortcut: "shape",
      })
    ).data
    await check("cannedMessages", "cannedMessagesByType", { type: "call" })
    await check("cannedMessages", "fetchListCannedMessages", { limit: 3 })
    await check("cannedMessages", "cannedMessagesUpdateById", { id: canned.id, shared: false })
    await check("cannedMessages", "cannedMessagesDeleteById", { id: canned.id })
    const file = (
      await check("uploads", "upload", {
        file_name: "a.txt",
        mime_type: "text/plain",
        data_base64: Buffer.from("hello").toString("base64"),
      })
    ).data
    await check("uploads", "messageAttachmentByAttachmentId", { attachment_id: file.id })
    const label = (await check("tagging", "createLabel", { name: "Shape", color: "#123456" })).data
    await check("tagging", "labels", { limit: 3 })
    await check("tagging", "updateLabel", { id: label.id, color: "#654321" })
    await check("tagging", "labelUser", { label_id: label.id, conversation_id: conv.id })
    await check("tagging", "labelConversations", { label_id: label.id })
    await check("contacts", "fetchCustomerProfile", { number: conv.number })
    await check("contacts", "updateCustomerAttributes", { number: conv.number, attributes: { shape: true } })
    await check("tagging", "labelRemove", { label_id: label.id, conversation_id: conv.id })
    await check("tagging", "deleteLabel", { id: label.id })
    expect(checked).toHaveLength(33)
  })
})
