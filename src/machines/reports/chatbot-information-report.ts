/** Chatbot Information (`/report/chatbot-Information-oral`): each auto-reply chatbot's runs (autoreplies/report): `report-chatbot-information`. */
import { Effect, Schema } from "effect"
import { type AutoReplyReportRow, AutoReplyReportRow as AutoReplyRowSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, type RangeFilters, daysOf, rangeStem, serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { lastDays } from "../report-kit/range-rules"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const chatbotColumns = [
  column<AutoReplyReportRow>("chatbot", "Chatbot", "text", (r) => r.name),
  column<AutoReplyReportRow>("triggered", "Triggered", "number", (r) => r.triggered),
  column<AutoReplyReportRow>("customers", "Customers", "number", (r) => r.customers),
  column<AutoReplyReportRow>("lastTriggered", "Last Triggered", "date", (r) => r.last_triggered_at),
]

const requestOf = (f: RangeFilters, page: number, limit: number) => ({ ...daysOf(f), page: serverPage(page), limit })

export const chatbotInformationConfig = (now: () => Date = () => new Date()) =>
  tableReport<AutoReplyReportRow, RangeFilters>({
    name: "chatbot-information",
    columns: chatbotColumns,
    isRow: Schema.is(AutoReplyRowSchema),
    defaultFilters: () => lastDays(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        return pageOf(
          yield* api.call("reports", "autorepliesReport", {
            ...requestOf(query.filters, query.page, query.pageSize),
            ...businessOf(query),
          }),
        )
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "autorepliesReport",
        payload: { ...requestOf(query.filters, 0, EXPORT_ALL), ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("chatbot_information"),
  })

export const chatbotInformationMachine = createReportMachine(chatbotInformationConfig())
