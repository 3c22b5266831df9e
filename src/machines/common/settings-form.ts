/**
 * The settings-form kit: one stored thing edited as a draft and saved whole (the company webhook, the tenant's
 * configuration, ...), made from the detail loader (detail-machine.ts). A form differs only in its calls, how a
 * stored value becomes a draft, and what stops a save before any call; the states are the same everywhere:
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (SAVE with a problem: stays, names it;
 *       \--> failed --RETRY--> loading                                          a failed save: ready, failure kept)
 *
 * Views read `stored`, `draft`, `problem` (the first reason a save is refused), `failure` (the last call's) and
 * `saved` (a counter: a view toasts when it grows), and ask tags (`loading`, `ready`, `saving`, `failed`).
 */
import { assign, type PromiseActorLogic } from "xstate"
import { detailMachine } from "./detail-machine"
import type { Failure } from "./failure"
import { errorOf, outputOf } from "./settled"

export interface SettingsFormContext<TStored, TDraft, TProblem> {
  readonly stored: TStored | null
  readonly draft: TDraft
  readonly failure: Failure | null
  readonly problem: TProblem | null
  readonly saved: number
}

export type SettingsFormEvent<TDraft> = { type: "EDIT"; patch: Partial<TDraft> } | { type: "SAVE" }

export interface SettingsFormSpec<TStored, TDraft, TProblem, TLoaded extends TStored | null, TSave> {
  readonly id: string
  /** The read (invoked as `load`); null: nothing saved yet. */
  readonly load: PromiseActorLogic<TLoaded, void>
  /** The write of a draft without problems (invoked as `save`); answers what is stored now. */
  readonly save: PromiseActorLogic<TStored, TSave>
  /** The draft a stored value (or nothing yet) is edited as. */
  readonly draftOf: (stored: TStored | null) => TDraft
  /** What stops a save before any call (a form that sends only changes may refuse "no change"). */
  readonly problemOf: (draft: TDraft, stored: TStored | null) => TProblem | null
  /** What the save is given, once `problemOf` found nothing (default: the draft). */
  readonly saveInput?: (draft: TDraft, stored: TStored | null) => TSave
}

export const settingsFormMachine = <TStored, TDraft, TProblem, TLoaded extends TStored | null = TStored | null, TSave = TDraft>(
  spec: SettingsFormSpec<TStored, TDraft, TProblem, TLoaded, TSave>,
) => {
  const saveInput = spec.saveInput ?? ((draft: TDraft) => draft as unknown as TSave)
  type Context = SettingsFormContext<TStored, TDraft, TProblem>
  const empty = (): Context => ({ stored: null, draft: spec.draftOf(null), failure: null, problem: null, saved: 0 })
  const detail = detailMachine({
    types: { context: {} as Context, events: {} as SettingsFormEvent<TDraft>, tags: {} as "saving" },
    load: spec.load,
    actors: { save: spec.save },
    loadInput: () => undefined,
    stored: (context, stored: TLoaded) => ({ ...context, stored, draft: spec.draftOf(stored) }),
    closed: empty,
  })
  return detail.kit
    .extend({
      guards: { canSave: ({ context }: { context: Context }) => spec.problemOf(context.draft, context.stored) === null },
      actions: {
        edit: assign(({ context }, patch: Partial<TDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
        refuse: assign(({ context }) => ({ problem: spec.problemOf(context.draft, context.stored) })),
        storeSaved: assign(({ context }, stored: TStored) => ({
          stored,
          draft: spec.draftOf(stored),
          failure: null,
          saved: context.saved + 1,
        })),
      },
    })
    .createMachine({
      id: spec.id,
      context: empty,
      initial: "loading",
      on: detail.on,
      states: {
        ...detail.states,
        ready: {
          ...detail.states.ready,
          on: {
            EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
            SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
          },
        },
        saving: {
          tags: ["ready", "saving"],
          invoke: {
            id: "save",
            src: "save",
            input: ({ context }) => saveInput(context.draft, context.stored),
            onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf<TStored> } },
            onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
          },
        },
      },
    })
}
