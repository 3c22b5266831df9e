/**
 * Chat Hourly (`/report/chat-hourly`): conversations and customer messages by weekday and hour of the tenant's day
 * over the range (chat/hourly, the dashboard's heat map): `report-chat-hourly`.
 */
import { Effect, Schema } from "effect"
import { type HeatCell, HeatCell as HeatCellSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeQueryOf, rangeStem } from "../report-kit/conversation-filters"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { localPage, tableReport } from "../report-kit/table-report"

export const hourlyColumns = [
  column<HeatCell>("weekday", "Weekday", "weekday", (r) => r.weekday),
  column<HeatCell>("hour", "Hour", "hour", (r) => r.hour),
  column<HeatCell>("conversations", "Conversations", "number", (r) => r.conversations),
  column<HeatCell>("messagesIn", "Messages In", "number", (r) => r.messages_in),
]

export interface HourlyMeta {
  readonly timeZone: string
  /** All 168 cells, for the heat map. */
  readonly cells: readonly HeatCell[]
}

/** The heat map's rows: one per weekday (Sunday first), 24 hourly conversation counts each. */
export const weekdayRows = (cells: readonly HeatCell[]): number[][] => {
  const rows = Array.from({ length: 7 }, () => Array<number>(24).fill(0))
  for (const c of cells) rows[c.weekday][c.hour] += c.conversations
  return rows
}

export const chatHourlyConfig = (now: () => Date = () => new Date()) =>
  tableReport<HeatCell, ConversationFilters, HourlyMeta>({
    name: "chat-hourly",
    columns: hourlyColumns,
    isRow: Schema.is(HeatCellSchema),
    defaultFilters: () => conversationFilters(7, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("dashboard", "chatHourly", { ...rangeQueryOf(query.filters), ...businessOf(query) })
        return localPage(data.cells, query, { timeZone: data.time_zone, cells: data.cells })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "dashboard",
        name: "chatHourly",
        payload: { ...rangeQueryOf(query.filters), ...businessOf(query) },
        rowsAt: ["data", "cells"],
        ...csv,
      }),
    fileStem: rangeStem("chat_hourly"),
  })

export const chatHourlyMachine = createReportMachine(chatHourlyConfig())
