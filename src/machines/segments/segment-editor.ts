/**
 * One segment created, edited or deleted (page actor `segment-editor`), on the record editor kit, with its live
 * count: while the rules are edited the kit's preview asks the contact list how many contacts match the unsaved
 * rules (contacts.fetchAllContacts with `rules`, one row), PREVIEW_MS after the last change, interrupting a count in
 * flight when the rules change again; a change of name or description does not count again. Incomplete rules are
 * not counted (the view says which condition to finish).
 */
import { Effect } from "effect"
import type { SegmentRules } from "../../contract/schemas/segment-rules"
import type { Segment } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { conditionDraftOf, type RulesDraft, rulesOf } from "./segment-rules"

export const SEGMENT_NAME_MAX = 80
export const SEGMENT_DESCRIPTION_MAX = 300

export interface SegmentDraft extends RulesDraft {
  readonly name: string
  readonly description: string
}

export type SegmentProblem = "nameRequired" | "nameTooLong" | "descriptionTooLong" | "conditionIncomplete" | "noChange"

export const segmentDraftOf = (row: Segment): SegmentDraft => ({
  name: row.name,
  description: row.description ?? "",
  match: row.rules.match,
  conditions: row.rules.conditions.map(conditionDraftOf),
})

export const segmentRequestOf = (
  draft: SegmentDraft,
  row: Segment | null,
): { readonly problem: SegmentProblem } | { readonly request: { name?: string; description?: string; rules?: SegmentRules } } => {
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > SEGMENT_NAME_MAX) return { problem: "nameTooLong" }
  if (description.length > SEGMENT_DESCRIPTION_MAX) return { problem: "descriptionTooLong" }
  const rules = rulesOf(draft)
  if (!rules) return { problem: "conditionIncomplete" }
  if (!row) return { request: { name, ...(description ? { description } : {}), rules } }
  const request = {
    ...(name !== row.name ? { name } : {}),
    ...(description !== (row.description ?? "") ? { description } : {}),
    ...(JSON.stringify(rules) !== JSON.stringify(rulesOf(segmentDraftOf(row))) ? { rules } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

/** How many contacts the unsaved rules match now. */
export interface SegmentCount {
  readonly total: number
}

export const segmentEditorMachine = createRecordEditor<Segment, SegmentDraft, never, SegmentRules, SegmentCount>({
  list: "report-segments",
  blank: () => ({ name: "", description: "", match: "all", conditions: [] }),
  draftOf: segmentDraftOf,
  problemOf: (draft, row) => {
    const out = segmentRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = segmentRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const { name = "", rules = { match: "all", conditions: [] }, ...rest } = out.request
      return row
        ? yield* api.call("tagging", "segmentUpdate", { id: row.id, ...out.request })
        : yield* api.call("tagging", "segmentInsert", { name, rules, ...rest })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("tagging", "segmentDelete", { id: row.id })
    }),
  preview: {
    inputOf: rulesOf,
    load: (rules) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("contacts", "fetchAllContacts", { page: 1, limit: 1, rules })
        return { total: body.data.totalItems }
      }),
  },
})
