/** Sub-account Report (`/report/sub-account-report`): template messages each user sent, delivered and read, and their cost (user/template/report): `report-sub-account`. */
import { Effect, Schema } from "effect"
import { type UserTemplateRow, UserTemplateRow as UserTemplateRowSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type WithAgents, withAgents } from "../report-kit/agent-choices"
import { column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeStem, reportRequestOf } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const subAccountColumns = [
  column<UserTemplateRow>("user", "User", "text", (r) => r.username),
  column<UserTemplateRow>("template", "Template", "text", (r) => r.template_name),
  column<UserTemplateRow>("sent", "Sent", "number", (r) => r.sent),
  column<UserTemplateRow>("delivered", "Delivered", "number", (r) => r.delivered),
  column<UserTemplateRow>("read", "Read", "number", (r) => r.read),
  column<UserTemplateRow>("failed", "Failed", "number", (r) => r.failed),
  column<UserTemplateRow>("cost", "Cost", "money", (r) => r.cost),
]

export const subAccountConfig = (now: () => Date = () => new Date()) =>
  tableReport<UserTemplateRow, ConversationFilters, WithAgents<object>>({
    name: "sub-account",
    columns: subAccountColumns,
    isRow: Schema.is(UserTemplateRowSchema),
    defaultFilters: () => conversationFilters(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      withAgents(
        query,
        Effect.gen(function* () {
          const api = yield* Api
          return pageOf(
            yield* api.call("reports", "userTemplateReport", {
              ...reportRequestOf(query.filters, query.page, query.pageSize),
              ...businessOf(query),
            }),
            {},
          )
        }),
      ),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "userTemplateReport",
        payload: { ...reportRequestOf(query.filters, 0, EXPORT_ALL), ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("sub_account_report"),
  })

export const subAccountMachine = createReportMachine(subAccountConfig())
