/** AHT (`/apps/aht`): average handle time of the range and per day (conversation/aht): `report-aht`. */
import { Effect, Schema } from "effect"
import { type DayMetric, DayMetric as DayMetricSchema, type TimeMetric } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeQueryOf, rangeStem } from "../report-kit/conversation-filters"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { localPage, tableReport } from "../report-kit/table-report"

export const dayMetricColumns = (header: string) => [
  column<DayMetric>("day", "Day", "day", (r) => r.date),
  column<DayMetric>("average", header, "duration", (r) => r.avg_seconds),
  column<DayMetric>("conversations", "Conversations", "number", (r) => r.count),
]

export interface AhtMeta {
  readonly aht: TimeMetric
  /** Every day of the range, for the chart (the table shows a page of them). */
  readonly series: readonly DayMetric[]
}

export const ahtConfig = (now: () => Date = () => new Date()) =>
  tableReport<DayMetric, ConversationFilters, AhtMeta>({
    name: "aht",
    columns: dayMetricColumns("AHT"),
    isRow: Schema.is(DayMetricSchema),
    defaultFilters: () => conversationFilters(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("reports", "conversationAht", { ...rangeQueryOf(query.filters), ...businessOf(query) })
        return localPage(data.series, query, { aht: data.aht, series: data.series })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "conversationAht",
        payload: { ...rangeQueryOf(query.filters), ...businessOf(query) },
        rowsAt: ["data", "series"],
        ...csv,
      }),
    fileStem: rangeStem("aht"),
  })

export const ahtMachine = createReportMachine(ahtConfig())
