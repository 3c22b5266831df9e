/**
 * The simulator page (/apps/simulator, page-scoped actor): an admin plays customers of their own tenant. It first
 * asks whether the server serves the development hooks; then, side by side, places and hangs up WhatsApp voice
 * calls, sends inbound messages and typing, and every second polls the live status of its calls and what the
 * current customer's phone received (with delivery status), marking messages read on demand.
 *
 *   checking --> off (RETRY --> checking)
 *            \-> on: calls (idle | placing | hangingUp) || messages (idle | sending | typing | reading) || poll (waiting | polling)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import {
  Simulator,
  type SimulatorShape,
  type CallStatus,
  type InboundMessage,
  type Received,
  type SimChannel,
} from "../../services/simulator/simulator"
import {
  FINAL_CALL,
  inboundOf,
  initialSimulator,
  live,
  type SentMessage,
  type SimCall,
  type SimProblem,
  type SimulatorContext,
  type SimulatorEvent,
} from "./simulator-model"
import { fromEffect } from "../common/from-effect"
import { messageOf } from "../report-kit/paged"

// The page's choices, for the view (views do not import services).
export { SIM_CHANNELS, SIM_MESSAGE_TYPES } from "../../services/simulator/simulator"
export type { SimChannel, SimMessageType } from "../../services/simulator/simulator"
export { FINAL_CALL, inboundOf, initialSimulator } from "./simulator-model"
export type {
  SentMessage,
  SimCall,
  SimCustomer,
  SimDraft,
  SimProblem,
  SimulatorContext,
  SimulatorEvent,
} from "./simulator-model"

export const POLL_MS = 1000

const sim = <A, E>(use: (s: SimulatorShape) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const simulator = yield* Simulator
    return yield* use(simulator)
  }).pipe(Effect.provide(Simulator.layer))

interface PollInput {
  readonly calls: readonly string[]
  readonly customer: { clientId: number; channel: SimChannel; number: string } | null
}
export interface PollOutput {
  readonly statuses: readonly { callId: string; status: CallStatus | null }[]
  readonly received: readonly Received[] | null
}

type Out<T> = { output: T }
const errorOf = (event: unknown) => messageOf((event as { error: unknown }).error)

export const simulatorMachine = setup({
  types: { context: {} as SimulatorContext, events: {} as SimulatorEvent, input: {} as { clientId: number } },
  actors: {
    probe: fromEffect(() => sim((s) => s.available)),
    placeCall: fromEffect((input: { clientId: number; number: string; name?: string }) => sim((s) => s.placeCall(input))),
    hangup: fromEffect((callId: string) => sim((s) => s.hangup(callId))),
    send: fromEffect((message: InboundMessage) => sim((s) => s.send(message))),
    typing: fromEffect((input: { clientId: number; channel: SimChannel; number: string; state: "typing" | "paused" }) =>
      sim((s) => s.typing(input)),
    ),
    read: fromEffect((externalId: string) => sim((s) => s.markRead(externalId))),
    poll: fromEffect(({ calls, customer }: PollInput) =>
      sim((s) =>
        Effect.all(
          [
            Effect.forEach(calls, (callId) => s.callStatus(callId).pipe(Effect.map((status) => ({ callId, status }))), {
              concurrency: 4,
            }),
            customer ? s.received(customer) : Effect.succeed(null),
          ],
          { concurrency: 2 },
        ).pipe(Effect.map(([statuses, received]): PollOutput => ({ statuses, received }))),
      ),
    ),
  },
  delays: { poll: POLL_MS },
  guards: {
    hooksOn: ({ event }) => (event as unknown as Out<boolean>).output === true,
    callReady: ({ context }) => context.callForm.number.trim() !== "",
    messageReady: ({ context }) => "message" in inboundOf(context),
    customerReady: ({ context }) => context.customer.number.trim() !== "",
    liveCall: ({ context, event }) => event.type === "CALL.HANGUP" && context.calls.some((c) => c.callId === event.callId && live(c)),
  },
  actions: {
    editCall: assign({
      callForm: ({ context, event }) => (event.type === "CALL.EDIT" ? { ...context.callForm, ...event.patch } : context.callForm),
      problem: null,
    }),
    editCustomer: assign(({ context, event }) =>
      event.type === "CUSTOMER.EDIT"
        ? // Another customer's phone: what the last one received is not theirs.
          {
            customer: { ...context.customer, ...event.patch },
            received: event.patch.number !== undefined || event.patch.channel !== undefined ? [] : context.received,
            problem: null,
          }
        : {},
    ),
    editDraft: assign({
      draft: ({ context, event }) => (event.type === "DRAFT.EDIT" ? { ...context.draft, ...event.patch } : context.draft),
      problem: null,
    }),
    refuseCall: assign({ problem: "numberRequired" as SimProblem }),
    refuseMessage: assign({
      problem: ({ context }) => {
        const r = inboundOf(context)
        return "problem" in r ? r.problem : null
      },
    }),
    addCall: assign(({ context, event }) => {
      const { callId } = (event as unknown as Out<{ callId: string }>).output
      const call: SimCall = {
        callId,
        number: context.callForm.number.trim(),
        name: context.callForm.name.trim(),
        status: "placed",
        agentId: null,
      }
      return { calls: [call, ...context.calls].slice(0, 20), error: null }
    }),
    markHangup: assign({
      pending: ({ context, event }) => (event.type === "CALL.HANGUP" ? { ...context.pending, hangup: event.callId } : context.pending),
    }),
    markTyping: assign({
      pending: ({ context, event }) => (event.type === "TYPING" ? { ...context.pending, typing: event.state } : context.pending),
    }),
    markRead: assign({
      pending: ({ context, event }) => (event.type === "READ" ? { ...context.pending, read: event.externalId } : context.pending),
    }),
    clearPending: assign({ pending: {} }),
    addSent: assign(({ context, event }) => {
      const { conversationId, messageId } = (event as unknown as Out<{ conversationId: number; messageId: number }>).output
      const d = context.draft
      const summary = d.type === "text" ? d.text.trim() : `${d.type}: ${d.filename.trim() || d.link.trim()}`
      const sent: SentMessage = {
        messageId,
        conversationId,
        channel: context.customer.channel,
        number: context.customer.number.trim(),
        summary,
      }
      return {
        sent: [sent, ...context.sent].slice(0, 50),
        draft: { ...d, text: "", link: "", filename: "" },
        error: null,
      }
    }),
    storePoll: assign(({ context, event }) => {
      const { statuses, received } = (event as unknown as Out<PollOutput>).output
      const byId = new Map(statuses.map((s) => [s.callId, s.status]))
      const calls = context.calls.map((call) => {
        if (!byId.has(call.callId)) return call
        const status = byId.get(call.callId)
        return status ? { ...call, status: status.status ?? call.status, agentId: status.agentId } : { ...call, status: FINAL_CALL }
      })
      return { calls, received: received ?? context.received }
    }),
    storeError: assign({ error: ({ event }) => errorOf(event) }),
    dismissError: assign({ error: null, problem: null }),
  },
}).createMachine({
  id: "simulator",
  context: ({ input }) => initialSimulator(input.clientId),
  initial: "checking",
  on: {
    "CALL.EDIT": { actions: "editCall" },
    "CUSTOMER.EDIT": { actions: "editCustomer" },
    "DRAFT.EDIT": { actions: "editDraft" },
    "ERROR.DISMISS": { actions: "dismissError" },
  },
  states: {
    checking: {
      invoke: {
        id: "probe",
        src: "probe",
        onDone: [{ guard: "hooksOn", target: "on" }, { target: "off" }],
        onError: { target: "off", actions: "storeError" },
      },
    },
    off: { on: { RETRY: { target: "checking" } } },
    on: {
      type: "parallel",
      states: {
        calls: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "CALL.PLACE": [{ guard: "callReady", target: "placing" }, { actions: "refuseCall" }],
                "CALL.HANGUP": { guard: "liveCall", target: "hangingUp", actions: "markHangup" },
              },
            },
            placing: {
              invoke: {
                id: "placeCall",
                src: "placeCall",
                input: ({ context }) => ({
                  clientId: context.clientId,
                  number: context.callForm.number.trim(),
                  ...(context.callForm.name.trim() ? { name: context.callForm.name.trim() } : {}),
                }),
                onDone: { target: "idle", actions: "addCall" },
                onError: { target: "idle", actions: "storeError" },
              },
            },
            hangingUp: {
              invoke: {
                id: "hangup",
                src: "hangup",
                input: ({ context }) => context.pending.hangup ?? "",
                onDone: { target: "idle", actions: "clearPending" },
                onError: { target: "idle", actions: ["storeError", "clearPending"] },
              },
            },
          },
        },
        messages: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "MESSAGE.SEND": [{ guard: "messageReady", target: "sending" }, { actions: "refuseMessage" }],
                TYPING: [{ guard: "customerReady", target: "typing", actions: "markTyping" }, { actions: "refuseCall" }],
                READ: { target: "reading", actions: "markRead" },
              },
            },
            sending: {
              invoke: {
                id: "send",
                src: "send",
                input: ({ context }) => (inboundOf(context) as { message: InboundMessage }).message,
                onDone: { target: "idle", actions: "addSent" },
                onError: { target: "idle", actions: "storeError" },
              },
            },
            typing: {
              invoke: {
                id: "typing",
                src: "typing",
                input: ({ context }) => ({
                  clientId: context.clientId,
                  channel: context.customer.channel,
                  number: context.customer.number.trim(),
                  state: context.pending.typing ?? "typing",
                }),
                onDone: { target: "idle", actions: "clearPending" },
                onError: { target: "idle", actions: ["storeError", "clearPending"] },
              },
            },
            reading: {
              invoke: {
                id: "read",
                src: "read",
                input: ({ context }) => context.pending.read ?? "",
                onDone: { target: "idle", actions: "clearPending" },
                onError: { target: "idle", actions: ["storeError", "clearPending"] },
              },
            },
          },
        },
        poll: {
          initial: "waiting",
          states: {
            waiting: { after: { poll: { target: "polling" } } },
            polling: {
              invoke: {
                id: "poll",
                src: "poll",
                input: ({ context }): PollInput => ({
                  calls: context.calls.filter(live).map((c) => c.callId),
                  customer: context.customer.number.trim()
                    ? {
                        clientId: context.clientId,
                        channel: context.customer.channel,
                        number: context.customer.number.trim(),
                      }
                    : null,
                }),
                onDone: { target: "waiting", actions: "storePoll" },
                // A failed poll (the received-messages hook not built yet, a network blip) is shown and tried again.
                onError: { target: "waiting", actions: "storeError" },
              },
            },
          },
        },
      },
    },
  },
})
