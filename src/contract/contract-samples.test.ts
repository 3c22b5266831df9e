/**
 * Sample payloads against the calls whose shapes spec section 3 fixes, and the resource/action helper table:
 * what must decode does, what must be refused is.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { catalogue } from "./catalogue"
import { type CallRef, helperCalls, isSilentHelper, readHelper, resolveHelper } from "./helper-calls"
import { SendType } from "./schemas/chat"

const decodes = (schema: Schema.Top, value: unknown) => Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)(value)
const ok = (schema: Schema.Top, value: unknown) => expect(decodes(schema, value)._tag).toBe("Success")
const refused = (schema: Schema.Top, value: unknown) => expect(decodes(schema, value)._tag).toBe("Failure")
const decoded = <T>(schema: Schema.Top, value: unknown): T => Schema.decodeUnknownSync(schema as Schema.Codec<T, unknown>)(value)

const { callsList } = catalogue.reports.calls
const { otpLogs } = catalogue.otp.calls
const { fetchTicketReport, searchComplaint } = catalogue.complaints.calls
const { messagesSendText, messagesSendByType } = catalogue.chat.calls

const interactive = {
  header_type: "image",
  header_value: "https://cdn.example.com/h.png",
  body: "Pick one",
  footer: null,
  type: "button",
  actions_list: { buttons: [{ reply: { title: "Yes" } }, { title: "No" }] },
}
const callRecord = {
  call_id: "wacid.HBgLOTIzMDAxMjM0NTY3FQIAEhggQjQ",
  name: "Ayesha",
  number: "923001234567",
  call_type: "incoming",
  call_start_time: 1_763_780_000,
  call_end_time: 1_763_780_095,
  call_duration: 95,
  username: "agent1",
  call_status: "COMPLETED",
  blocks: 0,
  dt: "2025-11-22T04:00:00.000Z",
  message: {
    message_type: "interactive",
    message_body: null,
    attachments: [{ name: "filename", value: "menu.pdf" }],
    interactive,
  },
}
const ticket = {
  name: "Omar",
  channel_type: "whatsapp",
  ticket_number: "CMP-000123",
  status: "Pending",
  number: "971501234567",
  dt: "2025-11-20T09:00:00.000Z",
  last_closed: null,
  customer_message: "x".repeat(800),
}
const metadata = {
  channel_type: ["whatsapp", "facebook"],
  agents: [{ id: 3, username: "agent1" }],
  statuses: ["Pending", "Resolved"],
  total_tickets: 1,
  status_count: [{ status: "Pending", count: 1 }],
  avg_resolution_time: { difference: 5400 },
  tickets: [ticket],
}

describe("call history (POST /calls/list)", () => {
  const request = { start_date: "2025-11-22", end_date: "2025-11-22", limit: 10, page: 1 }

  it("accepts the list request with and without call_type, and the export's limit of 999999", () => {
    ok(callsList.request, request)
    ok(callsList.request, { ...request, call_type: "outgoing" })
    ok(callsList.request, { ...request, limit: 999_999 })
  })

  it("refuses 'all' as a call type (it is sent by omission), and limits past the export's", () => {
    refused(callsList.request, { ...request, call_type: "all" })
    refused(callsList.request, { ...request, limit: 1_000_000 })
    refused(callsList.request, { ...request, start_date: undefined })
  })

  it("decodes a record with an interactive message, and one with none", () => {
    const body = decoded<typeof callsList.response.Type>(callsList.response, {
      whatsappCalls: {
        whatsappCalls: [callRecord, { ...callRecord, message: null, username: null, call_start_time: null, call_end_time: null }],
        totalItems: 2,
      },
    })
    expect(body.whatsappCalls.totalItems).toBe(2)
    expect(body.whatsappCalls.whatsappCalls[0].message?.interactive?.actions_list.buttons).toHaveLength(2)
  })

  it("refuses a message kind the viewer cannot show and an unknown call type", () => {
    const wrap = (record: unknown) => ({ whatsappCalls: { whatsappCalls: [record], totalItems: 1 } })
    refused(callsList.response, wrap({ ...callRecord, message: { ...callRecord.message, message_type: "sticker" } }))
    refused(callsList.response, wrap({ ...callRecord, call_type: "missed" }))
    refused(callsList.response, { whatsappCalls: [callRecord], totalItems: 1 })
  })
})

describe("OTP logs (POST /otp-logs)", () => {
  const request = { clientId: 1, limit: 10, page: 0, startDate: "2025-11-01", endDate: "2025-11-22" }

  it("accepts the request with an optional email and decodes { logs: { data, totalItems } }", () => {
    ok(otpLogs.request, request)
    ok(otpLogs.request, { ...request, email: "ayesha@" })
    const row = {
      id: 1,
      username: "ayesha",
      email: "a@x.io",
      number: "923001234567",
      otp_code: "4821",
      dt: "2025-11-22T04:00:00Z",
      provider_name: "Twilio",
      provider_email: "ops@twilio.example",
    }
    const body = decoded<typeof otpLogs.response.Type>(otpLogs.response, { logs: { data: [row], totalItems: 1 } })
    expect(body.logs.data[0].otp_code).toBe("4821")
  })

  it("refuses a request without clientId and a body in the generic envelope", () => {
    refused(otpLogs.request, { ...request, clientId: undefined })
    refused(otpLogs.response, { data: { items: [], totalItems: 0 } })
  })
})

describe("complaint report (complain/fetch_report)", () => {
  it("defaults page to 0 and limit to 10", () => {
    expect(decoded(fetchTicketReport.request, {})).toEqual({ page: 0, limit: 10 })
    expect(decoded(fetchTicketReport.request, { page: 2, limit: 25, agent: 3, status: "Pending" })).toMatchObject({
      page: 2,
      limit: 25,
    })
  })

  it("takes dates as 'YYYY-MM-DD HH:mm:ss' and refuses others", () => {
    ok(fetchTicketReport.request, { start_date: "2025-11-22 00:00:00", end_date: "2025-11-22 23:59:59" })
    refused(fetchTicketReport.request, { start_date: "yesterday" })
    refused(fetchTicketReport.request, { page: -1 })
  })

  it("decodes { data: { complaintMetadata } } with an 800-character complaint", () => {
    const body = decoded<typeof fetchTicketReport.response.Type>(fetchTicketReport.response, {
      data: { complaintMetadata: metadata },
    })
    expect(body.data.complaintMetadata.avg_resolution_time.difference).toBe(5400)
  })

  it("refuses a complaint text of 801 characters", () => {
    const long = { ...metadata, tickets: [{ ...ticket, customer_message: "x".repeat(801) }] }
    refused(fetchTicketReport.response, { data: { complaintMetadata: long } })
  })
})

describe("complaint search (complain/search_ticket)", () => {
  it("accepts the search box's request and decodes { data: { list } }", () => {
    ok(searchComplaint.request, { ticket_number: "CMP-000123", channel_type: "whatsapp", ticket_type: "active" })
    ok(searchComplaint.response, { data: { list: [ticket] } })
    ok(searchComplaint.response, { data: { list: [] } })
  })

  it("refuses an empty ticket number, an unknown channel and ticket type", () => {
    refused(searchComplaint.request, { ticket_number: "", channel_type: "whatsapp", ticket_type: "active" })
    refused(searchComplaint.request, { ticket_number: "CMP-1", channel_type: "telegram", ticket_type: "active" })
    refused(searchComplaint.request, { ticket_number: "CMP-1", channel_type: "whatsapp", ticket_type: "archived" })
  })
})

describe("sending messages (socket base)", () => {
  it("accepts the quick reply { type: 'text', text: { to, message: { text } } } and decodes the message ids", () => {
    ok(messagesSendText.request, {
      type: "text",
      text: { to: ["923001234567"], message: { text: "Sorry we missed you" } },
    })
    const body = decoded<typeof messagesSendText.response.Type>(messagesSendText.response, {
      data: { message: { messages: [{ id: "wamid.1" }] } },
    })
    expect(body.data.message.messages[0].id).toBe("wamid.1")
  })

  it("refuses no recipients, a non-number recipient and an empty text", () => {
    refused(messagesSendText.request, { type: "text", text: { to: [], message: { text: "hi" } } })
    refused(messagesSendText.request, { type: "text", text: { to: ["call me"], message: { text: "hi" } } })
    refused(messagesSendText.request, { type: "text", text: { to: ["923001234567"], message: { text: "" } } })
  })

  it("offers exactly the nine send types of the spec and products, each with its own payload", () => {
    expect([...SendType.literals].sort()).toEqual(
      ["text", "image", "video", "audio", "document", "interactive", "email", "template", "typing_indicator", "products"].sort(),
    )
    ok(messagesSendByType.request, { type: "products", products: { to: ["923001234567"], message: { product_ids: [3, 4] } } })
    refused(messagesSendByType.request, { type: "products", products: { to: ["923001234567"], message: { product_ids: [] } } })
    ok(messagesSendByType.request, {
      type: "image",
      image: { to: ["923001234567"], message: { link: "https://cdn.example.com/a.jpg", caption: "Menu" } },
    })
    ok(messagesSendByType.request, { type: "interactive", interactive: { to: ["923001234567"], message: interactive } })
    ok(messagesSendByType.request, {
      type: "email",
      email: { to: ["a@x.io"], message: { subject: "Hello", text: "Body" } },
    })
    refused(messagesSendByType.request, { type: "sticker", sticker: { to: ["923001234567"], message: {} } })
    refused(messagesSendByType.request, {
      type: "image",
      text: { to: ["923001234567"], message: { text: "mismatch" } },
    })
  })
})

describe("resource/action helper table", () => {
  it("maps the three keys onto their catalogue calls", () => {
    const defOf = ({ group, name }: CallRef) => (catalogue[group].calls as Record<string, unknown>)[name]
    expect(defOf(helperCalls["conversations/send_text"])).toBe(catalogue.chat.calls.messagesSendText)
    expect(defOf(helperCalls["complain/fetch_report"])).toBe(catalogue.complaints.calls.fetchTicketReport)
    expect(defOf(helperCalls["complain/search_ticket"])).toBe(catalogue.complaints.calls.searchComplaint)
    expect(Object.keys(helperCalls).sort()).toEqual(["complain/fetch_report", "complain/search_ticket", "conversations/send_text"])
  })

  it("reads messages[0].id, complaintMetadata and list[0], undefined when empty", () => {
    expect(
      readHelper("conversations/send_text", {
        data: { message: { messages: [{ id: "wamid.9" }, { id: "wamid.10" }] } },
      }),
    ).toBe("wamid.9")
    expect(readHelper("conversations/send_text", { data: { message: { messages: [] } } })).toBeUndefined()
    expect(
      readHelper("complain/fetch_report", decoded(fetchTicketReport.response, { data: { complaintMetadata: metadata } })),
    ).toMatchObject({
      total_tickets: 1,
    })
    const second = { ...ticket, ticket_number: "CMP-000124" }
    expect(readHelper("complain/search_ticket", { data: { list: [ticket, second] } })).toEqual(ticket)
    expect(readHelper("complain/search_ticket", { data: { list: [] } })).toBeUndefined()
  })

  it("ignores errors silently for the report and the search only", () => {
    expect(isSilentHelper("complain/fetch_report")).toBe(true)
    expect(isSilentHelper("complain/search_ticket")).toBe(true)
    expect(isSilentHelper("conversations/send_text")).toBe(false)
  })

  it("resolves known keys and names unknown resources and actions as the spec does", () => {
    expect(resolveHelper("complain", "fetch_report")).toMatchObject({
      _tag: "Found",
      call: { group: fetchTicketReport.group, name: fetchTicketReport.name },
    })
    expect(resolveHelper("billing", "fetch")).toEqual({
      _tag: "UnknownResource",
      message: "Failed to resolve api [billing]",
    })
    expect(resolveHelper("complain", "delete")).toEqual({
      _tag: "UnknownAction",
      message: "Failed to resolve api call [delete]",
    })
  })
})
