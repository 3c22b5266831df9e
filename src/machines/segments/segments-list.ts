/**
 * Segments (`report-segments`, /apps/admin-segments and the company sub-page `segments`): the tenant's segments with
 * their member counts, searched by name (tagging.segmentSearch). Its meta carries what the rule builder offers to
 * pick (tags, flags, groups, labels); a list that fails to load leaves its picker empty and says why, the rows
 * still load.
 */
import { Effect } from "effect"
import type { Segment } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export interface Choice {
  readonly id: number
  readonly name: string
}
export type ChoiceKind = "tag" | "flag" | "group" | "label"

export interface SegmentChoices {
  readonly choices: Readonly<Record<ChoiceKind, readonly Choice[]>>
  readonly choicesError: Failure | null
}

const PICK = { page: 1, limit: 100 }

const choicesFor = Effect.gen(function* () {
  const api = yield* Api
  const names = (body: { data: { items: readonly Choice[] } }) => body.data.items.map(({ id, name }) => ({ id, name }))
  const [tag, flag, group, label] = yield* Effect.all(
    [
      api.call("tagging", "tags", PICK).pipe(Effect.map(names)),
      api.call("flags", "flagFetch", PICK).pipe(Effect.map(names)),
      api.call("contacts", "groupsList", PICK).pipe(Effect.map(names)),
      api.call("tagging", "labels", PICK).pipe(Effect.map(names)),
    ],
    { concurrency: 4 },
  )
  return { choices: { tag, flag, group, label }, choicesError: null } satisfies SegmentChoices
}).pipe(
  Effect.catch((error) =>
    Effect.succeed<SegmentChoices>({ choices: { tag: [], flag: [], group: [], label: [] }, choicesError: failureOf(error) }),
  ),
)

export const segmentsListMachine = createReportMachine<Segment, Record<string, never>, SegmentChoices>({
  name: "segments",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const paging = { page: query.page, limit: query.pageSize }
      const [body, choices] = yield* Effect.all(
        [
          query.search
            ? api.call("tagging", "segmentSearch", { ...paging, search: query.search })
            : api.call("tagging", "segments", paging),
          choicesFor,
        ],
        { concurrency: 2 },
      )
      return pageOf<Segment, SegmentChoices>(body, choices)
    }),
})
