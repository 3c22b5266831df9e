/**
 * The Messages report (`report-messages`, /apps/messages): every message of the tenant, either direction, from
 * chat.fetchListWtMessages, filtered by date range, channel and direction; the search box holds a customer number.
 */
import { Effect } from "effect"
import type { Message, MessageDirection } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { channelOf, pageOf, rangeOf } from "../report-kit/paged"

export interface MessageFilters {
  readonly startDate: string
  readonly endDate: string
  readonly channel: string
  readonly direction: "" | MessageDirection
}

export const noMessageFilters = (): MessageFilters => ({ startDate: "", endDate: "", channel: "", direction: "" })

export const messagesRequestOf = (f: MessageFilters, number: string, page: number, limit: number) => ({
  page,
  limit,
  ...rangeOf(f.startDate, f.endDate),
  ...channelOf(f.channel),
  ...(f.direction ? { direction: f.direction } : {}),
  ...(number ? { number } : {}),
})

/** What a row's content cell offers: the preview dialog (image, video, document, interactive), a player (audio), or its text. */
export type ContentKind = "preview" | "audio" | "text"
const PREVIEWED = new Set(["image", "video", "document", "interactive"])
export const contentKindOf = (message: Message): ContentKind => {
  const type = message.type.toLowerCase()
  if (PREVIEWED.has(type) || (type === "text" && message.interactive))
    return message.attachments.length || type === "interactive" || message.interactive ? "preview" : "text"
  if (type === "audio" && message.attachments.length) return "audio"
  return "text"
}

export const messagesConfig = (): ReportConfig<Message, MessageFilters> => ({
  name: "messages",
  pageBase: 1,
  defaultFilters: noMessageFilters,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call(
        "chat",
        "fetchListWtMessages",
        messagesRequestOf(query.filters, query.search, query.page, query.pageSize),
      )
      return pageOf(body)
    }),
})

export const messagesMachine = createReportMachine(messagesConfig())
