/**
 * A list the composer and the dialogs pick from (canned replies, templates, agents, labels): loaded on first need,
 * reloaded on demand (agents are re-read each time the transfer dialog opens: their load changes all day).
 * Spawned by the inbox as `chat-lookup-<kind>`; a 501 stays visible as the failure, never replaced by sample data.
 *
 *   closed --NEED/RELOAD--> loading --> ready --RELOAD--> loading
 *                                   \-> failed --NEED/RELOAD/RETRY--> loading               (CLOSE: forget the list)
 */
import type { Failure } from "../common/failure"
import { detailMachine } from "../common/detail-machine"
import { loadLookup } from "./chat-actors"
import type { LookupKind } from "./lookup-calls"

export interface LookupContext {
  readonly kind: LookupKind
  readonly items: readonly unknown[]
  readonly failure: Failure | null
}

export type LookupEvent = { type: "NEED" } | { type: "RELOAD" }

const detail = detailMachine({
  types: { context: {} as LookupContext, events: {} as LookupEvent, input: {} as { kind: LookupKind } },
  load: loadLookup,
  loadInput: (context) => ({ kind: context.kind }),
  stored: (context, items) => ({ ...context, items }),
  closed: (context) => ({ ...context, items: [], failure: null }),
})

export const lookupMachine = detail.kit.createMachine({
  id: "lookup",
  context: ({ input }) => ({ kind: input.kind, items: [], failure: null }),
  initial: "closed",
  on: detail.on,
  states: {
    ...detail.states,
    closed: { ...detail.states.closed, on: { NEED: "loading", RELOAD: "loading" } },
    ready: { ...detail.states.ready, on: { RELOAD: "loading" } },
    failed: { ...detail.states.failed, on: { ...detail.states.failed.on, NEED: "loading", RELOAD: "loading" } },
  },
})
