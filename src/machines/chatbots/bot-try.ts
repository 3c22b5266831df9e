/**
 * The editor's "try it" panel (page actor `chatbot-try`): a simulated customer talks to the draft's flow through the
 * very step function the server runs (src/contract/chatbots/flow-step.ts); nothing is sent or stored. The facts the
 * flow's conditions read (working hours, channel, tags) are the panel's switches. The commerce actions ("send nearest
 * locations", "send a product list") are looked up through the same calls' results the server's runtime formats
 * (`/search/client/location`, `/products`, formatted by commerce-replies.ts), and shown, not sent.
 *
 *   idle --START{flow}--> looking --done--> talking --SAY{text} | SHARE{point}--> looking --> talking ... --> handedOff
 *   any --START--> looking afresh; --FACTS--> the switches change for the next step
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { type OutgoingMessage, isCommerceAction, nearestReply, productListReply } from "../../contract/chatbots/commerce-replies"
import { type BotEvent, type BotFacts, type BotOutput, type BotState, type GeoPoint, step } from "../../contract/chatbots/flow-step"
import type { BotFlow } from "../../contract/schemas/chatbots"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"

export interface TryLine {
  readonly from: "customer" | "bot" | "system"
  readonly text: string
  readonly choices?: readonly string[]
}

interface TryContext {
  readonly flow: BotFlow | null
  readonly state: BotState | null
  readonly lines: readonly TryLine[]
  /** The last step's outputs, waiting for their commerce look-ups. */
  readonly outputs: readonly BotOutput[]
  readonly facts: BotFacts
}

type TryEvent =
  | { type: "START"; flow: BotFlow }
  | { type: "SAY"; text: string }
  | { type: "SHARE"; point: GeoPoint }
  | { type: "FACTS"; patch: Partial<Pick<BotFacts, "inHours" | "channel" | "tags">> }

export const TRY_FACTS: BotFacts = { channel: "whatsapp", tags: [], segments: [], inHours: true, attributes: {} }

type Act = Extract<BotOutput, { type: "act" }>
/** A commerce action's message (null: nothing would be sent), as the server's runtime would make it. */
export type Lookup = (act: Act, facts: BotFacts) => Effect.Effect<OutgoingMessage | null, unknown, Api>

const isCommerce = (o: Act): boolean => isCommerceAction(o.action)

/** The try panel's look-up: the same calls' results, formatted as the server formats them. */
export const lookupByApi: Lookup = (act, facts) =>
  Effect.gen(function* () {
    const api = yield* Api
    const action = act.action
    if (action.do === "send_nearest") {
      if (!act.point) return null
      const openOnly = action.open_only ?? false
      const found = yield* api.call("locations", "searchClientLocation", { ...act.point, limit: action.count, open_only: openOnly })
      return nearestReply(found.data, openOnly)
    }
    if (action.do === "send_products") {
      const found = yield* api.call("catalogues", "products", {
        limit: action.limit,
        in_stock: true,
        ...(action.catalogue_id === undefined ? {} : { catalogue_id: action.catalogue_id }),
        ...(action.search ? { search: action.search } : {}),
      })
      return productListReply(found.data.items, facts.channel)
    }
    return null
  })

/** What the panel shows for the bot's outputs: its messages, looked-up lists, and a note per action and hand-off. */
export const linesOf = (outputs: readonly BotOutput[], looked: readonly (OutgoingMessage | null)[] = []): TryLine[] => {
  let at = 0
  return outputs.flatMap((o): TryLine[] => {
    if (o.type === "say") return [{ from: "bot", text: o.text, ...(o.choices ? { choices: o.choices } : {}) }]
    if (o.type === "handoff") return [{ from: "system", text: "handoff" }]
    if (o.type !== "act") return []
    if (!isCommerce(o)) return [{ from: "system", text: `action:${o.action.do}` }]
    const message = looked[at++]
    return message ? [{ from: "bot", text: message.body }] : [{ from: "system", text: "nothing" }]
  })
}

const lookUpAll = fromEffect(({ outputs, facts }: { outputs: readonly BotOutput[]; facts: BotFacts }) =>
  Effect.forEach(
    outputs.filter((o): o is Act => o.type === "act" && isCommerce(o)),
    (act) => lookupByApi(act, facts),
  ),
)

const run = (context: TryContext, event: BotEvent) => step(context.flow!, context.state, event)

export const botTryMachine = setup({
  types: { context: {} as TryContext, events: {} as TryEvent },
  actors: { lookUpAll },
}).createMachine({
  id: "chatbot-try",
  initial: "idle",
  context: { flow: null, state: null, lines: [], outputs: [], facts: TRY_FACTS },
  on: {
    START: {
      target: ".looking",
      reenter: true,
      actions: assign(({ context, event }) => {
        const result = step(event.flow, null, { type: "start", facts: context.facts })
        return { flow: event.flow, state: result.state, lines: [], outputs: result.outputs }
      }),
    },
    FACTS: { actions: assign(({ context, event }) => ({ facts: { ...context.facts, ...event.patch } })) },
  },
  states: {
    idle: {},
    looking: {
      invoke: {
        id: "lookup",
        src: "lookUpAll",
        input: ({ context }) => ({ outputs: context.outputs, facts: context.facts }),
        onDone: {
          target: "talking",
          actions: assign(({ context, event }) => ({ lines: [...context.lines, ...linesOf(context.outputs, event.output)], outputs: [] })),
        },
        onError: {
          target: "talking",
          actions: assign(({ context }) => ({ lines: [...context.lines, ...linesOf(context.outputs)], outputs: [] })),
        },
      },
    },
    talking: {
      always: { guard: ({ context }) => context.state?.node === null, target: "handedOff" },
      on: {
        SAY: {
          guard: ({ event }) => event.text.trim().length > 0,
          target: "looking",
          actions: assign(({ context, event }) => {
            const result = run(context, { type: "reply", text: event.text, facts: context.facts })
            return {
              state: result.state,
              outputs: result.outputs,
              lines: [...context.lines, { from: "customer" as const, text: event.text }],
            }
          }),
        },
        SHARE: {
          target: "looking",
          actions: assign(({ context, event }) => {
            const result = run(context, { type: "reply", text: "", facts: context.facts, location: event.point })
            const shared = `${event.point.latitude}, ${event.point.longitude}`
            return { state: result.state, outputs: result.outputs, lines: [...context.lines, { from: "customer" as const, text: shared }] }
          }),
        },
      },
    },
    handedOff: {},
  },
})
