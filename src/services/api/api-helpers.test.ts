import { Effect, Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { catalogue } from "../../contract/catalogue"
import type { LoginResponse } from "../../contract/schemas/auth"
import { SendResult } from "../../contract/schemas/chat"
import { SearchComplaintResponse, TicketReportResponse } from "../../contract/schemas/tickets"
import { Api, apiTestLayer } from "./api"
import type { ApiError } from "./errors"
import { helperCalls } from "../../contract/helper-calls"
import { makeRecordingShell, type RecordingShell } from "../browser/browser-shell"
import { makeMemoryStorage, type MemoryStorage } from "../browser/storage"
import { errorOf, successOf } from "./api-harness.testing"
import { startTestServer, type TestServer } from "./api-test-server.testing"

let server: TestServer
let storage: MemoryStorage
let shell: RecordingShell
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  storage = makeMemoryStorage({ user_token: "U", client_token: "C" })
  shell = makeRecordingShell()
})

const run = <A, E>(program: (api: Api["Service"]) => Effect.Effect<A, E>) =>
  Effect.runPromiseExit(
    Effect.flatMap(Effect.service(Api), program).pipe(Effect.provide(apiTestLayer({ config: { origin: server.origin }, storage, shell }))),
  )
// Bodies of the spec's shapes, checked against the contract's own schemas so they stay valid as the groups get wired.
const ticket = {
  name: "Ayse",
  channel_type: "whatsapp",
  ticket_number: "T-100",
  status: "Pending",
  number: "905551112233",
  dt: "2024-05-01T09:00:00Z",
  last_closed: null,
  customer_message: "The parcel never arrived",
}
const reportBody = Schema.decodeUnknownSync(TicketReportResponse)({
  data: {
    complaintMetadata: {
      channel_type: ["whatsapp"],
      agents: [{ id: 2, username: "agent1" }],
      statuses: ["Pending", "Resolved"],
      total_tickets: 1,
      status_count: [{ status: "Pending", count: 1 }],
      avg_resolution_time: { difference: 3600 },
      tickets: [ticket],
    },
  },
})
const searchBody = Schema.decodeUnknownSync(SearchComplaintResponse)({ data: { list: [ticket] } })
const sendBody = Schema.decodeUnknownSync(SendResult)({ data: { message: { messages: [{ id: "wamid.ABC" }] } } })

const reportPayload = {
  page: 0,
  limit: 10,
  channel_type: "whatsapp",
  start_date: "2024-05-01 00:00:00",
  end_date: "2024-05-01 23:59:59",
  agent: 2,
  status: "Pending",
}
const searchPayload = { ticket_number: "T-100", channel_type: "whatsapp", ticket_type: "active" } as const
const sendPayload = { type: "text", text: { to: ["905551112233"], message: { text: "Thanks!" } } } as const

describe("request(resource, action)", () => {
  it("maps onto the catalogue calls the helper names", () => {
    expect(helperCalls["conversations/send_text"]).toMatchObject({ group: "chat", name: "messagesSendText" })
    expect(helperCalls["complain/fetch_report"]).toMatchObject({ group: "complaints", name: "fetchTicketReport" })
    expect(helperCalls["complain/search_ticket"]).toMatchObject({ group: "complaints", name: "searchComplaint" })
    for (const { group, name } of Object.values(helperCalls)) {
      expect((catalogue as any)[group].calls[name]).toBeDefined()
    }
  })

  it("conversations/send_text posts to the socket base and answers data.data.message.messages[0].id", async () => {
    server.on("POST /rt/messages/send/text", { body: sendBody })
    const id = successOf(await run((api) => api.request("conversations", "send_text", sendPayload)))
    expect(id).toBe("wamid.ABC")
    expect(server.seen[0].body).toEqual(sendPayload)
    expect(server.seen[0].headers["user-token"]).toBe("U")
  })

  it("conversations/send_text with no message ids answers undefined", async () => {
    server.on("POST /rt/messages/send/text", { body: { data: { message: { messages: [] } } } })
    expect(successOf(await run((api) => api.request("conversations", "send_text", sendPayload)))).toBeUndefined()
  })

  it("conversations/send_text failures reach the caller", async () => {
    server.on("POST /rt/messages/send/text", {
      status: 400,
      body: { error: { code: "BAD_INPUT", message: "bad number", field: "text.to" } },
    })
    const error = errorOf(await run((api) => api.request("conversations", "send_text", sendPayload)))
    expect([error._tag, error.status, error.field]).toEqual(["HttpFailure", 400, "text.to"])
  })

  it("complain/fetch_report answers data.data.complaintMetadata", async () => {
    server.on("POST /api/fetch/ticket/report", { body: reportBody })
    const metadata = successOf(await run((api) => api.request("complain", "fetch_report", reportPayload)))
    expect(metadata).toEqual(reportBody.data.complaintMetadata)
    expect(server.seen[0].body).toEqual(reportPayload)
  })

  it("complain/search_ticket answers data.data.list[0], or undefined for an empty list", async () => {
    server.on("POST /api/search/complaint", { body: searchBody })
    expect(successOf(await run((api) => api.request("complain", "search_ticket", searchPayload)))).toEqual(ticket)
    server.on("POST /api/search/complaint", { body: { data: { list: [] } } })
    expect(successOf(await run((api) => api.request("complain", "search_ticket", searchPayload)))).toBeUndefined()
  })

  it("report and search errors are ignored silently: HTTP errors, undecodable bodies, missing tokens", async () => {
    server.on("POST /api/fetch/ticket/report", { status: 500, body: { error: { code: "BOOM", message: "boom" } } })
    server.on("POST /api/search/complaint", { status: 404, body: { error: { code: "NOT_FOUND", message: "none" } } })
    expect(successOf(await run((api) => api.request("complain", "fetch_report", reportPayload)))).toBeUndefined()
    expect(successOf(await run((api) => api.request("complain", "search_ticket", searchPayload)))).toBeUndefined()
    server.on("POST /api/fetch/ticket/report", { text: "not json" })
    expect(successOf(await run((api) => api.request("complain", "fetch_report", reportPayload)))).toBeUndefined()
    Effect.runSync(storage.service.clear)
    const before = server.seen.length
    expect(successOf(await run((api) => api.request("complain", "search_ticket", searchPayload)))).toBeUndefined()
    expect(server.seen.length).toBe(before)
  })

  it("a 401 on a report still ends the session (the one 401 rule), and the caller sees nothing", async () => {
    server.on("POST /api/fetch/ticket/report", {
      status: 401,
      body: { error: { code: "TOKEN_EXPIRED", message: "x" } },
    })
    expect(successOf(await run((api) => api.request("complain", "fetch_report", reportPayload)))).toBeUndefined()
    expect(shell.events.map((e) => e.kind)).toEqual(["alert", "reload"])
    expect(storage.snapshot()).toEqual({})
  })

  it("an unknown resource or action fails with UnresolvedApi and the spec's words, sending nothing", async () => {
    const action = errorOf(await run((api) => (api.request as any)("complain", "nope")))
    expect([action._tag, action.message]).toEqual(["UnresolvedApi", "Failed to resolve api call [nope]"])
    const resource = errorOf(await run((api) => (api.request as any)("nowhere", "send_text")))
    expect([resource._tag, resource.message]).toEqual(["UnresolvedApi", "Failed to resolve api [nowhere]"])
    expect(server.seen).toHaveLength(0)
  })
})

describe("real catalogue credentials", () => {
  it("is typed from the catalogue: request Type in, response Type out, unknown names rejected", () => {
    const typed = (api: Api["Service"]) => {
      const login: Effect.Effect<typeof LoginResponse.Type, ApiError> = api.call("auth", "authUser", {
        username: "a",
        password: "b",
      })
      const id: Effect.Effect<string | undefined, ApiError> = api.request("conversations", "send_text", sendPayload)
      const report: Effect.Effect<(typeof TicketReportResponse.Type)["data"]["complaintMetadata"] | undefined> = api.request(
        "complain",
        "fetch_report",
        reportPayload,
      )
      const found: Effect.Effect<(typeof SearchComplaintResponse.Type)["data"]["list"][number] | undefined> = api.request(
        "complain",
        "search_ticket",
        searchPayload,
      )
      // @ts-expect-error no such action
      api.request("complain", "send_text")
      void [id, report, found]
      // @ts-expect-error unknown group
      api.call("nope", "authUser")
      // @ts-expect-error unknown call name
      api.call("auth", "nope")
      // @ts-expect-error a login needs a password
      api.call("auth", "authUser", { username: "a" })
      return login
    }
    expect(typeof typed).toBe("function")
  })

  it("auth.authUser (credential none) goes out without any stored token", async () => {
    Effect.runSync(storage.service.clear)
    server.on("POST /api/auth/user", { status: 400, body: { error: { code: "BAD_INPUT", message: "no" } } })
    const error = errorOf(await run((api) => api.call("auth", "authUser", { username: "agent1", password: "demo1234" })))
    expect(catalogue.auth.calls.authUser.credential).toBe("none")
    expect([error._tag, error.status]).toEqual(["HttpFailure", 400])
    expect(server.seen[0].headers["user-token"]).toBeUndefined()
    expect(server.seen[0].headers["client-token"]).toBeUndefined()
  })

  it("auth.logoutByLoginId substitutes {login_id} into a GET path", async () => {
    await run((api) => api.call("auth", "logoutByLoginId", { login_id: "42" }))
    expect(`${server.seen[0].method} ${server.seen[0].path}`).toBe("GET /api/logout/42")
    expect(server.seen[0].headers["user-token"]).toBe("U")
  })
})
