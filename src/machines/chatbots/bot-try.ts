/**
 * The editor's "try it" panel (page actor `chatbot-try`): a simulated customer talks to the draft's flow through the
 * very step function the server runs (src/contract/chatbots/flow-step.ts); nothing is sent or stored. The facts the
 * flow's conditions read (working hours, channel, tags) are the panel's switches.
 *
 *   idle --START{flow}--> talking --SAY{text}--> talking (bot's answers appended) ... --> handedOff (final answers)
 *   any --START--> talking afresh; --FACTS--> the switches change for the next step
 */
import { assign, setup } from "xstate"
import { type BotFacts, type BotOutput, type BotState, step } from "../../contract/chatbots/flow-step"
import type { BotFlow } from "../../contract/schemas/chatbots"

export interface TryLine {
  readonly from: "customer" | "bot" | "system"
  readonly text: string
  readonly choices?: readonly string[]
}

interface TryContext {
  readonly flow: BotFlow | null
  readonly state: BotState | null
  readonly lines: readonly TryLine[]
  readonly facts: BotFacts
}

type TryEvent =
  | { type: "START"; flow: BotFlow }
  | { type: "SAY"; text: string }
  | { type: "FACTS"; patch: Partial<Pick<BotFacts, "inHours" | "channel" | "tags">> }

export const TRY_FACTS: BotFacts = { channel: "whatsapp", tags: [], segments: [], inHours: true, attributes: {} }

/** What the panel shows for the bot's outputs: its messages, and a note when it hands off. */
export const linesOf = (outputs: readonly BotOutput[]): TryLine[] =>
  outputs.flatMap((o): TryLine[] => {
    if (o.type === "say") return [{ from: "bot", text: o.text, ...(o.choices ? { choices: o.choices } : {}) }]
    if (o.type === "handoff") return [{ from: "system", text: "handoff" }]
    if (o.type === "act") return [{ from: "system", text: `action:${o.action.do}` }]
    return []
  })

export const botTryMachine = setup({
  types: { context: {} as TryContext, events: {} as TryEvent },
}).createMachine({
  id: "chatbot-try",
  initial: "idle",
  context: { flow: null, state: null, lines: [], facts: TRY_FACTS },
  on: {
    START: {
      target: ".talking",
      actions: assign(({ context, event }) => {
        const run = step(event.flow, null, { type: "start", facts: context.facts })
        return { flow: event.flow, state: run.state, lines: linesOf(run.outputs) }
      }),
    },
    FACTS: { actions: assign(({ context, event }) => ({ facts: { ...context.facts, ...event.patch } })) },
  },
  states: {
    idle: {},
    talking: {
      always: { guard: ({ context }) => context.state?.node === null, target: "handedOff" },
      on: {
        SAY: {
          guard: ({ event }) => event.text.trim().length > 0,
          actions: assign(({ context, event }) => {
            const run = step(context.flow!, context.state, { type: "reply", text: event.text, facts: context.facts })
            return { state: run.state, lines: [...context.lines, { from: "customer" as const, text: event.text }, ...linesOf(run.outputs)] }
          }),
        },
      },
    },
    handedOff: {},
  },
})
