/** Template Messages Report (`/report/template-messages-report`): templates sent in the range and their cost (template/consumption): `report-template-messages`. */
import { Effect, Schema } from "effect"
import { type TemplateConsumption, TemplateConsumption as TemplateConsumptionSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, type RangeFilters, rangeStem } from "../report-kit/conversation-filters"
import { lastDays } from "../report-kit/range-rules"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { localPage, tableReport } from "../report-kit/table-report"

export interface TemplateMessagesMeta {
  /** Every template of the range, for the chart. */
  readonly all: readonly TemplateConsumption[]
}

export const templateColumns = [
  column<TemplateConsumption>("template", "Template", "text", (r) => r.template_name),
  column<TemplateConsumption>("category", "Category", "status", (r) => r.category),
  column<TemplateConsumption>("sent", "Messages", "number", (r) => r.count),
  column<TemplateConsumption>("cost", "Cost", "money", (r) => r.cost),
]

export const templateMessagesConfig = (now: () => Date = () => new Date()) =>
  tableReport<TemplateConsumption, RangeFilters, TemplateMessagesMeta>({
    name: "template-messages",
    columns: templateColumns,
    isRow: Schema.is(TemplateConsumptionSchema),
    defaultFilters: () => lastDays(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("reports", "templateConsumption", { ...daysOf(query.filters), ...businessOf(query) })
        return localPage(data, query, { all: data })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "templateConsumption",
        payload: { ...daysOf(query.filters), ...businessOf(query) },
        rowsAt: ["data"],
        ...csv,
      }),
    fileStem: rangeStem("template_messages"),
  })

export const templateMessagesMachine = createReportMachine(templateMessagesConfig())
