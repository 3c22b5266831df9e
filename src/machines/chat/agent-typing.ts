/**
 * The agent's typing indicator for one conversation (child `agentTyping` of the conversation actor): the composer
 * reports each keystroke (KEY) and the sent message (SENT); the customer sees "typing" at once, again at most every
 * WINDOW_MS while the agent keeps typing, and "paused" one quiet window after the last key. Nothing is stored.
 *
 *   idle --KEY--> announcing --done/error--> quiet --(WINDOW_MS, keyed)--> announcing
 *                                            quiet --(WINDOW_MS, not keyed)--> pausing --done/error--> idle (or announcing when keyed)
 *   quiet --SENT--> idle (the reply itself ends the indicator)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"

export const WINDOW_MS = 4000

export type TypingState = "typing" | "paused"

export const sendTyping = fromEffect(({ number, state }: { number: string; state: TypingState }) =>
  Effect.gen(function* () {
    const api = yield* Api
    yield* api.call("chat", "messagesSendByType", { type: "typing_indicator", typing_indicator: { to: [number], message: { state } } })
  }),
)

export interface AgentTypingContext {
  readonly number: string
  /** A key was pressed since the last "typing" went out. */
  readonly keyed: boolean
}

export type AgentTypingEvent = { type: "KEY" } | { type: "SENT" }

export const agentTypingMachine = setup({
  types: {
    context: {} as AgentTypingContext,
    events: {} as AgentTypingEvent,
    input: {} as { number: string },
  },
  actors: { sendTyping },
  delays: { window: WINDOW_MS },
  guards: { keyed: ({ context }) => context.keyed },
  actions: {
    key: assign({ keyed: true }),
    settle: assign({ keyed: false }),
  },
}).createMachine({
  id: "agent-typing",
  context: ({ input }) => ({ number: input.number, keyed: false }),
  initial: "idle",
  states: {
    idle: { on: { KEY: "announcing" } },
    announcing: {
      entry: "settle",
      on: { KEY: { actions: "key" }, SENT: { actions: "settle" } },
      invoke: {
        id: "announce",
        src: "sendTyping",
        input: ({ context }) => ({ number: context.number, state: "typing" as const }),
        // A refused indicator is only a hint lost: typing goes on.
        onDone: "quiet",
        onError: "quiet",
      },
    },
    quiet: {
      on: { KEY: { actions: "key" }, SENT: { target: "idle", actions: "settle" } },
      after: { window: [{ guard: "keyed", target: "announcing" }, { target: "pausing" }] },
    },
    pausing: {
      on: { KEY: { actions: "key" } },
      invoke: {
        id: "pause",
        src: "sendTyping",
        input: ({ context }) => ({ number: context.number, state: "paused" as const }),
        onDone: [{ guard: "keyed", target: "announcing" }, { target: "idle" }],
        onError: [{ guard: "keyed", target: "announcing" }, { target: "idle" }],
      },
    },
  },
})
