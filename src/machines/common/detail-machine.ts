/**
 * The detail loader: one thing shown at a time (a complaint, a transcript, a customer's profile, a pick list) read by
 * one call, with the same four states everywhere. A machine made from it differs only in what it loads and what it
 * does on top (paging older messages, editing and saving), which it adds with `kit.extend` and extra states.
 *
 *   closed --OPEN--> loading --done--> ready
 *                        \--error--> failed --RETRY--> loading          (CLOSE from anywhere; OPEN reloads)
 *
 * Machines keyed by their spawn input (a customer number, a list's kind) have no OPEN: they start in `loading`, or
 * add their own way out of `closed`. A failure is kept as data (`failure`), cleared by the next successful load.
 */
import { assign, setup, type EventObject, type NonReducibleUnknown, type PromiseActorLogic, type UnknownActorLogic } from "xstate"
import { errorOf, outputOf } from "./settled"
import { type Failure, failureOf } from "./failure"

export interface DetailContext {
  readonly failure: Failure | null
}

export type DetailEvent = { type: "CLOSE" } | { type: "RETRY" }

/** What views ask instead of matching state names; extension states carry the tag of what they show. */
export type DetailTag = "closed" | "loading" | "ready" | "failed"

export type OpenEvent<TEvent extends EventObject> = Extract<TEvent, { type: "OPEN" }>

export interface DetailSpec<TContext, TEvent extends EventObject, TLoadInput, TOutput, TActors, TInput, TTag> {
  readonly types: { readonly context: TContext; readonly events: TEvent; readonly input?: TInput; readonly tags?: TTag }
  /** The call that reads the thing (a `fromEffect` actor; invoked as `load`, tests replace it by that name). */
  readonly load: PromiseActorLogic<TOutput, TLoadInput>
  readonly loadInput: (context: TContext) => TLoadInput
  /** The context once loaded (`failure` is cleared here). */
  readonly stored: (context: TContext, output: TOutput) => TContext
  /** The context after CLOSE: nothing shown; a machine keyed by its input keeps that key. */
  readonly closed: (context: TContext) => TContext
  /** The context an OPEN starts from: what to load next, nothing of the previous one. */
  readonly opened?: (context: TContext, event: OpenEvent<TEvent>) => TContext
  /** Further actors the extension invokes (a save). */
  readonly actors?: TActors
}

export const detailMachine = <
  TContext extends DetailContext,
  TEvent extends EventObject,
  TLoadInput,
  TOutput,
  TActors extends Record<string, UnknownActorLogic> = Record<never, never>,
  TInput = NonReducibleUnknown,
  TTag extends string = never,
>(
  spec: DetailSpec<TContext, TEvent, TLoadInput, TOutput, TActors, TInput, TTag>,
) => {
  const kit = setup({
    types: {
      context: {} as TContext,
      events: {} as TEvent | DetailEvent,
      input: {} as TInput,
      tags: {} as DetailTag | TTag,
    },
    actors: { ...(spec.actors as TActors), load: spec.load },
    actions: {
      "detail.open": assign(({ context }, event: OpenEvent<TEvent>) => (spec.opened ? spec.opened(context, event) : context)),
      "detail.store": assign(({ context }, output: TOutput) => ({ ...spec.stored(context, output), failure: null })),
      "detail.fail": assign(({ context }, error: unknown) => ({ ...context, failure: failureOf(error) })),
      "detail.close": assign(({ context }) => spec.closed(context)),
    },
  })
  const states = {
    closed: { tags: "closed" },
    loading: {
      tags: "loading",
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }: { context: TContext }) => spec.loadInput(context),
        onDone: { target: "ready", actions: { type: "detail.store", params: outputOf<TOutput> } },
        onError: { target: "failed", actions: { type: "detail.fail", params: errorOf } },
      },
    },
    ready: { tags: "ready" },
    failed: { tags: "failed", on: { RETRY: { target: "loading" } } },
  } as const
  return {
    kit,
    states,
    /** Root transitions: CLOSE from anywhere. */
    on: { CLOSE: { target: ".closed", actions: "detail.close" } } as const,
    /** The root's OPEN transition, for machines keyed by what the OPEN event names. */
    open: {
      target: ".loading",
      reenter: true,
      actions: { type: "detail.open", params: ({ event }: { event: OpenEvent<TEvent> }) => event },
    } as const,
  }
}
