/** One chatbot tag created, renamed, described or deleted (page actor `tag-editor`), on the record editor kit. */
import { Effect } from "effect"
import type { Tag } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const TAG_NAME_MAX = 50
export const TAG_DESCRIPTION_MAX = 300

export interface TagDraft {
  readonly name: string
  readonly description: string
}

export type TagProblem = "nameRequired" | "nameTooLong" | "descriptionTooLong" | "noChange"

export const tagRequestOf = (
  draft: TagDraft,
  row: Tag | null,
): { readonly problem: TagProblem } | { readonly request: Partial<TagDraft> } => {
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > TAG_NAME_MAX) return { problem: "nameTooLong" }
  if (description.length > TAG_DESCRIPTION_MAX) return { problem: "descriptionTooLong" }
  if (!row) return { request: { name, ...(description ? { description } : {}) } }
  const request = {
    ...(name !== row.name ? { name } : {}),
    ...(description !== (row.description ?? "") ? { description } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

export const tagEditorMachine = createRecordEditor<Tag, TagDraft>({
  list: "report-tags",
  blank: () => ({ name: "", description: "" }),
  draftOf: (row) => ({ name: row.name, description: row.description ?? "" }),
  problemOf: (draft, row) => {
    const out = tagRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = tagRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("tagging", "tagUpdate", { id: row.id, ...out.request })
        : yield* api.call("tagging", "tagInsert", { ...out.request, name: out.request.name ?? "" })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("tagging", "tagDelete", { id: row.id })
    }),
})
