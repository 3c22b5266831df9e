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
import { type Choice, namesOf, PICK, pickerList } from "../report-kit/picker-list"

export type { Choice }
export type ChoiceKind = "tag" | "flag" | "group" | "label"

export interface SegmentChoices {
  readonly choices: Readonly<Record<ChoiceKind, readonly Choice[]>>
  readonly choicesError: Failure | null
}

const choicesFor = Effect.gen(function* () {
  const api = yield* Api
  const [tag, flag, group, label] = yield* Effect.all(
    [
      api.call("tagging", "tags", PICK).pipe(Effect.map(namesOf)),
      api.call("flags", "flagFetch", PICK).pipe(Effect.map(namesOf)),
      api.call("contacts", "groupsList", PICK).pipe(Effect.map(namesOf)),
      api.call("tagging", "labels", PICK).pipe(Effect.map(namesOf)),
    ],
    { concurrency: 4 },
  )
  return { choices: { tag, flag, group, label }, choicesError: null } satisfies SegmentChoices
}).pipe(
  Effect.catch((error) =>
    Effect.succeed<SegmentChoices>({ choices: { tag: [], flag: [], group: [], label: [] }, choicesError: failureOf(error) }),
  ),
)

export const segmentsListMachine = pickerList<Segment, SegmentChoices>({
  name: "segments",
  rows: (paging, search) =>
    Effect.gen(function* () {
      const api = yield* Api
      return search ? yield* api.call("tagging", "segmentSearch", { ...paging, search }) : yield* api.call("tagging", "segments", paging)
    }),
  pickers: choicesFor,
})
