/**
 * The simulator page (/apps/simulator, page-scoped actor): an admin plays customers of their own tenant. It first
 * asks whether the server serves the development hooks; then, side by side, places and hangs up WhatsApp voice
 * calls, sends inbound messages and typing, and every second polls the live status of its calls and what the
 * current customer's phone received (with delivery status), marking messages read on demand.
 *
 *   checking --> off (RETRY --> checking)
 *            \-> on: calls (idle | placing | hangingUp) || messages (idle | sending | typing | reading) || poll (waiting | polling)
 */
import { assign, setup } from "xstate"
import type { InboundMessage } from "../../services/simulator/simulator"
import { failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { type PollInput, type PollOutput, simulatorActors } from "./simulator-actors"
import {
  FINAL_CALL,
  inboundOf,
  initialSimulator,
  live,
  type SentMessage,
  type SimCall,
  type SimCustomer,
  type SimDraft,
  type SimProblem,
  type SimulatorContext,
  type SimulatorEvent,
} from "./simulator-model"

// The page's choices, for the view (views do not import services).
export { SIM_CHANNELS, SIM_MESSAGE_TYPES } from "../../services/simulator/simulator"
export type { SimChannel, SimMessageType } from "../../services/simulator/simulator"
export { FINAL_CALL, inboundOf, initialSimulator, live, mayMarkRead } from "./simulator-model"
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

/** The message `messageReady` let through. */
const readyMessage = (context: SimulatorContext): InboundMessage => {
  const result = inboundOf(context)
  if ("message" in result) return result.message
  throw new Error(`simulator: no message to send (${result.problem})`)
}

export const simulatorMachine = setup({
  types: {
    context: {} as SimulatorContext,
    events: {} as SimulatorEvent,
    input: {} as { clientId: number },
    tags: {} as "checking" | "off" | "placing" | "sending",
  },
  actors: simulatorActors,
  delays: { poll: POLL_MS },
  guards: {
    hooksOn: (_, available: boolean) => available,
    callReady: ({ context }) => context.callForm.number.trim() !== "",
    messageReady: ({ context }) => "message" in inboundOf(context),
    customerReady: ({ context }) => context.customer.number.trim() !== "",
    liveCall: ({ context }, callId: string) => context.calls.some((c) => c.callId === callId && live(c)),
  },
  actions: {
    editCall: assign(({ context }, patch: Partial<SimulatorContext["callForm"]>) => ({
      callForm: { ...context.callForm, ...patch },
      problem: null,
    })),
    editCustomer: assign(({ context }, patch: Partial<SimCustomer>) => ({
      customer: { ...context.customer, ...patch },
      // Another customer's phone: what the last one received is not theirs.
      received: patch.number !== undefined || patch.channel !== undefined ? [] : context.received,
      problem: null,
    })),
    editDraft: assign(({ context }, patch: Partial<SimDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
    refuseCall: assign({ problem: "numberRequired" as SimProblem }),
    refuseMessage: assign({
      problem: ({ context }) => {
        const r = inboundOf(context)
        return "problem" in r ? r.problem : null
      },
    }),
    addCall: assign(({ context }, { callId }: { callId: string }) => {
      const call: SimCall = {
        callId,
        number: context.callForm.number.trim(),
        name: context.callForm.name.trim(),
        status: "placed",
        agentId: null,
      }
      return { calls: [call, ...context.calls].slice(0, 20), failure: null }
    }),
    markHangup: assign(({ context }, callId: string) => ({ pending: { ...context.pending, hangup: callId } })),
    markTyping: assign(({ context }, typing: "typing" | "paused") => ({ pending: { ...context.pending, typing } })),
    markRead: assign(({ context }, read: string) => ({ pending: { ...context.pending, read } })),
    clearPending: assign({ pending: {} }),
    addSent: assign(({ context }, { conversationId, messageId }: { conversationId: number; messageId: number }) => {
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
        failure: null,
      }
    }),
    storePoll: assign(({ context }, { statuses, received }: PollOutput) => {
      const byId = new Map(statuses.map((s) => [s.callId, s.status]))
      const calls = context.calls.map((call) => {
        if (!byId.has(call.callId)) return call
        const status = byId.get(call.callId)
        return status ? { ...call, status: status.status ?? call.status, agentId: status.agentId } : { ...call, status: FINAL_CALL }
      })
      return { calls, received: received ?? context.received }
    }),
    storeFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    dismissError: assign({ failure: null, problem: null }),
  },
}).createMachine({
  id: "simulator",
  context: ({ input }) => initialSimulator(input.clientId),
  initial: "checking",
  on: {
    "CALL.EDIT": { actions: { type: "editCall", params: ({ event }) => event.patch } },
    "CUSTOMER.EDIT": { actions: { type: "editCustomer", params: ({ event }) => event.patch } },
    "DRAFT.EDIT": { actions: { type: "editDraft", params: ({ event }) => event.patch } },
    "ERROR.DISMISS": { actions: "dismissError" },
  },
  states: {
    checking: {
      tags: "checking",
      invoke: {
        id: "probe",
        src: "probe",
        onDone: [{ guard: { type: "hooksOn", params: outputOf }, target: "on" }, { target: "off" }],
        onError: { target: "off", actions: { type: "storeFailure", params: errorOf } },
      },
    },
    off: { tags: "off", on: { RETRY: { target: "checking" } } },
    on: {
      type: "parallel",
      states: {
        calls: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "CALL.PLACE": [{ guard: "callReady", target: "placing" }, { actions: "refuseCall" }],
                "CALL.HANGUP": {
                  guard: { type: "liveCall", params: ({ event }) => event.callId },
                  target: "hangingUp",
                  actions: { type: "markHangup", params: ({ event }) => event.callId },
                },
              },
            },
            placing: {
              tags: "placing",
              invoke: {
                id: "placeCall",
                src: "placeCall",
                input: ({ context }) => ({
                  clientId: context.clientId,
                  number: context.callForm.number.trim(),
                  ...(context.callForm.name.trim() ? { name: context.callForm.name.trim() } : {}),
                }),
                onDone: { target: "idle", actions: { type: "addCall", params: outputOf } },
                onError: { target: "idle", actions: { type: "storeFailure", params: errorOf } },
              },
            },
            hangingUp: {
              invoke: {
                id: "hangup",
                src: "hangup",
                input: ({ context }) => context.pending.hangup ?? "",
                onDone: { target: "idle", actions: "clearPending" },
                onError: { target: "idle", actions: [{ type: "storeFailure", params: errorOf }, "clearPending"] },
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
                TYPING: [
                  { guard: "customerReady", target: "typing", actions: { type: "markTyping", params: ({ event }) => event.state } },
                  { actions: "refuseCall" },
                ],
                READ: { target: "reading", actions: { type: "markRead", params: ({ event }) => event.externalId } },
              },
            },
            sending: {
              tags: "sending",
              invoke: {
                id: "send",
                src: "send",
                input: ({ context }) => readyMessage(context),
                onDone: { target: "idle", actions: { type: "addSent", params: outputOf } },
                onError: { target: "idle", actions: { type: "storeFailure", params: errorOf } },
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
                onError: { target: "idle", actions: [{ type: "storeFailure", params: errorOf }, "clearPending"] },
              },
            },
            reading: {
              invoke: {
                id: "read",
                src: "read",
                input: ({ context }) => context.pending.read ?? "",
                onDone: { target: "idle", actions: "clearPending" },
                onError: { target: "idle", actions: [{ type: "storeFailure", params: errorOf }, "clearPending"] },
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
                onDone: { target: "waiting", actions: { type: "storePoll", params: outputOf } },
                // A failed poll (the received-messages hook not built yet, a network blip) is shown and tried again.
                onError: { target: "waiting", actions: { type: "storeFailure", params: errorOf } },
              },
            },
          },
        },
      },
    },
  },
})
