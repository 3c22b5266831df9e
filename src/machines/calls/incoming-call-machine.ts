/**
 * One incoming WhatsApp call (systemId `call-<callId>`): a countdown of the tenant's ring time while ringing (the
 * server's `ringSeconds`, the spec's 60 s without it; auto-reject at 0),
 * accept (the centre decides whether it may), the peer connection while active, mute, hide and restore (restore
 * resets the countdown), hold and resume, and the end. A call on hold is not the active call: it keeps its peer
 * connection (the server cuts both ways and plays the customer the hold tone) and counts its own hold time. A call
 * this tab finds held on the server (a reload: `held` input, or HELD while ringing from storage) is `parked`, without
 * media: resuming it makes a peer whose offer goes with `resume`. The actor tells the server through its parent
 * (`socket.emit`) and leaves through `call.finished`, after which the centre stops it.
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
  /** The call is on hold on the server (`call-held` as this tab connected): the card starts parked. */
  readonly held?: HeldFigures
}

/** The server's figures of a held call (`call-held`). */
export interface HeldFigures {
  readonly heldSeconds: number
  readonly talkSeconds: number
}

export interface IncomingCallContext extends IncomingCallInput {
  readonly ringSeconds: number
  readonly countdown: number
  /** Seconds since accepted (the card's mm:ss). */
  readonly timer: number
  readonly isMuted: boolean
  readonly hidden: boolean
  readonly connected: boolean
  /** Seconds of the current hold (the card's "On hold" clock). */
  readonly heldTimer: number
  /** This tab has no media for the call (found held): its offer goes with `resume`, and the talk clock goes on. */
  readonly reclaiming: boolean
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
  | { type: "HOLD" }
  | { type: "RESUME" }
  /** The server holds the call (the agent's own hold, a switch to another call, or found held). */
  | ({ type: "HELD" } & HeldFigures)
  | { type: "RESUMED" }
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
    tags: {} as "ringing" | "connected" | "held",
  },
  actors: { ticker, callMedia },
  guards: {
    lastSecond: ({ context }) => context.countdown <= 1,
    foundHeld: ({ context }) => context.reclaiming,
  },
  actions: {
    countDown: assign({ countdown: ({ context }) => context.countdown - 1 }),
    tickTimer: assign({ timer: ({ context }) => context.timer + 1 }),
    hide: assign({ hidden: true }),
    restore: assign({ hidden: false }),
    restartCountdown: assign({ countdown: ({ context }) => context.ringSeconds }),
    unhideAndStartTimer: assign({ hidden: false, timer: ({ context }) => (context.reclaiming ? context.timer : 0) }),
    tickHeld: assign({ heldTimer: ({ context }) => context.heldTimer + 1 }),
    /** A hold's clock starts at the server's figure when it said one (a switch, a reload), else at 0. */
    startHold: assign(({ context, event }) =>
      event.type === "HELD" ? { heldTimer: event.heldSeconds, timer: Math.max(context.timer, event.talkSeconds) } : { heldTimer: 0 },
    ),
    park: assign({ reclaiming: true }),
    reclaimed: assign({ reclaiming: false }),
    cutMedia: sendTo("media", (): MediaCommand => ({ type: "mute", muted: true })),
    toggleMute: assign({ isMuted: ({ context }) => !context.isMuted }),
    markConnected: assign({ connected: true }),
    applyMute: sendTo("media", ({ context }): MediaCommand => ({ type: "mute", muted: context.isMuted })),
    passAnswer: sendTo("media", ({ event }): MediaCommand => {
      assertEvent(event, "ANSWER")
      return { type: "answer", sdp: event.sdp }
    }),
    sendOffer: sendParent(({ context, event }): ChildToCentre => {
      assertEvent(event, "media.offer")
      return context.reclaiming
        ? { type: "socket.emit", event: "resume", payload: { callId: context.callId, sdp: event.sdp } }
        : { type: "socket.emit", event: "browser-offer", payload: { ...ids({ context }), sdp: event.sdp } }
    }),
    tellHold: sendParent(({ context }): ChildToCentre => ({ type: "socket.emit", event: "hold", payload: { callId: context.callId } })),
    tellResume: sendParent(({ context }): ChildToCentre => ({ type: "socket.emit", event: "resume", payload: { callId: context.callId } })),
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
    timer: input?.held?.talkSeconds ?? 0,
    isMuted: false,
    hidden: false,
    connected: false,
    heldTimer: input?.held?.heldSeconds ?? 0,
    reclaiming: input?.held !== undefined,
  }),
  initial: "start",
  states: {
    start: { always: [{ guard: "foundHeld", target: "parked" }, { target: "ringing" }] },
    ringing: {
      tags: ["ringing"],
      invoke: { id: "countdown", src: "ticker" },
      on: {
        HELD: { target: "parked", actions: ["park", "startHold"] },
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
        "media.failed": [
          { guard: "foundHeld", target: "parked", actions: "noticeMicrophone" },
          { target: "ringing", actions: "noticeMicrophone" },
        ],
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
          entry: ["markConnected", "reclaimed"],
          on: {
            START_TIMER: {},
            "media.connected": {},
            HOLD: { target: "held", actions: "tellHold" },
            HELD: { target: "held" },
          },
        },
        held: {
          tags: ["held"],
          entry: ["startHold", "cutMedia"],
          exit: "applyMute",
          on: {
            TICK: { actions: ["tickTimer", "tickHeld"] },
            RESUME: { target: "connected", actions: "tellResume" },
            RESUMED: { target: "connected" },
            HELD: {},
            MUTE: { actions: "toggleMute" },
          },
        },
      },
    },
    parked: {
      tags: ["held"],
      invoke: { id: "clock", src: "ticker" },
      on: {
        TICK: { actions: ["tickTimer", "tickHeld"] },
        RESUME: { target: "active" },
        HELD: {},
        HIDE: { actions: "hide" },
        RESTORE: { actions: "restore" },
        TERMINATE: { target: "ended" },
        REJECT: { target: "ended" },
      },
    },
    rejected: { type: "final", entry: ["tellRejected", "finished"] },
    ended: { type: "final", entry: ["tellTerminated", "finished"] },
  },
})
