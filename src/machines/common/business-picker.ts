/**
 * The business picker of the super admin's per-business forms (account limits, billing): the businesses are read once
 * (the billing accounts, one per business), the first is chosen, and the chosen business's figures are read by the
 * form's own call (invoked under the form's name for it). Choosing another business reads again; a failed read shows
 * with RETRY, which starts again from the businesses.
 *
 *   businesses --done--> loading --done--> ready --BUSINESS.SET--> loading (also from loading and failed)
 *        \--error--> failed <--error--/                 failed --RETRY--> businesses
 *
 * A form made from it adds its own events in `ready` (`on` here holds BUSINESS.SET) and its own states (an edit's
 * save), which end in `loading` (read again) or `ready`. `businesses` and `loading` carry the `loading` tag.
 */
import { Effect } from "effect"
import { assign, type EventObject, type PromiseActorLogic, setup, type UnknownActorLogic } from "xstate"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "./failure"
import { fromEffect } from "./from-effect"
import { errorOf, outputOf } from "./settled"

export interface Business {
  readonly id: number
  readonly name: string
}

export const loadBusinesses = fromEffect(() =>
  Effect.gen(function* () {
    const accounts = (yield* (yield* Api).call("billing", "billingAccounts", {})).data
    return accounts.map((a): Business => ({ id: a.client_id, name: a.client_name }))
  }),
)

export interface BusinessPickerContext {
  readonly businesses: readonly Business[]
  readonly clientId: number | null
  readonly failure: Failure | null
}

export type BusinessPickerEvent = { type: "BUSINESS.SET"; clientId: number } | { type: "RETRY" }

export type BusinessPickerTag = "loading" | "saving"

export interface BusinessPickerSpec<TContext, TEvent extends EventObject, TLoadId extends string, TLoaded, TActors> {
  readonly types: { readonly context: TContext; readonly events: TEvent }
  /** The name the chosen business's read is invoked (and scripted in tests) by. */
  readonly loadId: TLoadId
  /** The chosen business's read, given its client id. */
  readonly load: PromiseActorLogic<TLoaded, number>
  /** What the read changes in the context (`failure` is cleared besides). */
  readonly stored: (context: TContext, loaded: TLoaded) => Partial<TContext>
  /** What choosing a business resets besides `clientId` and `failure` (the form's drafts). */
  readonly chosen: () => Partial<TContext>
  /** What a failed call changes (default: `failure`); the form's own calls fail through it too (`picker.fail`). */
  readonly failed?: (error: unknown) => Partial<TContext>
  /** The form's own calls (its saves). */
  readonly actors?: TActors
}

export const businessPicker = <
  TContext extends BusinessPickerContext,
  TEvent extends EventObject,
  TLoadId extends string,
  TLoaded,
  TActors extends Record<string, UnknownActorLogic> = Record<never, never>,
>(
  spec: BusinessPickerSpec<TContext, TEvent, TLoadId, TLoaded, TActors>,
) => {
  const failed = spec.failed ?? ((error: unknown) => ({ failure: failureOf(error) }) as Partial<TContext>)
  const chosenId = ({ event }: { event: { clientId: number } }) => event.clientId
  const loader = { [spec.loadId]: spec.load } as Record<TLoadId, PromiseActorLogic<TLoaded, number>>
  const kit = setup({
    types: { context: {} as TContext, events: {} as TEvent | BusinessPickerEvent, tags: {} as BusinessPickerTag },
    actors: { ...(spec.actors as TActors), ...loader, businesses: loadBusinesses },
    actions: {
      "picker.storeBusinesses": assign(({ context }, businesses: readonly Business[]) => ({
        ...context,
        businesses,
        clientId: businesses[0]?.id ?? null,
        failure: null,
      })),
      "picker.choose": assign(({ context }, clientId: number) => ({ ...context, ...spec.chosen(), clientId, failure: null })),
      "picker.store": assign(({ context }, loaded: TLoaded) => ({ ...context, ...spec.stored(context, loaded), failure: null })),
      "picker.fail": assign(({ context }, error: unknown) => ({ ...context, ...failed(error) })),
    },
  })
  const states = {
    businesses: {
      tags: "loading",
      invoke: {
        id: "businesses",
        src: "businesses",
        onDone: { target: "loading", actions: { type: "picker.storeBusinesses", params: outputOf<readonly Business[]> } },
        onError: { target: "failed", actions: { type: "picker.fail", params: errorOf } },
      },
    },
    loading: {
      tags: "loading",
      invoke: {
        id: spec.loadId,
        src: spec.loadId,
        input: ({ context }: { context: TContext }) => context.clientId ?? 0,
        onDone: { target: "ready", actions: { type: "picker.store", params: outputOf<TLoaded> } },
        onError: { target: "failed", actions: { type: "picker.fail", params: errorOf } },
      },
      // Another business chosen while one is read: that read is dropped (its late answer must not show under the
      // new name) and the new one is read.
      on: { "BUSINESS.SET": { target: "loading", reenter: true, actions: { type: "picker.choose", params: chosenId } } },
    },
    failed: {
      on: { RETRY: "businesses", "BUSINESS.SET": { target: "loading", actions: { type: "picker.choose", params: chosenId } } },
    },
  } as const
  return {
    kit,
    states,
    /** The transitions of `ready` every such form has: another business is read. */
    on: {
      "BUSINESS.SET": {
        target: "loading",
        actions: { type: "picker.choose", params: chosenId },
      },
    } as const,
  }
}
