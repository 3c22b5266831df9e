/**
 * The record editor: one dialog over a list of a tenant's records (canned messages, labels, tags, segments,
 * reminders) that creates, edits, deletes and runs one-click actions (enable, disable) on them, then reloads the list
 * (`list`, a report actor's systemId) so the row shows what the server kept. Each feature gives only what is its own:
 * a blank draft, a row as a draft, the rule that finds a problem in a draft, and the calls.
 *
 *   record:  closed --NEW/EDIT--> editing --SAVE (no problem)--> saving --done--> closed (saved + 1)
 *                                    ^                                \--error--> editing (failure kept)
 *            closed --DELETE--> confirming --CONFIRM--> deleting --done--> closed; --error--> confirming
 *            closed --RUN--> running --done/error--> closed                        (CANCEL closes the dialog)
 *   preview: idle --draft's preview input changes--> waiting --PREVIEW_MS--> counting --done--> idle (value kept)
 *
 * The optional preview (a segment's live member count) is debounced: each change that alters what the preview asks
 * re-enters `waiting`, which cancels the timer and interrupts a request in flight, so a stale answer never lands.
 * A problem is a key the view words (`<feature>.problems.<key>`); a failed call is kept as data (`failure`), with the
 * field the server named (a 409 on `shortcut`) for the view to mark.
 */
import type { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import { type Failure, failureOf } from "./failure"
import { type AppServices, fromEffect } from "./from-effect"
import type { ReportId } from "../system-ids"
import { reloadReport } from "./reload-report"

export const PREVIEW_MS = 400

export interface RecordSpec<
  Row extends { readonly id: number },
  Draft,
  Action extends string = never,
  PreviewIn = never,
  PreviewOut = never,
> {
  /** The list's report actor, reloaded after every write. */
  readonly list: ReportId
  readonly blank: () => Draft
  readonly draftOf: (row: Row) => Draft
  /** What stops a save before any call, as a key; null when the draft can be sent. */
  readonly problemOf: (draft: Draft, row: Row | null) => string | null
  /** Creates (row null) or updates the row from the draft. */
  readonly save: (draft: Draft, row: Row | null) => Effect.Effect<unknown, unknown, AppServices>
  readonly remove: (row: Row) => Effect.Effect<unknown, unknown, AppServices>
  /** One-click writes on a row (enable, disable). */
  readonly actions?: Readonly<Record<Action, (row: Row) => Effect.Effect<unknown, unknown, AppServices>>>
  /** A live preview of the draft: what to ask (null: nothing to ask yet) and the call that answers it. */
  readonly preview?: {
    readonly inputOf: (draft: Draft) => PreviewIn | null
    readonly load: (input: PreviewIn) => Effect.Effect<PreviewOut, unknown, AppServices>
  }
}

export interface RecordContext<Row, Draft, PreviewOut> {
  /** The row being edited, deleted or acted on; null for a new one. */
  readonly row: Row | null
  readonly draft: Draft
  readonly problem: string | null
  readonly failure: Failure | null
  /** Counts successful writes: the view shows a notice when it grows. */
  readonly saved: number
  /** The last save's answer (a webhook's signing secret is shown once, from its create answer). */
  readonly answer: unknown
  /** What the preview last asked (JSON), so a change elsewhere in the draft does not ask again. */
  readonly previewKey: string | null
  readonly preview: PreviewOut | null
  readonly previewFailure: Failure | null
}

export type RecordEvent<Row, Draft, Action extends string> =
  | { type: "NEW" }
  | { type: "EDIT"; row: Row }
  | { type: "CHANGE"; patch: Partial<Draft> }
  | { type: "SAVE" }
  | { type: "CANCEL" }
  | { type: "DELETE"; row: Row }
  | { type: "CONFIRM" }
  | { type: "RUN"; action: Action; row: Row }

/** What views ask instead of naming states. */
export type RecordTag = "open" | "busy" | "confirming"

export const createRecordEditor = <
  Row extends { readonly id: number },
  Draft,
  Action extends string = never,
  PreviewIn = never,
  PreviewOut = never,
>(
  spec: RecordSpec<Row, Draft, Action, PreviewIn, PreviewOut>,
) => {
  type Ctx = RecordContext<Row, Draft, PreviewOut>
  type Ev = RecordEvent<Row, Draft, Action>
  const keyOf = (draft: Draft): string | null => {
    const input = spec.preview?.inputOf(draft) ?? null
    return input === null ? null : JSON.stringify(input)
  }
  const opened =
    (row: Row | null) =>
    (context: Ctx): Ctx => ({
      ...context,
      row,
      draft: row ? spec.draftOf(row) : spec.blank(),
      problem: null,
      failure: null,
      previewKey: null,
      preview: null,
      previewFailure: null,
    })
  return setup({
    types: { context: {} as Ctx, events: {} as Ev, tags: {} as RecordTag },
    // The invoked calls are typed loosely (unknown in, unknown out): the spec's types are restored where they are read.
    actors: {
      save: fromEffect<unknown, { readonly draft: unknown; readonly row: unknown }>(({ draft, row }) =>
        spec.save(draft as Draft, row as Row | null),
      ),
      remove: fromEffect<unknown, unknown>((row) => spec.remove(row as Row)),
      run: fromEffect<unknown, { readonly action: string; readonly row: unknown }>(({ action, row }) => {
        const act = spec.actions?.[action as Action]
        if (!act) throw new Error(`no action ${action}`)
        return act(row as Row)
      }),
      preview: fromEffect<unknown, unknown>((input) => {
        if (!spec.preview) throw new Error("no preview")
        return spec.preview.load(input as PreviewIn)
      }),
    },
    guards: {
      hasPreview: () => spec.preview !== undefined,
      hasProblem: ({ context }) => spec.problemOf(context.draft, context.row) !== null,
      previewChanged: ({ context }) => spec.preview !== undefined && keyOf(context.draft) !== context.previewKey,
      previewEmpty: ({ context }) => keyOf(context.draft) === null,
    },
    actions: {
      openNew: assign(({ context }) => opened(null)(context)),
      findProblem: assign({ problem: ({ context }) => spec.problemOf(context.draft, context.row) }),

      written: assign({ saved: ({ context }) => context.saved + 1, failure: null }),
      close: assign({ row: null, problem: null, previewKey: null, preview: null, previewFailure: null }),
      forgetFailure: assign({ failure: null }),
      reloadList: reloadReport(spec.list),
      markPreview: assign({ previewKey: ({ context }) => keyOf(context.draft) }),
      clearPreview: assign({ preview: null, previewFailure: null }),
    },
  }).createMachine({
    id: "record-editor",
    type: "parallel",
    context: {
      row: null,
      draft: spec.blank(),
      problem: null,
      failure: null,
      saved: 0,
      answer: null,
      previewKey: null,
      preview: null,
      previewFailure: null,
    },
    states: {
      record: {
        initial: "closed",
        states: {
          closed: {
            on: {
              NEW: { target: "editing", actions: "openNew" },
              EDIT: { target: "editing", actions: assign(({ context, event }) => opened(event.row)(context)) },
              DELETE: { target: "confirming", actions: assign({ row: ({ event }) => event.row, failure: null }) },
              RUN: { guard: () => spec.actions !== undefined, target: "running" },
            },
          },
          editing: {
            tags: "open",
            on: {
              CHANGE: {
                actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), problem: null, failure: null }),
              },
              SAVE: [{ guard: "hasProblem", actions: "findProblem" }, { target: "saving" }],
              // A refused save is dropped with its dialog (else the closed editor would report it as a failed action).
              CANCEL: { target: "closed", actions: ["close", "forgetFailure"] },
            },
          },
          saving: {
            tags: ["open", "busy"],
            invoke: {
              id: "save",
              src: "save",
              input: ({ context }) => ({ draft: context.draft, row: context.row }),
              onDone: { target: "closed", actions: ["written", assign({ answer: ({ event }) => event.output }), "close", "reloadList"] },
              onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
            },
          },
          confirming: {
            tags: "confirming",
            on: { CONFIRM: { target: "deleting" }, CANCEL: { target: "closed", actions: ["close", "forgetFailure"] } },
          },
          deleting: {
            tags: ["confirming", "busy"],
            invoke: {
              id: "remove",
              src: "remove",
              input: ({ context }: { context: Ctx }): unknown => context.row,
              onDone: { target: "closed", actions: ["written", "close", "reloadList"] },
              onError: { target: "confirming", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
            },
          },
          running: {
            tags: "busy",
            entry: assign(({ event }) => {
              assertEvent(event, "RUN")
              return { row: event.row, failure: null }
            }),
            invoke: {
              id: "run",
              src: "run",
              input: ({ event }) => {
                assertEvent(event, "RUN")
                return { action: event.action, row: event.row }
              },
              onDone: { target: "closed", actions: ["written", "close", "reloadList"] },
              onError: { target: "closed", actions: [assign({ failure: ({ event }) => failureOf(event.error) }), "close"] },
            },
          },
        },
      },
      preview: {
        initial: "idle",
        // Opening a record counts afresh. These sit on each child (not on the region with `reenter`), so the region
        // is not exited and the record region's own NEW / EDIT still run.
        on: { CANCEL: { target: ".idle" } },
        states: {
          idle: {
            on: {
              NEW: { guard: "hasPreview", target: "waiting" },
              EDIT: { guard: "hasPreview", target: "waiting" },
              CHANGE: { guard: "previewChanged", target: "waiting" },
            },
          },
          waiting: {
            after: {
              [PREVIEW_MS]: [
                { guard: "previewEmpty", target: "idle", actions: ["markPreview", "clearPreview"] },
                { guard: "previewChanged", target: "counting", actions: "markPreview" },
                { target: "idle" },
              ],
            },
            on: {
              NEW: { target: "waiting", reenter: true },
              EDIT: { target: "waiting", reenter: true },
              CHANGE: { guard: "previewChanged", target: "waiting", reenter: true },
            },
          },
          counting: {
            invoke: {
              id: "preview",
              src: "preview",
              input: ({ context }: { context: Ctx }): unknown => spec.preview?.inputOf(context.draft),
              onDone: { target: "idle", actions: assign({ preview: ({ event }) => event.output as PreviewOut, previewFailure: null }) },
              onError: { target: "idle", actions: assign({ previewFailure: ({ event }) => failureOf(event.error) }) },
            },
            on: {
              NEW: { target: "waiting" },
              EDIT: { target: "waiting" },
              CHANGE: { guard: "previewChanged", target: "waiting" },
            },
          },
        },
      },
    },
  })
}

export type RecordEditor<
  Row extends { readonly id: number },
  Draft,
  Action extends string = never,
  PreviewIn = never,
  PreviewOut = never,
> = ReturnType<typeof createRecordEditor<Row, Draft, Action, PreviewIn, PreviewOut>>
