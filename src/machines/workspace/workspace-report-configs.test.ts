/**
 * The workspace's configurations of the paged-report machine: the requests each list sends for its filters, search
 * and page, the live set's agent filter and paging, which call opens a transcript, and what a simulated customer sends.
 */
import { describe, expect, it } from "vitest"
import type { Conversation, Message } from "../../contract/schemas/chat"
import type { Ticket } from "../../contract/schemas/tickets"
import { byActivity, historyRequestOf, loadOf, noOngoingFilters, ongoingRequestOf, slicePage } from "./conversation-reports"
import { complaintListRequestOf, complaintSearchesOf, noComplaintListFilters } from "../complaints/complaints-report"
import { contentKindOf, messagesRequestOf, noMessageFilters } from "./messages-report"
import { agentIdOf, channelOf, rangeOf } from "../report-kit/paged"
import { inboundOf, initialSimulator } from "../simulator/simulator-machine"
import { noTicketFilters, searchRequestOf, ticketQueryOf, ticketReportRequestOf, ticketTranscriptOf } from "../tickets/ticket-reports"
import { mergeMessages } from "./transcript-machine"

const conversation = (id: number, agent_id: number | null, last: string): Conversation => ({
  id,
  number: `+90555000${id}`,
  name: null,
  channel_type: "whatsapp",
  status: "active",
  agent_id,
  agent_name: null,
  last_message: null,
  last_message_at: last,
  unread: 0,
  labels: [],
  blocked: false,
  started_at: "2026-01-01T00:00:00Z",
  closed_at: null,
  session_expires_at: null,
})

const message = (id: number, type: string, extra: Partial<Message> = {}): Message => ({
  id,
  external_id: null,
  conversation_id: 1,
  number: "+905551112233",
  channel_type: "whatsapp",
  direction: "inbound",
  type,
  body: null,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt: `2026-01-01T10:00:0${id}Z`,
  ...extra,
})

describe("workspace report configurations", () => {
  it("shared pieces: date range from the start of the first day to the end of the last, channel and agent only when set", () => {
    expect(rangeOf("", "")).toEqual({})
    expect(rangeOf("2026-01-01", "2026-01-31")).toEqual({
      start_date: "2026-01-01 00:00:00",
      end_date: "2026-01-31 23:59:59",
    })
    expect(channelOf("")).toEqual({})
    expect(channelOf("telegram")).toEqual({})
    expect(channelOf("sms")).toEqual({ channel_type: "sms" })
    expect(agentIdOf("")).toBeUndefined()
    expect(agentIdOf("7")).toBe(7)
    expect(agentIdOf("x")).toBeUndefined()
  })

  it("ongoing chats: the live set in one request, agent filter and pages here, newest activity first", () => {
    expect(ongoingRequestOf(noOngoingFilters(), "")).toEqual({ page: 1, limit: 1000, queue: true })
    expect(ongoingRequestOf({ channel: "instagram", status: "unassigned", agent: "3" }, "Ayşe")).toEqual({
      page: 1,
      limit: 1000,
      channel_type: "instagram",
      status: "unassigned",
      search: "Ayşe",
    })
    const rows = [
      conversation(1, 3, "2026-01-01T10:00:00Z"),
      conversation(2, 4, "2026-01-01T11:00:00Z"),
      conversation(3, 3, "2026-01-01T12:00:00Z"),
    ]
    expect([...rows].sort(byActivity).map((r) => r.id)).toEqual([3, 2, 1])
    expect(slicePage(rows, "3", 1, 10)).toEqual({ rows: [rows[0], rows[2]], total: 2 })
    expect(slicePage(rows, "", 2, 2)).toEqual({ rows: [rows[2]], total: 3 })
  })

  it("an agent's load above the cap says by how much, never clamped", () => {
    expect(loadOf({ active_chats: 3, max_chats: 5 })).toEqual({ active: 3, max: 5, over: 0 })
    expect(loadOf({ active_chats: 5, max_chats: 5 })).toEqual({ active: 5, max: 5, over: 0 })
    expect(loadOf({ active_chats: 12, max_chats: 5 })).toEqual({ active: 12, max: 5, over: 7 })
  })

  it("history: range, channel, agent and the number search", () => {
    expect(historyRequestOf({ startDate: "2026-01-01", endDate: "2026-01-02", channel: "whatsapp", agent: "5" }, "+90555", 2, 25)).toEqual({
      page: 2,
      limit: 25,
      start_date: "2026-01-01 00:00:00",
      end_date: "2026-01-02 23:59:59",
      channel_type: "whatsapp",
      agent_id: 5,
      search: "+90555",
    })
  })

  it("messages: direction and number only when set; media rows open the preview, audio plays in place", () => {
    expect(messagesRequestOf(noMessageFilters(), "", 1, 10)).toEqual({ page: 1, limit: 10 })
    expect(messagesRequestOf({ ...noMessageFilters(), direction: "outbound" }, "+905551112233", 3, 5)).toEqual({
      page: 3,
      limit: 5,
      direction: "outbound",
      number: "+905551112233",
    })
    const file = { id: 1, name: "a.jpg", mime_type: "image/jpeg", size: 1, url: "https://x/a.jpg" }
    expect(contentKindOf(message(1, "text", { body: "hi" }))).toBe("text")
    expect(contentKindOf(message(2, "image", { attachments: [file] }))).toBe("preview")
    expect(contentKindOf(message(3, "audio", { attachments: [file] }))).toBe("audio")
    expect(contentKindOf(message(4, "template"))).toBe("text")
  })

  it("tickets: list, report and search requests; which call opens a ticket's chat", () => {
    const f = {
      ...noTicketFilters(),
      channel: "sms",
      startDate: "2026-02-01",
      endDate: "2026-02-01",
      agent: "4",
      status: "Resolved",
    }
    expect(ticketQueryOf(f, 1, 10)).toEqual({
      page: 1,
      limit: 10,
      channel_type: "sms",
      start_date: "2026-02-01 00:00:00",
      end_date: "2026-02-01 23:59:59",
    })
    expect(ticketReportRequestOf(f, 2, 5)).toMatchObject({ page: 2, limit: 5, agent_id: 4, status: "Resolved" })
    const query = { filters: noTicketFilters(), search: "TK-1", page: 1, pageSize: 10 }
    expect(searchRequestOf("inbox", query)).toEqual({ page: 1, limit: 10, search: "TK-1" })
    expect(searchRequestOf("ticket-ongoing", query)).toMatchObject({ status: "Ongoing" })
    expect(searchRequestOf("ticket-history", query)).toMatchObject({ status: "Resolved" })
    const ticket = { ticket_number: "TK-1-1", status: "Resolved" } as Ticket
    expect(ticketTranscriptOf(ticket)).toEqual({ kind: "ticketHistory", ticketNumber: "TK-1-1" })
    expect(ticketTranscriptOf({ ...ticket, status: "Pending" })).toEqual({ kind: "ticket", ticketNumber: "TK-1-1" })
  })

  it("complaints: list request; the search asks every channel unless one is chosen", () => {
    expect(complaintListRequestOf({ ...noComplaintListFilters(), agent: "2" }, 1, 10)).toEqual({
      page: 1,
      limit: 10,
      agent_id: 2,
    })
    expect(complaintSearchesOf(noComplaintListFilters(), "CMP-1").map((r) => r.channel_type)).toEqual([
      "whatsapp",
      "facebook",
      "instagram",
      "sms",
      "webchat",
    ])
    expect(complaintSearchesOf({ ...noComplaintListFilters(), tab: "resolved", channel: "sms" }, "CMP-1")).toEqual([
      { ticket_number: "CMP-1", channel_type: "sms", ticket_type: "resolved" },
    ])
  })

  it("transcripts merge pages oldest first, each message once", () => {
    const a = message(1, "text")
    const b = message(2, "text")
    const c = message(3, "text")
    expect(mergeMessages([b, a], [c, b]).map((m) => m.id)).toEqual([1, 2, 3])
  })

  it("simulator: what the hook receives, or why nothing is sent", () => {
    const c = initialSimulator(1)
    expect(inboundOf(c)).toEqual({ problem: "numberRequired" })
    const withNumber = { ...c, customer: { ...c.customer, number: " +905551112233 ", name: "Deniz" } }
    expect(inboundOf(withNumber)).toEqual({ problem: "textRequired" })
    expect(inboundOf({ ...withNumber, draft: { ...c.draft, text: "Hi" } })).toEqual({
      message: { clientId: 1, channel: "whatsapp", number: "+905551112233", name: "Deniz", type: "text", text: "Hi" },
    })
    expect(inboundOf({ ...withNumber, draft: { ...c.draft, type: "image" } })).toEqual({ problem: "linkRequired" })
    expect(inboundOf({ ...withNumber, draft: { type: "document", text: "", link: "https://x/a.pdf", filename: "a.pdf" } })).toEqual({
      message: {
        clientId: 1,
        channel: "whatsapp",
        number: "+905551112233",
        name: "Deniz",
        type: "document",
        link: "https://x/a.pdf",
        filename: "a.pdf",
      },
    })
  })
})
