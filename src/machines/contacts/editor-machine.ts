/**
 * A create/edit dialog for one small record (a contact group, a flag): closed, editing a draft, saving it with one
 * call; a refused save keeps the draft and says why (the server's 4xx, its `field`). On success it emits `saved`
 * so the view reloads its list. Each screen gives the call (`save`) and the draft's fields.
 *
 *   closed --OPEN--> editing --SAVE--> saving --done--> closed (emits saved)
 *                       ^                  \--error--> editing (failure)
 *                       \--EDIT, CLOSE from editing
 */
import type { Effect } from "effect"
import { assertEvent, assign, emit, setup } from "xstate"
import { type Failure, failureOf } from "../common/failure"
import { type AppServices, fromEffect } from "../common/from-effect"
import { errorOf } from "../common/settled"

export type Draft = Readonly<Record<string, string>>

export interface EditorContext {
  /** The record being edited, or null for a new one. */
  readonly id: number | null
  readonly draft: Draft
  readonly failure: Failure | null
}

export type EditorEvent =
  | { type: "OPEN"; id: number | null; draft: Draft }
  | { type: "EDIT"; patch: Draft }
  | { type: "SAVE" }
  | { type: "CLOSE" }

export type EditorTag = "closed" | "editing" | "saving"

export interface SaveInput {
  readonly id: number | null
  readonly draft: Draft
}

export const createEditorMachine = (
  name: string,
  save: (input: SaveInput) => Effect.Effect<unknown, unknown, AppServices>,
  valid: (draft: Draft) => boolean,
) =>
  setup({
    types: { context: {} as EditorContext, events: {} as EditorEvent, emitted: {} as { type: "saved" }, tags: {} as EditorTag },
    actors: { save: fromEffect(save) },
    guards: { valid: ({ context }) => valid(context.draft) },
    actions: {
      open: assign(({ event }) => {
        assertEvent(event, "OPEN")
        return { id: event.id, draft: event.draft, failure: null }
      }),
      edit: assign(({ context, event }) => {
        assertEvent(event, "EDIT")
        return { draft: { ...context.draft, ...event.patch } }
      }),
      fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
      announce: emit({ type: "saved" } as const),
    },
  }).createMachine({
    id: `${name}Editor`,
    context: { id: null, draft: {}, failure: null },
    initial: "closed",
    states: {
      closed: { tags: "closed", on: { OPEN: { target: "editing", actions: "open" } } },
      editing: {
        tags: "editing",
        on: {
          EDIT: { actions: "edit" },
          SAVE: { guard: "valid", target: "saving" },
          CLOSE: { target: "closed" },
        },
      },
      saving: {
        tags: "saving",
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => ({ id: context.id, draft: context.draft }),
          onDone: { target: "closed", actions: "announce" },
          onError: { target: "editing", actions: { type: "fail", params: errorOf } },
        },
      },
    },
  })
