/** Segments (`/reports/segments`): the range's conversations by channel (conversation/count): `report-channel-segments`. */
import { Effect, Schema } from "effect"
import { type ChannelCount, ChannelCount as ChannelCountSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, type RangeFilters, rangeStem } from "../report-kit/conversation-filters"
import { lastDays } from "../report-kit/range-rules"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { localPage, tableReport } from "../report-kit/table-report"

export interface SegmentsMeta {
  readonly total: number
  readonly byChannel: readonly ChannelCount[]
}

export const segmentColumns = [
  column<ChannelCount>("channel", "Channel", "channel", (r) => r.channel_type),
  column<ChannelCount>("conversations", "Conversations", "number", (r) => r.count),
]

export const segmentsConfig = (now: () => Date = () => new Date()) =>
  tableReport<ChannelCount, RangeFilters, SegmentsMeta>({
    name: "segments",
    columns: segmentColumns,
    isRow: Schema.is(ChannelCountSchema),
    defaultFilters: () => lastDays(30, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("reports", "conversationCount", { ...daysOf(query.filters), ...businessOf(query) })
        return localPage(data.by_channel, query, { total: data.total, byChannel: data.by_channel })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "conversationCount",
        payload: { ...daysOf(query.filters), ...businessOf(query) },
        rowsAt: ["data", "by_channel"],
        ...csv,
      }),
    fileStem: rangeStem("segments"),
  })

export const segmentsMachine = createReportMachine(segmentsConfig())
