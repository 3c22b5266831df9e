/**
 * One incoming WhatsApp call (systemId `call-<callId>`): a countdown of the tenant's ring time while ringing (the
 * server's `ringSeconds`, the spec's 60 s without it; auto-reject at 0),
 * accept (the centre decides whether it may), the peer connection while active, mute, hide and restore (restore
 * resets the countdown), and the end. The actor tells the server through its parent (`socket.emit`) and leaves
 * through `call.finished`, after which the centre stops it.
 */
import { assertEvent, assign, sendParent, sendTo, setup } from "xstate"
import { RING_SECONDS, type ChildToCentre, type MediaCommand, type MediaEvent } from "./call-events"
import { callMedia, ticker } from "./call-actors"

export interface IncomingCallInput {
  readonly callId: string
  readonly name: string
  readonly number: string
  readonly userId: number
  readonly clientId: number
  /** The tenant's ring time (call-is-coming's `ringSeconds`); RING_SECONDS when the server did not say. */
  readonly ringSeconds?: number
}

export interface IncomingCallContext extends IncomingCallInput {
  readonly ringSeconds: number
  readonly countdown: number
  /** Seconds since accepted (the card's mm:ss). */
  readonly timer: number
  readonly isMuted: boolean
  readonly hidden: boolean
  readonly connected: boolean
}

export type IncomingCallEvent =
  | { type: "ACCEPT" }
  | { type: "REJECT" }
  | { type: "TERMINATE" }
  | { type: "HIDE" }
  | { type: "RESTORE" }
  | { type: "MUTE" }
  | { type: "TICK" }
  | { type: "ANSWER"; sdp: string }
  | { type: "START_TIMER" }
  | MediaEvent

const ids = ({ context }: { context: IncomingCallContext }) => ({
  clientId: context.clientId,
  userId: context.userId,
  callId: context.callId,
})

/** The ring time and the countdown's start; xstate/graph's walks also start the machine without input. */
const countdownOf = (input: IncomingCallInput | undefined) => {
  const ringSeconds = input?.ringSeconds ?? RING_SECONDS
  return { ringSeconds, countdown: ringSeconds }
}

export const incomingCallMachine = setup({
  types: {
    input: {} as IncomingCallInput,
    context: {} as IncomingCallContext,
    events: {} as IncomingCallEvent,
    tags: {} as "ringing" | "connected",
  },
  actors: { ticker, callMedia },
  guards: {
    lastSecond: ({ context }) => context.countdown <= 1,
  },
  actions: {
    countDown: assign({ countdown: ({ context }) => context.countdown - 1 }),
    tickTimer: assign({ timer: ({ context }) => context.timer + 1 }),
    hide: assign({ hidden: true }),
    restore: assign({ hidden: false }),
    restartCountdown: assign({ countdown: ({ context }) => context.ringSeconds }),
    unhideAndStartTimer: assign({ hidden: false, timer: 0 }),
    toggleMute: assign({ isMuted: ({ context }) => !context.isMuted }),
    markConnected: assign({ connected: true }),
    applyMute: sendTo("media", ({ context }): MediaCommand => ({ type: "mute", muted: context.isMuted })),
    passAnswer: sendTo("media", ({ event }): MediaCommand => {
      assertEvent(event, "ANSWER")
      return { type: "answer", sdp: event.sdp }
    }),
    sendOffer: sendParent(({ context, event }): ChildToCentre => {
      assertEvent(event, "media.offer")
      return { type: "socket.emit", event: "browser-offer", payload: { ...ids({ context }), sdp: event.sdp } }
    }),
    tellRejected: sendParent(({ context }): ChildToCentre => ({ type: "socket.emit", event: "reject-call", payload: ids({ context }) })),
    tellTerminated: sendParent(
      ({ context }): ChildToCentre => ({ type: "socket.emit", event: "terminate-call", payload: ids({ context }) }),
    ),
    noticeMicrophone: sendParent((): ChildToCentre => ({ type: "call.notice", notice: "microphone" })),
    finished: sendParent(({ context }): ChildToCentre => ({ type: "call.finished", callId: context.callId })),
  },
}).createMachine({
  id: "incomingCall",
  context: ({ input }) => ({
    ...input,
    ...countdownOf(input),
    timer: 0,
    isMuted: false,
    hidden: false,
    connected: false,
  }),
  initial: "ringing",
  states: {
    ringing: {
      tags: ["ringing"],
      invoke: { id: "countdown", src: "ticker" },
      on: {
        TICK: [{ guard: "lastSecond", target: "rejected" }, { actions: "countDown" }],
        ACCEPT: { target: "active" },
        REJECT: { target: "rejected" },
        TERMINATE: { target: "rejected" },
        HIDE: { actions: "hide" },
        RESTORE: { actions: ["restore", "restartCountdown"] },
      },
    },
    active: {
      entry: "unhideAndStartTimer",
      invoke: [
        { id: "clock", src: "ticker" },
        { id: "media", src: "callMedia", input: ({ context }) => ({ callId: context.callId }) },
      ],
      initial: "connecting",
      on: {
        TICK: { actions: "tickTimer" },
        MUTE: { actions: ["toggleMute", "applyMute"] },
        HIDE: { actions: "hide" },
        RESTORE: { actions: "restore" },
        TERMINATE: { target: "ended" },
        REJECT: { target: "ended" },
        "media.failed": { target: "ringing", actions: "noticeMicrophone" },
      },
      states: {
        connecting: {
          on: {
            "media.offer": { actions: "sendOffer" },
            ANSWER: { actions: "passAnswer" },
            START_TIMER: { target: "connected" },
            "media.connected": { target: "connected" },
          },
        },
        connected: {
          tags: ["connected"],
          entry: "markConnected",
          on: { START_TIMER: {}, "media.connected": {} },
        },
      },
    },
    rejected: { type: "final", entry: ["tellRejected", "finished"] },
    ended: { type: "final", entry: ["tellTerminated", "finished"] },
  },
})
