/**
 * The streamed call-history export, and a file the server writes whole (downloadCsvFile), against a real local HTTP
 * server: the request the API client would send, the CSV built from the streamed rows (a Blob), no rows, a malformed
 * row or body as DecodeFailure, the server's file kept byte for byte, and an error status as the API client's errors
 * (401 resets the session).
 */
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { callCsvLines, CALLS_CSV_HEADER } from "../../machines/reports/call-history-report"
import { SESSION_REPLACED_ALERT } from "../api/errors"
import { downloadCsvFile, streamCsvExport } from "./csv-export"
import { errorOf, apiHarness, successOf } from "../api/api-harness.testing"

const h = apiHarness()

const record = (i: number) => ({
  call_id: `wacid.${i}`,
  name: i === 1 ? 'Ayşe, "K"' : null,
  number: `+90555000000${i}`,
  call_type: "incoming",
  call_start_time: 1_763_000_000,
  call_end_time: 1_763_000_075,
  call_duration: 75,
  username: "agent1",
  call_status: "completed",
  blocks: 2,
  dt: "2026-01-01T10:00:00.000Z",
  message: i === 2 ? { message_type: "text", message_body: "hello", attachments: [], interactive: null } : null,
})

const run = () =>
  Effect.runPromiseExit(
    streamCsvExport({
      group: "reports",
      name: "callsList",
      payload: { start_date: "2026-01-01", end_date: "2026-01-02", limit: 999_999, page: 1 },
      rowsAt: ["whatsappCalls", "whatsappCalls"],
      header: CALLS_CSV_HEADER,
      lineOf: callCsvLines(),
      mime: "text/csv",
    }).pipe(Effect.provide(h.layer())),
  )

describe("streamCsvExport", () => {
  it("posts the call as the API client does and writes one CSV line per streamed row", async () => {
    h.server.on("POST /api/calls/list", {
      body: { whatsappCalls: { whatsappCalls: [record(1), record(2), record(3)], totalItems: 3 } },
    })
    const file = successOf(await run())
    expect(h.server.seen[0].headers["user-token"]).toBe("U-TOKEN")
    expect(h.server.seen[0].body).toEqual({ start_date: "2026-01-01", end_date: "2026-01-02", limit: 999_999, page: 1 })
    expect(file.rows).toBe(3)
    expect(file.content.type).toBe("text/csv")
    const lines = (await file.content.text()).split("\r\n")
    expect(lines).toHaveLength(5)
    expect(lines[0]).toBe(CALLS_CSV_HEADER)
    expect(lines[1]).toContain('"Ayşe, ""K"""')
    expect(lines[1]).toContain(",0h 1m 15s,")
    // The message, then the Transfers column, empty for a call never transferred.
    expect(lines[2].endsWith(",hello,")).toBe(true)
    expect(lines[4]).toBe("")
  })

  it("no rows: zero rows and just the header", async () => {
    h.server.on("POST /api/calls/list", { body: { whatsappCalls: { whatsappCalls: [], totalItems: 0 } } })
    const file = successOf(await run())
    expect(file.rows).toBe(0)
    expect(await file.content.text()).toBe(`${CALLS_CSV_HEADER}\r\n`)
  })

  it("a row that is not a call record, a cut body or a body without the rows is a DecodeFailure", async () => {
    h.server.on("POST /api/calls/list", {
      body: { whatsappCalls: { whatsappCalls: [record(1), { ...record(2), call_type: "sideways" }], totalItems: 2 } },
    })
    expect(errorOf(await run())).toMatchObject({ _tag: "DecodeFailure", group: "reports", name: "callsList" })
    h.server.on("POST /api/calls/list", { text: '{"whatsappCalls":{"whatsappCalls":[{"call_id":' })
    expect(errorOf(await run())._tag).toBe("DecodeFailure")
    h.server.on("POST /api/calls/list", { body: { data: [] } })
    expect(errorOf(await run())._tag).toBe("DecodeFailure")
  })

  it("error statuses fail as the API client's errors; 401 also resets the session", async () => {
    h.server.on("POST /api/calls/list", { status: 403, body: { error: { code: "FORBIDDEN", message: "no" } } })
    expect(errorOf(await run())).toMatchObject({ _tag: "HttpFailure", status: 403, code: "FORBIDDEN", message: "no" })
    h.server.on("POST /api/calls/list", { status: 401, body: { error: { code: "SESSION_REPLACED", message: "x" } } })
    expect(errorOf(await run())).toMatchObject({ _tag: "Unauthorized", code: "SESSION_REPLACED" })
    expect(h.shell.events).toEqual([{ kind: "alert", message: SESSION_REPLACED_ALERT }, { kind: "reload" }])
  })
})

describe("downloadCsvFile", () => {
  const download = () =>
    Effect.runPromiseExit(
      downloadCsvFile({
        group: "reports",
        name: "callsList",
        payload: { start_date: "2026-01-01", end_date: "2026-01-02", limit: 999_999, page: 1, format: "csv", time_zone: "Europe/Istanbul" },
        mime: "text/csv;charset=utf-8",
      }).pipe(Effect.provide(h.layer())),
    )

  it("posts the call as the API client does and keeps the server's file byte for byte", async () => {
    const file = `${CALLS_CSV_HEADER}\r\nwacid.1,"Ayşe, ""K""","'+905550000001"\r\n`
    h.server.on("POST /api/calls/list", { text: file })
    const blob = successOf(await download())
    expect(h.server.seen[0].headers["user-token"]).toBe("U-TOKEN")
    expect(h.server.seen[0].body).toMatchObject({ format: "csv", time_zone: "Europe/Istanbul", limit: 999_999 })
    expect(blob.type).toBe("text/csv;charset=utf-8")
    expect(await blob.text()).toBe(file)
  })

  it("error statuses fail as the API client's errors; 401 also resets the session", async () => {
    h.server.on("POST /api/calls/list", { status: 400, body: { error: { code: "BAD_REQUEST", message: "Unknown time zone" } } })
    expect(errorOf(await download())).toMatchObject({ _tag: "HttpFailure", status: 400, message: "Unknown time zone" })
    h.server.on("POST /api/calls/list", { status: 401, body: { error: { code: "SESSION_REPLACED", message: "x" } } })
    expect(errorOf(await download())).toMatchObject({ _tag: "Unauthorized", code: "SESSION_REPLACED" })
    expect(h.shell.events).toEqual([{ kind: "alert", message: SESSION_REPLACED_ALERT }, { kind: "reload" }])
  })
})
