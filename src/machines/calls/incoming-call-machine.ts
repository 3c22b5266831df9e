/**
 * One incoming WhatsApp call (systemId `call-<callId>`): a countdown of the tenant's ring time while ringing (the
 * server's `ringSeconds`, the spec's 60 s without it; auto-reject at 0),
 * accept (the centre decides whether it may), the peer connection while active, mute, hide and restore (restore
 * resets the countdown), hold and resume, and the end. A call on hold is not the active call: it keeps its peer
 * connection (the server cuts both ways and plays the customer the hold tone) and counts its own hold time. A call
 * this tab finds held on the server (a reload: `held` input, or HELD while ringing from storage) is `parked`, without
 * media: resuming it makes a peer whose offer goes with `resume`. Blind transfer: from an answered call (active or
 * held) the agent asks whom it could go to (`targets`) and sends it to an agent or group; the call is held while it
 * rings there (`held.transferring`) and leaves once taken (the centre drops the card on `remove-call`); not taken, it
 * comes back (`held.returned`, ringing on this card with who did not take it) to be resumed or sent again. A card
 * ringing here because a colleague transferred it says by whom (`transferredBy`). The actor tells the server through
 * its parent (`socket.emit`) and leaves through `call.finished`, after which the centre stops it.
 */
import { assertEvent, assign, sendParent, sendTo, setup } from "xstate"
import type { TransferTargetName } from "../../contract/voice-calls"
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
  /** A colleague transferred the call here: their name. */
  readonly transferredBy?: string
}

/** Where a transfer goes (`transfer`'s `to`) and the name the card shows while it rings there. */
export interface TransferChoice {
  readonly to: { readonly kind: "agent" | "group"; readonly id: number }
  readonly name: string
}

/** Whom the call can be transferred to (the server's `transfer-targets`). */
export interface TransferTargets {
  readonly agents: readonly TransferTargetName[]
  readonly groups: readonly TransferTargetName[]
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
  /** The transfer menu's choices, once the server said them. */
  readonly targets: TransferTargets | null
  /** Where the call's transfer rings (or rang, when it came back). */
  readonly transferTo: string | null
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
  /** The agent opens the transfer menu: the server is asked whom the call can go to. */
  | { type: "LIST_TARGETS" }
  | ({ type: "TARGETS" } & TransferTargets)
  | ({ type: "TRANSFER" } & TransferChoice)
  /** Nobody took the transfer: it rings on this card again. */
  | { type: "RETURNED"; notTakenBy: string }
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
    tags: {} as "ringing" | "connected" | "held" | "transferring" | "returned",
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
    setTargets: assign(({ event }) => {
      assertEvent(event, "TARGETS")
      return { targets: { agents: event.agents, groups: event.groups } }
    }),
    askTargets: sendParent(
      ({ context }): ChildToCentre => ({ type: "socket.emit", event: "transfer-targets", payload: { callId: context.callId } }),
    ),
    noteTransfer: assign(({ event }) => {
      assertEvent(event, "TRANSFER")
      return { transferTo: event.name, targets: null }
    }),
    tellTransfer: sendParent(({ context, event }): ChildToCentre => {
      assertEvent(event, "TRANSFER")
      return { type: "socket.emit", event: "transfer", payload: { callId: context.callId, to: event.to } }
    }),
    noteReturned: assign(({ event }) => {
      assertEvent(event, "RETURNED")
      return { transferTo: event.notTakenBy }
    }),
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
    targets: null,
    transferTo: null,
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
        TARGETS: { actions: "setTargets" },
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
            LIST_TARGETS: { actions: "askTargets" },
            TRANSFER: { target: "held.transferring", actions: ["noteTransfer", "tellTransfer"] },
          },
        },
        held: {
          tags: ["held"],
          entry: ["startHold", "cutMedia"],
          exit: "applyMute",
          initial: "waiting",
          on: {
            TICK: { actions: ["tickTimer", "tickHeld"] },
            RESUME: { target: "connected", actions: "tellResume" },
            RESUMED: { target: "connected" },
            HELD: {},
            MUTE: { actions: "toggleMute" },
          },
          states: {
            waiting: {
              on: {
                LIST_TARGETS: { actions: "askTargets" },
                TRANSFER: { target: "transferring", actions: ["noteTransfer", "tellTransfer"] },
              },
            },
            transferring: { tags: ["transferring"], on: { RETURNED: { target: "returned", actions: "noteReturned" } } },
            returned: {
              tags: ["returned"],
              on: {
                LIST_TARGETS: { actions: "askTargets" },
                TRANSFER: { target: "transferring", actions: ["noteTransfer", "tellTransfer"] },
              },
            },
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
