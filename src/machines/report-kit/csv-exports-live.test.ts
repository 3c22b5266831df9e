/**
 * Every export through the real server: a value a spreadsheet would run as a formula goes in through the feature's
 * own path (an imported contact, a customer writing in and ordering, a campaign's parameters, a call record), and the
 * file the console (or the server) makes for that feature holds it escaped by the one CSV writer: prefixed with a
 * single quote, read back by papaparse as `'` + the value.
 */
import { Effect, ManagedRuntime } from "effect"
import Papa from "papaparse"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { as, callOf, customerWrites, login, send } from "../../../server/testing/harness"
import { startTestServer, type TestServer } from "../../../server/testing/test-server"
import { draft } from "../../../server/features/templates/templates.testing"
import { Api } from "../../services/api/api"
import { appTestLayer } from "../../services/app-layer"
import { makeRecordingShell } from "../../services/browser/browser-shell"
import { makeMemoryStorage } from "../../services/browser/storage"
import type { AppRuntime } from "../common/from-effect"
import { contactsCsv } from "../contacts/bulk-steps"
import { rejectionsCsv } from "../contacts/import-mapping"
import { ordersConfig, ordersFilters } from "../orders/orders-list"
import { otpReportConfig } from "../otp/otp-report"
import { callHistoryConfig, todayFilters } from "../reports/call-history-report"
import { chatReportConfig } from "../reports/chat-report"
import { conversationFilters } from "./conversation-filters"
import { lastDays } from "./range-rules"
import type { ReportConfig } from "./report-machine"

const NAME = '=HYPERLINK("http://evil.example","open")'
const NOTE = "-2+3+cmd|' /C calc'!A0"
const BAD_NUMBER = "@SUM(1+1)"
const ESCAPED = (value: string) => `'${value}`

let server: TestServer
let runtime: AppRuntime
let headers: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  const token = (await login(server.url, "admin")).user_token
  headers = as(token)
  runtime = ManagedRuntime.make(
    appTestLayer({ config: { origin: server.url }, storage: makeMemoryStorage({ user_token: token }), shell: makeRecordingShell() }),
  )
}, 120_000)
afterAll(async () => {
  await runtime?.dispose()
  await server?.stop()
})

const cellsOf = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data

/** A report's export as the screen makes it (its exportFile), read back row by row. */
const exported = async <F>(config: ReportConfig<unknown, F, unknown>, filters: F) => {
  const file = await runtime.runPromise(
    (config.exportFile?.({ filters, search: "", page: 0, pageSize: 10 }) ?? Effect.succeed(null)) as Effect.Effect<
      { content: Blob | string } | null,
      unknown,
      never
    >,
  )
  if (!file) throw new Error("the export made no file")
  return cellsOf(typeof file.content === "string" ? file.content : await file.content.text())
}

describe("CSV exports escape spreadsheet formulas", () => {
  it("contacts: the contact export and the import's rejections file", async () => {
    const file = ["number,name,note", `+905550071001,"${NAME.replace(/"/g, '""')}",${NOTE}`, `${BAD_NUMBER},Bad,`].join("\n")
    const imported = await send(server.url, callOf("contacts", "addCustomers"), { file_name: "formulas.csv", file }, headers)
    expect(imported.body.data).toMatchObject({ imported: 1, rejected: 1 })
    const rows = await runtime.runPromise(
      Effect.flatMap(Api, (api) => api.call("contacts", "fetchAllContacts", { search: "+905550071001", limit: 10, page: 1 })),
    )
    const [contact] = cellsOf(contactsCsv(rows.data.items))
    expect(contact).toMatchObject({ number: ESCAPED("+905550071001"), name: ESCAPED(NAME), note: ESCAPED(NOTE) })
    expect(cellsOf(rejectionsCsv(imported.body.data))[0]).toMatchObject({ number: ESCAPED(BAD_NUMBER), reason: "invalid_number" })
  })

  it("reports and orders: a customer named like a formula, in the chat report and the orders export", async () => {
    await send(
      server.url,
      callOf("catalogues", "productInsert"),
      { sku: "F-1", name: "Tea", price: 100, currency: "EUR", stock: 9, retailer_id: "r-F-1" },
      headers,
    )
    const number = "+905550071002"
    expect((await customerWrites(server, number, { name: NAME })).status).toBe(200)
    const placed = await customerWrites(server, number, {
      name: NAME,
      type: "order",
      order: { product_items: [{ product_retailer_id: "r-F-1", quantity: 1 }] },
    })
    expect(placed.status).toBe(200)
    const chats = await exported(chatReportConfig() as ReportConfig<unknown, unknown, unknown>, conversationFilters(1))
    expect(chats.find((r) => r.Number === ESCAPED(number))).toMatchObject({ Name: ESCAPED(NAME) })
    const orders = await exported(ordersConfig() as ReportConfig<unknown, unknown, unknown>, ordersFilters())
    expect(orders.find((r) => r.Number === ESCAPED(number))).toMatchObject({ Customer: ESCAPED(NAME) })
  })

  it("campaigns: the server's campaign report escapes a formula parameter", async () => {
    await send(server.url, callOf("templates", "templateMessageCreate"), draft("promo_formula"), headers)
    const made = await send(
      server.url,
      callOf("campaigns", "campaignCreate"),
      {
        name: "Formulas",
        template_name: "promo_formula",
        language: "en",
        numbers: ["+905550071003"],
        params: [NOTE, "x"],
        rate_per_second: null,
      },
      headers,
    )
    expect(made.status).toBe(200)
    const report = await send(server.url, callOf("templates", "downloadTemplateCampaign"), { id: made.body.data.id }, headers)
    expect(cellsOf(report.body.data.csv)[0]).toMatchObject({ number: ESCAPED("+905550071003"), parameters: ESCAPED(`${NOTE} | x`) })
  })

  it("call records: the call history export escapes a caller's name", async () => {
    await server.services.database.query(
      `INSERT INTO call_records (call_id, client_id, name, number, call_type, duration, status, blocks, dt)
       VALUES ('wacid.formula', 1, $1, '+905550071004', 'incoming', 0, 'missed', 0, now())`,
      [NAME],
    )
    const calls = await exported(callHistoryConfig() as ReportConfig<unknown, unknown, unknown>, todayFilters())
    expect(calls.find((r) => r["Call ID"] === "wacid.formula")).toMatchObject({ Name: ESCAPED(NAME) })
  })

  it("OTP logs: the OTP report escapes a provider's name", async () => {
    await server.services.database.query(
      `INSERT INTO otp_logs (client_id, username, otp_code, provider_name) VALUES (1, 'formula', '', $1)`,
      [NOTE],
    )
    const otp = await exported(otpReportConfig() as ReportConfig<unknown, unknown, unknown>, lastDays(1))
    expect(otp.find((r) => r.Provider === ESCAPED(NOTE))).toMatchObject({ Sent: "1" })
  })
})
