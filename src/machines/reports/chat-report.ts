/** Chat Report (`/report/chat`): every conversation of the range with its cards (chat/stats): `report-chat`. */
import { Effect, Schema } from "effect"
import { type ChatReportRow, ChatReportRow as ChatReportRowSchema, type ChatStats } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type WithAgents, withAgents } from "../report-kit/agent-choices"
import { column } from "../report-kit/columns"
import {
  checkRange,
  type ConversationFilters,
  conversationFilters,
  rangeQueryOf,
  rangeStem,
  reportRequestOf,
} from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const chatColumns = [
  column<ChatReportRow>("conversation", "Conversation", "number", (r) => r.conversation_id),
  column<ChatReportRow>("name", "Name", "text", (r) => r.name),
  column<ChatReportRow>("number", "Number", "phone", (r) => r.number),
  column<ChatReportRow>("channel", "Channel", "channel", (r) => r.channel_type),
  column<ChatReportRow>("status", "Status", "status", (r) => r.status),
  column<ChatReportRow>("agent", "Agent", "text", (r) => r.agent_name),
  column<ChatReportRow>("started", "Started", "date", (r) => r.started_at),
  column<ChatReportRow>("closed", "Closed", "date", (r) => r.closed_at),
  column<ChatReportRow>("messages", "Messages", "number", (r) => r.messages),
  column<ChatReportRow>("firstResponse", "First Response", "duration", (r) => r.first_response_seconds),
  column<ChatReportRow>("handleTime", "Handle Time", "duration", (r) => r.handle_seconds),
  column<ChatReportRow>("duration", "Duration", "duration", (r) => r.duration),
]

export interface ChatMeta {
  readonly stats: ChatStats
}

export const chatReportConfig = (now: () => Date = () => new Date()) =>
  tableReport<ChatReportRow, ConversationFilters, WithAgents<ChatMeta>>({
    name: "chat",
    columns: chatColumns,
    isRow: Schema.is(ChatReportRowSchema),
    defaultFilters: () => conversationFilters(7, now()),
    check: checkRange,
    now,
    load: (query) =>
      withAgents(
        query,
        Effect.gen(function* () {
          const api = yield* Api
          const [list, stats] = yield* Effect.all(
            [
              api.call("reports", "chatReport", { ...reportRequestOf(query.filters, query.page, query.pageSize), ...businessOf(query) }),
              api.call("reports", "chatStats", { ...rangeQueryOf(query.filters), ...businessOf(query) }),
            ],
            { concurrency: "unbounded" },
          )
          return pageOf(list, { stats: stats.data })
        }),
      ),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "chatReport",
        payload: { ...reportRequestOf(query.filters, 0, EXPORT_ALL), ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("chat_report"),
  })

export const chatReportMachine = createReportMachine(chatReportConfig())
