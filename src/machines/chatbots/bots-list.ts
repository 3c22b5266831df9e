/** A tenant's bots (`report-chatbots`) or the caller's away messages (`report-away-messages`): one list, two filters. */
import { Effect } from "effect"
import type { AutoReply } from "../../contract/schemas/chatbots"
import { Api } from "../../services/api/api"
import { createReportMachine } from "../report-kit/report-machine"

export const botsListMachine = (self: boolean) =>
  createReportMachine<AutoReply, Record<string, never>>({
    name: self ? "away-messages" : "chatbots",
    pageBase: 1,
    defaultFilters: () => ({}),
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("chatbots", "getAutoreply", {})
        const search = (query.search ?? "").toLocaleLowerCase()
        const rows = body.data.filter((b) => b.self_service === self && (!search || b.name.toLocaleLowerCase().includes(search)))
        const from = (query.page - 1) * query.pageSize
        return { rows: rows.slice(from, from + query.pageSize), total: rows.length }
      }),
  })

export const chatbotsListMachine = botsListMachine(false)
export const awayMessagesListMachine = botsListMachine(true)
