/**
 * The filters most reports share: a date range, a channel and an agent ("" for all), with the requests they make
 * (RangeQuery for the summary calls, ReportQuery for the paged ones) and the rule that checks them.
 */
import type { RangeQuery, ReportQuery as ReportRequest } from "../../contract/schemas/reports"
import { agentIdOf, channelOf } from "./paged"
import { lastDays, type RangeProblem, rangeProblem } from "./range-rules"

/** A date range alone: `YYYY-MM-DD` days. */
export interface RangeFilters {
  readonly startDate: string
  readonly endDate: string
}

export interface ConversationFilters {
  /** `YYYY-MM-DD`. */
  readonly startDate: string
  readonly endDate: string
  /** A channel, or "" for all. */
  readonly channel: string
  /** An agent's id as text, or "" for all. */
  readonly agent: string
}

export const conversationFilters = (days: number, now = new Date()): ConversationFilters => ({
  ...lastDays(days, now),
  channel: "",
  agent: "",
})

export const checkRange = (f: RangeFilters): RangeProblem | null => rangeProblem(f.startDate, f.endDate)

/** The days as the report calls take them: date-only, each a whole day of the tenant's calendar. */
export const daysOf = (f: RangeFilters) => ({ start_date: f.startDate, end_date: f.endDate })

/** The summary calls' request: the days and the channel. */
export const rangeQueryOf = (f: ConversationFilters): RangeQuery => ({ ...daysOf(f), ...channelOf(f.channel) })

/**
 * The paged report calls count pages from 1 (server/core/paging.ts); the screens count from 0 (spec 000: the
 * report default page is 0). The one place that turns one into the other.
 */
export const serverPage = (page: number): number => page + 1

export const reportRequestOf = (f: ConversationFilters, page: number, limit: number): ReportRequest => {
  const agent = agentIdOf(f.agent)
  return { ...rangeQueryOf(f), ...(agent === undefined ? {} : { agent_id: agent }), page: serverPage(page), limit }
}

/** `<stem>_<from>_to_<to>`: a range report's file name before the export day. */
export const rangeStem =
  (stem: string) =>
  (f: RangeFilters): string =>
    `${stem}_${f.startDate}_to_${f.endDate}`
