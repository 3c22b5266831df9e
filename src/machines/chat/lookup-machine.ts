/**
 * A list the composer and the dialogs pick from (canned replies, templates, agents, labels): loaded on first need,
 * reloaded on demand (agents are re-read each time the transfer dialog opens: their load changes all day).
 * Spawned by the inbox as `chat-lookup-<kind>`; a 501 stays visible as the error, never replaced by sample data.
 */
import { assign, setup } from "xstate"
import { loadLookup, type LookupKind } from "./chat-actors"
import { toChatError, type ChatError } from "./chat-logic"

export interface LookupContext {
  readonly kind: LookupKind
  readonly items: readonly unknown[]
  readonly error: ChatError | null
}

export type LookupEvent = { type: "NEED" } | { type: "RELOAD" } | { type: "RESET" }

export const lookupMachine = setup({
  types: { context: {} as LookupContext, events: {} as LookupEvent, input: {} as { kind: LookupKind } },
  actors: { loadLookup },
  actions: {
    store: assign({ items: ({ event }) => (event as unknown as { output: readonly unknown[] }).output, error: null }),
    fail: assign({ error: ({ event }) => toChatError((event as unknown as { error: unknown }).error) }),
    reset: assign({ items: [], error: null }),
  },
}).createMachine({
  id: "lookup",
  context: ({ input }) => ({ kind: input.kind, items: [], error: null }),
  initial: "idle",
  on: { RESET: { target: ".idle", actions: "reset" } },
  states: {
    idle: { on: { NEED: "loading", RELOAD: "loading" } },
    loading: {
      invoke: {
        id: "load",
        src: "loadLookup",
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: "ready", actions: "store" },
        onError: { target: "failed", actions: "fail" },
      },
    },
    ready: { on: { RELOAD: "loading" } },
    failed: { on: { NEED: "loading", RELOAD: "loading" } },
  },
})
