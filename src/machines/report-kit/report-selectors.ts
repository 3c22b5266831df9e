/**
 * What report views read from a report actor (report-machine.ts): the tags for what it is doing, and the pager's
 * figures with the pages it may move to, so no view computes a range or decides whether a button is enabled.
 */
import type { Failure } from "../common/failure"
import type { ReportContext, ReportTag } from "./report-machine"

/** The part of any report's snapshot the selectors need, whatever its rows and filters. */
export interface ReportSnapshotLike {
  readonly context: ReportContext<unknown, unknown, unknown>
  hasTag(tag: ReportTag): boolean
}

export const selectLoading = (s: ReportSnapshotLike): boolean => s.hasTag("loading")
export const selectExporting = (s: ReportSnapshotLike): boolean => s.hasTag("exporting")
export const selectFailure = (s: ReportSnapshotLike): Failure | null => s.context.error
export const selectEmpty = (s: ReportSnapshotLike): boolean => s.context.rows.length === 0
/** Whether the user picks the business the report reads (a super admin). */
export const selectPicks = (s: ReportSnapshotLike): boolean => s.context.picks
/** The business picked; null until then, and for a business's own members. */
export const selectBusiness = (s: ReportSnapshotLike): number | null => s.context.clientId
/** A super admin who has not picked the business yet: the report reads and exports nothing. */
export const selectUnpicked = (s: ReportSnapshotLike): boolean => s.context.picks && s.context.clientId === null

export interface Paging {
  readonly pageSize: number
  readonly total: number
  /** The rows shown, counted from 1 (0 and 0 when there are none). */
  readonly from: number
  readonly to: number
  /** The page to go to, in the report's own numbering; null when there is none. */
  readonly previous: number | null
  readonly next: number | null
}

export const pagingOf = (context: Pick<ReportContext<unknown, unknown, unknown>, "page" | "pageBase" | "pageSize" | "total">): Paging => {
  const { page, pageBase, pageSize, total } = context
  const index = page - pageBase
  const last = Math.max(0, Math.ceil(total / pageSize) - 1)
  return {
    pageSize,
    total,
    from: total === 0 ? 0 : index * pageSize + 1,
    to: Math.min(total, (index + 1) * pageSize),
    previous: index > 0 ? page - 1 : null,
    next: index < last ? page + 1 : null,
  }
}

export const selectPaging = (s: ReportSnapshotLike): Paging => pagingOf(s.context)
