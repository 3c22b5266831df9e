/**
 * The supervisor's chat lists as configured paged reports: Ongoing Chats (`report-ongoing`, /apps/ongoing) and
 * Overall History (`report-history`, /apps/history).
 *
 * Ongoing: chat.agentConversationsOngoing has no agent filter, so the screen asks for the live set at once (up to
 * ONGOING_CAP conversations: a tenant's chats in progress, not its history) and filters by agent and pages here;
 * the agents' loads come from chat.listOngoingagentlist beside it.
 */
import { Effect } from "effect"
import type { AgentLoad, Conversation, ConversationStatus } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { type AgentChoices, agentChoicesOf, agentIdOf, agentsFor, channelOf, pageOf, rangeOf } from "../report-kit/paged"

export const ONGOING_CAP = 1000
export const CONVERSATION_STATUSES: readonly ConversationStatus[] = ["unassigned", "active", "ongoing"]

export interface OngoingFilters {
  readonly channel: string
  readonly status: string
  /** Agent id as text, or empty for all. */
  readonly agent: string
}

export interface OngoingMeta extends AgentChoices {
  /** The server holds more conversations in progress than one request brings (the list shows the first ONGOING_CAP). */
  readonly capped: boolean
}

export const noOngoingFilters = (): OngoingFilters => ({ channel: "", status: "", agent: "" })

export const ongoingRequestOf = (f: OngoingFilters, search: string) => ({
  page: 1,
  limit: ONGOING_CAP,
  ...channelOf(f.channel),
  // Without a status: every open conversation, the waiting ones too (the inbox's All box counts the same set).
  ...((CONVERSATION_STATUSES as readonly string[]).includes(f.status) ? { status: f.status as ConversationStatus } : { queue: true }),
  ...(search ? { search } : {}),
})

/** The agent filter and paging applied to the live set (page numbering from 1). */
export const slicePage = (rows: readonly Conversation[], agent: string, page: number, pageSize: number) => {
  const id = agentIdOf(agent)
  const kept = id === undefined ? rows : rows.filter((row) => row.agent_id === id)
  return { rows: kept.slice((page - 1) * pageSize, page * pageSize), total: kept.length }
}

/** The agents with their loads (chat.listOngoingagentlist), for the load buttons and the agent select. */
const agentLoads = agentChoicesOf(
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("chat", "listOngoingagentlist", { page: 1, limit: 100 })
    return body.data.items as readonly AgentLoad[]
  }),
)

/**
 * An agent's load against their cap, as auto-assign counts both (chat.listOngoingagentlist): `over` is how far above
 * the cap the agent is (an admin lowered it while they held more), never hidden by clamping.
 */
export const loadOf = (a: Pick<AgentLoad, "active_chats" | "max_chats">) => ({
  active: a.active_chats,
  max: a.max_chats,
  over: Math.max(0, a.active_chats - a.max_chats),
})

/** An agent's load button filters the list by that agent; pressed again, it lists every agent's chats. */
export const agentToggled = (current: string, agentId: number): string => (current === String(agentId) ? "" : String(agentId))

/** Newest activity first, as the server orders each list. */
export const byActivity = (a: Conversation, b: Conversation) =>
  (b.last_message_at ?? b.started_at).localeCompare(a.last_message_at ?? a.started_at) || b.id - a.id

export const ongoingConfig = (): ReportConfig<Conversation, OngoingFilters, OngoingMeta> => ({
  name: "ongoing",
  pageBase: 1,
  defaultFilters: noOngoingFilters,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const [body, loads] = yield* Effect.all(
        [api.call("chat", "agentConversationsOngoing", ongoingRequestOf(query.filters, query.search)), agentLoads],
        { concurrency: 2 },
      )
      const page = slicePage([...body.data.items].sort(byActivity), query.filters.agent, query.page, query.pageSize)
      return { ...page, meta: { ...loads, capped: body.data.totalItems > body.data.items.length } }
    }),
})

export interface HistoryFilters {
  readonly startDate: string
  readonly endDate: string
  readonly channel: string
  readonly agent: string
}

export type HistoryMeta = AgentChoices

export const noHistoryFilters = (): HistoryFilters => ({ startDate: "", endDate: "", channel: "", agent: "" })

/** The search box holds a customer's number (or part of it): it travels as `search`. */
export const historyRequestOf = (f: HistoryFilters, search: string, page: number, limit: number) => {
  const agent_id = agentIdOf(f.agent)
  return {
    page,
    limit,
    ...rangeOf(f.startDate, f.endDate),
    ...channelOf(f.channel),
    ...(agent_id === undefined ? {} : { agent_id }),
    ...(search ? { search } : {}),
  }
}

export const historyConfig = (): ReportConfig<Conversation, HistoryFilters, HistoryMeta> => ({
  name: "history",
  pageBase: 1,
  defaultFilters: noHistoryFilters,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const [body, agents] = yield* Effect.all(
        [
          api.call("chat", "agentHistoryConversations", historyRequestOf(query.filters, query.search, query.page, query.pageSize)),
          agentsFor,
        ],
        { concurrency: 2 },
      )
      return pageOf(body, agents)
    }),
})

export const ongoingMachine = createReportMachine(ongoingConfig())
export const historyMachine = createReportMachine(historyConfig())
