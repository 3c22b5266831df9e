/**
 * The ticket lists as configured paged reports: Tickets inbox (`report-inbox`: active and unassigned tabs, the
 * ongoing counts), Ongoing Tickets (`report-ticket-ongoing`), Ticket History (`report-ticket-history`, resolved)
 * and the Ticket Report (`report-ticket-report`: filters and figures). Each search box asks tickets.searchTicket,
 * held to the list's own status where it has one.
 */
import { Effect } from "effect"
import type { AgentLoad } from "../../contract/schemas/chat"
import type { Ticket, TicketsCount, TicketStatus } from "../../contract/schemas/tickets"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig, type ReportPage, type ReportQuery } from "../report-kit/report-machine"
import type { ApiError } from "../../services/api/errors"
import { type Failure, failureOf } from "../common/failure"
import { agentIdOf, agentsFor, channelOf, pageOf, rangeOf } from "../report-kit/paged"

export type TicketListKind = "inbox" | "ticket-ongoing" | "ticket-history" | "ticket-report"
export type InboxTab = "active" | "unassigned"
export const TICKET_STATUSES: readonly TicketStatus[] = ["Pending", "Ongoing", "Resolved"]

export interface TicketFilters {
  /** Inbox only. */
  readonly tab: InboxTab
  readonly channel: string
  readonly startDate: string
  readonly endDate: string
  /** Ticket Report only: agent id as text and status, empty for all. */
  readonly agent: string
  readonly status: string
}

export interface TicketMeta {
  /** Inbox: tickets in progress, per channel (tickets.ongoingTicketsCount); null when that call failed. */
  readonly counts?: TicketsCount | null
  readonly countsError?: Failure | null
  /** Ticket Report: the figures over the filtered tickets. */
  readonly figures?: {
    readonly total: number
    readonly byStatus: readonly { status: string; count: number }[]
    readonly avgSeconds: number
  }
  readonly agents?: readonly AgentLoad[]
  readonly agentsError?: Failure | null
}

export const noTicketFilters = (): TicketFilters => ({
  tab: "active",
  channel: "",
  startDate: "",
  endDate: "",
  agent: "",
  status: "",
})

const statusOf = (value: string): TicketStatus | undefined =>
  (TICKET_STATUSES as readonly string[]).includes(value) ? (value as TicketStatus) : undefined

/** The status a list's search is held to: ongoing and history lists search their own tickets only. */
export const searchStatusOf = (kind: TicketListKind, f: TicketFilters): TicketStatus | undefined =>
  kind === "ticket-ongoing" ? "Ongoing" : kind === "ticket-history" ? "Resolved" : kind === "ticket-report" ? statusOf(f.status) : undefined

export const ticketQueryOf = (f: TicketFilters, page: number, limit: number) => ({
  page,
  limit,
  ...channelOf(f.channel),
  ...rangeOf(f.startDate, f.endDate),
})

export const ticketReportRequestOf = (f: TicketFilters, page: number, limit: number) => {
  const agent_id = agentIdOf(f.agent)
  const status = statusOf(f.status)
  return {
    ...ticketQueryOf(f, page, limit),
    ...(agent_id === undefined ? {} : { agent_id }),
    ...(status ? { status } : {}),
  }
}

export const searchRequestOf = (kind: TicketListKind, query: ReportQuery<TicketFilters>) => {
  const status = searchStatusOf(kind, query.filters)
  return {
    ...ticketQueryOf(query.filters, query.page, query.pageSize),
    search: query.search,
    ...(status ? { status } : {}),
  }
}

const ongoingCounts = (channel: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("tickets", "ongoingTicketsCount", channelOf(channel))
    return { counts: body.data as TicketsCount | null, countsError: null as Failure | null }
  }).pipe(Effect.catch((error) => Effect.succeed({ counts: null, countsError: failureOf(error) })))

const listOf = (kind: TicketListKind, query: ReportQuery<TicketFilters>) =>
  Effect.gen(function* (): Effect.fn.Return<ReportPage<Ticket, TicketMeta>, ApiError, Api> {
    const api = yield* Api
    const q = ticketQueryOf(query.filters, query.page, query.pageSize)
    if (query.search) return pageOf(yield* api.call("tickets", "searchTicket", searchRequestOf(kind, query)))
    if (kind === "ticket-ongoing") return pageOf(yield* api.call("tickets", "ongoingTickets", q))
    if (kind === "ticket-history") return pageOf(yield* api.call("tickets", "resolvedTickets", q))
    return pageOf(yield* api.call("tickets", query.filters.tab === "unassigned" ? "unassignedTicket" : "activeTickets", q))
  })

const reportOf = (query: ReportQuery<TicketFilters>) =>
  Effect.gen(function* () {
    const api = yield* Api
    const [body, agents] = yield* Effect.all(
      [api.call("tickets", "ticketReport", ticketReportRequestOf(query.filters, query.page, query.pageSize)), agentsFor],
      { concurrency: 2 },
    )
    const r = body.data
    const figures = { total: r.total_tickets, byStatus: r.status_count, avgSeconds: r.avg_resolution_time.difference }
    // A search replaces the rows, not the figures: they describe the filters.
    const rows = query.search ? yield* api.call("tickets", "searchTicket", searchRequestOf("ticket-report", query)) : null
    return rows ? pageOf(rows, { ...agents, figures }) : { rows: r.items, total: r.totalItems, meta: { ...agents, figures } }
  })

export const ticketListConfig = (kind: TicketListKind): ReportConfig<Ticket, TicketFilters, TicketMeta> => ({
  name: kind,
  pageBase: 1,
  defaultFilters: noTicketFilters,
  load: (query) => {
    if (kind === "ticket-report") return reportOf(query)
    if (kind !== "inbox") return listOf(kind, query)
    return Effect.all([listOf(kind, query), ongoingCounts(query.filters.channel)], { concurrency: 2 }).pipe(
      Effect.map(([page, counts]) => ({ ...page, meta: counts })),
    )
  },
})

/** Which call opens a ticket's conversation: a resolved ticket's whole history, or the live ticket's chat. */
export const ticketTranscriptOf = (ticket: Ticket) =>
  ticket.status === "Resolved"
    ? ({ kind: "ticketHistory", ticketNumber: ticket.ticket_number } as const)
    : ({ kind: "ticket", ticketNumber: ticket.ticket_number } as const)

export const ticketInboxMachine = createReportMachine(ticketListConfig("inbox"))
export const ticketOngoingMachine = createReportMachine(ticketListConfig("ticket-ongoing"))
export const ticketHistoryMachine = createReportMachine(ticketListConfig("ticket-history"))
export const ticketReportMachine = createReportMachine(ticketListConfig("ticket-report"))
