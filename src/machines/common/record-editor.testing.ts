/**
 * The model of a record editor (record-editor.ts) for checkModel: the events every record dialog takes (new, edit,
 * change, save, cancel, delete and confirm, each call's answer and refusal), walked with the feature's own row, draft
 * changes and refusals. A feature gives only what is its own; what its editor does beyond the kit (one-click actions,
 * a preview) it adds through `extra`.
 */
import type { Model, ModelEvent, Snap } from "./model-check.testing"

export interface RecordEditorModel {
  readonly name: string
  readonly machine: Model["machine"]
  readonly row: { readonly id: number }
  /** CHANGE patches; the first makes a new draft that saves. */
  readonly changes: readonly Record<string, unknown>[]
  /** What the server answers a save (defaults to the row itself). */
  readonly savedData?: unknown
  /** The save's refusal (a 409 naming its field, a 400). */
  readonly saveRefusal: unknown
  /** No delete in this editor: the confirm and delete states are left out. */
  readonly noDelete?: boolean
  /** What the server answers a delete, and how it refuses one. */
  readonly removedData?: unknown
  readonly removeRefusal?: unknown
  /** The story that saves: a new record (the default) or an edit of the row, with the first change. */
  readonly saveFrom?: "new" | "edit"
  /** What else of the context must agree (a secret shown once). */
  readonly alsoView?: (s: Snap) => Record<string, unknown>
  /** Coarser or finer state identity than the whole draft. */
  readonly key?: Model["key"]
  /** Sources, states, events and stories of what the editor does beyond the kit. */
  readonly extra?: Partial<Pick<Model, "sources" | "states" | "events" | "stories">>
}

/** The checkModel model of one record editor. */
export const recordEditorModel = (spec: RecordEditorModel): Model => {
  const { row } = spec
  const saved = { type: "xstate.done.actor.save", output: { data: spec.savedData ?? row } }
  const removed = { type: "xstate.done.actor.remove", output: { data: spec.removedData ?? { ok: true } } }
  const removeRefused = { type: "xstate.error.actor.remove", error: spec.removeRefusal ?? new Error("404") }
  const deleting: readonly ModelEvent[] = spec.noDelete ? [] : [{ type: "DELETE", row }, { type: "CONFIRM" }, removed, removeRefused]
  return {
    name: spec.name,
    machine: spec.machine,
    sources: ["save", "remove", ...(spec.extra?.sources ?? [])],
    states: [
      "record.closed",
      "record.editing",
      "record.saving",
      ...(spec.noDelete ? [] : ["record.confirming", "record.deleting"]),
      ...(spec.extra?.states ?? []),
    ],
    events: [
      { type: "NEW" },
      { type: "EDIT", row },
      ...spec.changes.map((patch) => ({ type: "CHANGE", patch })),
      { type: "SAVE" },
      { type: "CANCEL" },
      saved,
      { type: "xstate.error.actor.save", error: spec.saveRefusal },
      ...deleting,
      ...(spec.extra?.events ?? []),
    ],
    stories: [
      [
        spec.saveFrom === "edit" ? { type: "EDIT", row } : { type: "NEW" },
        { type: "CHANGE", patch: spec.changes[0] },
        { type: "SAVE" },
        saved,
      ],
      ...(spec.noDelete ? [] : [[{ type: "DELETE", row }, { type: "CONFIRM" }, removeRefused, { type: "CONFIRM" }, removed]]),
      ...(spec.extra?.stories ?? []),
    ],
    key:
      spec.key ?? ((s: Snap) => [s.value, s.context.row?.id ?? null, s.context.draft, s.context.problem, s.context.failure?.field ?? null]),
    view: (s: Snap) => ({
      tags: [...s.tags].sort(),
      row: s.context.row,
      draft: s.context.draft,
      problem: s.context.problem,
      failure: s.context.failure,
      saved: s.context.saved,
      ...spec.alsoView?.(s),
    }),
  }
}
