/**
 * The settings-form kit: one stored thing edited as a draft and saved whole (the company webhook, the tenant's
 * configuration, the WhatsApp connection, the SIP trunk, ...), made from the detail loader (detail-machine.ts). A form
 * differs only in its calls, how a stored value becomes a draft, and what stops a save before any call; the states are
 * the same everywhere:
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (SAVE with a problem: stays, names it;
 *       \--> failed --RETRY--> loading                                          a failed save: ready, failure kept)
 *
 * Views read `stored`, `draft`, `problem` (the first reason a save is refused), `failure` (the last call's) and
 * `saved` (a counter: a view toasts when it grows), and ask tags (`loading`, `ready`, `saving`, `failed`).
 *
 * `settingsFormMachine` is the whole form. A form with more to it takes `settingsForm`'s parts (like the detail
 * loader's) and adds what is its own: fields of its own context (`extra`, e.g. the pick lists read with the stored
 * thing), events of its own in `ready` (a reload, a list edited item by item), or a start in `closed` that OPEN leaves
 * (`open`: a dialog's form, read afresh on each OPEN, keeping only its `saved` count).
 */
import { assign, type EventObject, type PromiseActorLogic } from "xstate"
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

export interface SettingsFormSpec<TStored, TDraft, TProblem, TLoaded, TSave, TExtra, TEvent = never> {
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
  /** The form's own context fields, as they start (and are after CLOSE or OPEN). */
  readonly extra?: TExtra
  /** The form's own events, as a type only (`{} as MyEvent`). */
  readonly events?: TEvent
  /**
   * The context once a read answers (`failure` is cleared besides). Default: the answer is the stored thing and the
   * draft starts from it; a form whose read brings more (pick lists), or that keeps the draft across a reload, says so.
   */
  readonly loaded?: (
    context: SettingsFormContext<TStored, TDraft, TProblem> & TExtra,
    loaded: TLoaded,
  ) => SettingsFormContext<TStored, TDraft, TProblem> & TExtra
  /** The draft after a save answered what is stored (default: the stored thing's draft). */
  readonly savedDraft?: (draft: TDraft, stored: TStored) => TDraft
}

/** The parts of a settings form, for a form that adds its own context, events or states (see the header). */
export const settingsForm = <
  TStored,
  TDraft,
  TProblem,
  TLoaded = TStored | null,
  TSave = TDraft,
  TExtra extends object = Record<never, never>,
  TEvent extends EventObject = never,
>(
  spec: SettingsFormSpec<TStored, TDraft, TProblem, TLoaded, TSave, TExtra, TEvent>,
) => {
  const saveInput = spec.saveInput ?? ((draft: TDraft) => draft as unknown as TSave)
  const savedDraft = spec.savedDraft ?? ((_: TDraft, stored: TStored) => spec.draftOf(stored))
  type Context = SettingsFormContext<TStored, TDraft, TProblem> & TExtra
  const empty = (): Context => ({
    stored: null,
    draft: spec.draftOf(null),
    failure: null,
    problem: null,
    saved: 0,
    ...(spec.extra as TExtra),
  })
  // Without `loaded` the read answers the stored thing itself (settingsFormMachine's types hold a form to that).
  const loaded =
    spec.loaded ??
    ((context: Context, output: TLoaded): Context => {
      const stored = output as unknown as TStored | null
      return { ...context, stored, draft: spec.draftOf(stored) }
    })
  const detail = detailMachine({
    types: { context: {} as Context, events: {} as SettingsFormEvent<TDraft> | TEvent, tags: {} as "saving" },
    load: spec.load,
    actors: { save: spec.save },
    loadInput: () => undefined,
    stored: loaded,
    closed: empty,
    opened: (context) => ({ ...empty(), saved: context.saved }),
  })
  // The form's own fields pass through every change untouched.
  const change = (context: Context, patch: Partial<SettingsFormContext<TStored, TDraft, TProblem>>): Context => ({ ...context, ...patch })
  const kit = detail.kit.extend({
    guards: { canSave: ({ context }: { context: Context }) => spec.problemOf(context.draft, context.stored) === null },
    actions: {
      edit: assign(({ context }, patch: Partial<TDraft>) => change(context, { draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => change(context, { problem: spec.problemOf(context.draft, context.stored) })),
      storeSaved: assign(({ context }, stored: TStored) =>
        change(context, { stored, draft: savedDraft(context.draft, stored), failure: null, problem: null, saved: context.saved + 1 }),
      ),
    },
  })
  const states = {
    ...detail.states,
    ready: {
      ...detail.states.ready,
      on: {
        EDIT: { actions: { type: "edit", params: ({ event }: { event: { patch: Partial<TDraft> } }) => event.patch } },
        SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
      },
    },
    saving: {
      tags: ["ready", "saving"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }: { context: Context }) => saveInput(context.draft, context.stored),
        onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf<TStored> } },
        onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
      },
    },
  } as const
  return {
    id: spec.id,
    kit,
    states,
    /** The starting context (and the context after CLOSE). */
    empty,
    /** Root transitions: CLOSE from anywhere. */
    on: detail.on,
    /** The root's OPEN transition of a form that starts `closed`: read afresh, only `saved` kept. */
    open: detail.open,
  }
}

/** A settings form with nothing of its own: started in `loading`. */
export const settingsFormMachine = <TStored, TDraft, TProblem, TLoaded extends TStored | null = TStored | null, TSave = TDraft>(
  spec: SettingsFormSpec<TStored, TDraft, TProblem, TLoaded, TSave, Record<never, never>>,
) => {
  const form = settingsForm<TStored, TDraft, TProblem, TLoaded, TSave>(spec)
  return form.kit.createMachine({ id: form.id, context: form.empty, initial: "loading", on: form.on, states: form.states })
}
