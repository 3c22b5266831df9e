/**
 * One outgoing WhatsApp call (systemId `outgoing-call`; only one exists at a time): the microphone and offer
 * first (no microphone: 'Please enable microphone access'), then CALLING until the server's ACCEPTED (the timer
 * starts), then whatever statuses the server sends, until terminate or call-ended.
 */
import { assertEvent, assign, sendParent, sendTo, setup } from "xstate"
import type { ChildToCentre, MediaCommand, MediaEvent } from "./call-events"
import { callMedia, ticker } from "./call-actors"

export interface OutgoingCallInput {
  readonly number: string
  readonly name?: string
  readonly userId: number
  readonly clientId: number
}

export interface OutgoingCallContext {
  readonly callId: string | null
  readonly number: string
  readonly name: string
  readonly userId: number
  readonly clientId: number
  readonly status: string
  readonly timer: number
  readonly isMuted: boolean
  readonly type: "outgoing"
}

export type OutgoingCallEvent =
  | { type: "INITIATED"; callId: string }
  | { type: "STATUS"; status: string }
  | { type: "ANSWER"; sdp: string }
  | { type: "TERMINATE" }
  | { type: "ENDED" }
  | { type: "MUTE" }
  | { type: "TICK" }
  | MediaEvent

export const outgoingCallMachine = setup({
  types: { input: {} as OutgoingCallInput, context: {} as OutgoingCallContext, events: {} as OutgoingCallEvent },
  actors: { ticker, callMedia },
  guards: {
    isAccepted: ({ event }) => {
      assertEvent(event, "STATUS")
      return event.status === "ACCEPTED"
    },
    hasCallId: ({ context }) => context.callId !== null,
  },
  actions: {
    setCallId: assign(({ event }) => {
      assertEvent(event, "INITIATED")
      return { callId: event.callId }
    }),
    setStatus: assign(({ event }) => {
      assertEvent(event, "STATUS")
      return { status: event.status }
    }),
    tickTimer: assign({ timer: ({ context }) => context.timer + 1 }),
    toggleMute: assign({ isMuted: ({ context }) => !context.isMuted }),
    applyMute: sendTo("media", ({ context }): MediaCommand => ({ type: "mute", muted: context.isMuted })),
    passAnswer: sendTo("media", ({ event }): MediaCommand => {
      assertEvent(event, "ANSWER")
      return { type: "answer", sdp: event.sdp }
    }),
    dial: sendParent(({ context, event }): ChildToCentre => {
      assertEvent(event, "media.offer")
      return {
        type: "socket.emit",
        event: "initiate-call",
        payload: { userId: context.userId, clientId: context.clientId, number: context.number, sdp: event.sdp },
      }
    }),
    tellTerminated: sendParent(
      ({ context }): ChildToCentre => ({
        type: "socket.emit",
        event: "terminate-call",
        payload: { clientId: context.clientId, userId: context.userId, callId: context.callId ?? "" },
      }),
    ),
    noticeMicrophone: sendParent((): ChildToCentre => ({ type: "call.notice", notice: "microphoneAccess" })),
    finished: sendParent((): ChildToCentre => ({ type: "outgoing.finished" })),
  },
}).createMachine({
  id: "outgoingCall",
  context: ({ input }) => ({
    callId: null,
    number: input.number,
    name: input.name || "Unknown",
    userId: input.userId,
    clientId: input.clientId,
    status: "CALLING",
    timer: 0,
    isMuted: false,
    type: "outgoing",
  }),
  invoke: { id: "media", src: "callMedia", input: ({ context }) => ({ callId: `outgoing:${context.number}` }) },
  initial: "live",
  states: {
    // Everything before the end shares these: the answer may arrive before ACCEPTED, mute works while dialling.
    live: {
      initial: "preparing",
      on: {
        ANSWER: { actions: "passAnswer" },
        MUTE: { actions: ["toggleMute", "applyMute"] },
        INITIATED: { actions: "setCallId" },
        ENDED: { target: "ended" },
      },
      states: {
        preparing: {
          on: {
            "media.offer": { target: "calling", actions: "dial" },
            "media.failed": { target: "#outgoingCall.failed" },
            TERMINATE: { target: "#outgoingCall.ended" },
          },
        },
        calling: {
          on: {
            STATUS: [{ guard: "isAccepted", target: "accepted", actions: "setStatus" }, { actions: "setStatus" }],
            TERMINATE: [{ guard: "hasCallId", target: "#outgoingCall.hungUp" }, { target: "#outgoingCall.ended" }],
          },
        },
        accepted: {
          invoke: { id: "clock", src: "ticker" },
          on: {
            TICK: { actions: "tickTimer" },
            STATUS: { actions: "setStatus" },
            TERMINATE: { target: "#outgoingCall.hungUp" },
          },
        },
      },
    },
    hungUp: { type: "final", entry: ["tellTerminated", "finished"] },
    failed: { type: "final", entry: ["noticeMicrophone", "finished"] },
    ended: { type: "final", entry: "finished" },
  },
})
