/**
 * A settings list whose editor picks from other lists (a segment's tags and groups, a reminder's groups and
 * templates): one page of its rows (the list call, or the search call when the user typed) and the pickers, loaded
 * together as the report's meta. The pickers' effect catches its own failure (empty pickers that say why), so a
 * failed picker never hides the rows.
 */
import { Effect } from "effect"
import type { AppServices } from "../common/from-effect"
import { type PagedBody, pageOf } from "./paged"
import { createReportMachine } from "./report-machine"

export interface Choice {
  readonly id: number
  readonly name: string
}

/** How many of each picker's choices are offered. */
export const PICK = { page: 1, limit: 100 }

export const namesOf = (body: { data: { items: readonly Choice[] } }): Choice[] => body.data.items.map(({ id, name }) => ({ id, name }))

export interface PickerListSpec<Row, Meta> {
  readonly name: string
  /** The page of rows; `search` is what the user typed, empty for the plain list. */
  readonly rows: (paging: { page: number; limit: number }, search: string) => Effect.Effect<PagedBody<Row>, unknown, AppServices>
  readonly pickers: Effect.Effect<Meta, never, AppServices>
}

export const pickerList = <Row, Meta>(spec: PickerListSpec<Row, Meta>) =>
  createReportMachine<Row, Record<string, never>, Meta>({
    name: spec.name,
    pageBase: 1,
    defaultFilters: () => ({}),
    load: (query) =>
      Effect.all([spec.rows({ page: query.page, limit: query.pageSize }, query.search), spec.pickers], { concurrency: 2 }).pipe(
        Effect.map(([body, meta]) => pageOf<Row, Meta>(body, meta)),
      ),
  })
