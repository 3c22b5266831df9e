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
 * ringing here because a colleague transferred it says by whom (`transferredBy`). Warm transfer: the agent sends the
 * call to talk first (`CONSULT`); held, it rings there as a consult (`consultBy`); once taken the agent talks with the
 * colleague (`held.consulting.talking`, the microphone on again, the customer still held) and hands the call over
 * (`COMPLETE`: the card leaves on `remove-call`) or ends the talk (`CANCEL`, or the colleague left: `CONSULT_ENDED`),
 * back on hold. The colleague's card talks as `active.consultee` until handed the call (`HANDED_OVER`); ending it
 * there ends only the talk (`consult-cancel`). The actor tells the server through
 * its parent (`socket.emit`) and leaves through `call.finished`, after which the centre stops it.
 */
import { assertEvent, assign, sendParent, sendTo, setup } from "xstate"
import { RING_SECONDS, type ChildToCentre, type MediaCommand } from "./call-events"
import type { IncomingCallContext, IncomingCallEvent, IncomingCallInput } from "./incoming-call-types"
import { callMedia, ticker } from "./call-actors"

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

export type {
  HeldFigures,
  IncomingCallContext,
  IncomingCallEvent,
  IncomingCallInput,
  TransferChoice,
  TransferTargets,
} from "./incoming-call-types"

export const incomingCallMachine = setup({
  types: {
    input: {} as IncomingCallInput,
    context: {} as IncomingCallContext,
    events: {} as IncomingCallEvent,
    tags: {} as "ringing" | "connected" | "held" | "transferring" | "returned" | "asking" | "consulting" | "handingOver" | "consultee",
  },
  actors: { ticker, callMedia },
  guards: {
    lastSecond: ({ context }) => context.countdown <= 1,
    foundHeld: ({ context }) => context.reclaiming,
    isConsultee: ({ context }) => context.consultBy !== undefined,
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
      assertEvent(event, ["TRANSFER", "CONSULT"])
      return { transferTo: event.name, targets: null }
    }),
    noteColleague: assign(({ event }) => {
      assertEvent(event, "CONSULT_STARTED")
      return { transferTo: event.colleague }
    }),
    handedOver: assign({ consultBy: undefined }),
    tellConsult: sendParent(({ context, event }): ChildToCentre => {
      assertEvent(event, "CONSULT")
      return { type: "socket.emit", event: "consult", payload: { callId: context.callId, to: event.to } }
    }),
    tellComplete: sendParent(
      ({ context }): ChildToCentre => ({ type: "socket.emit", event: "consult-complete", payload: { callId: context.callId } }),
    ),
    tellCancel: sendParent(
      ({ context }): ChildToCentre => ({ type: "socket.emit", event: "consult-cancel", payload: { callId: context.callId } }),
    ),
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
            START_TIMER: [{ guard: "isConsultee", target: "consultee" }, { target: "connected" }],
            "media.connected": [{ guard: "isConsultee", target: "consultee" }, { target: "connected" }],
            // A consult handed over (or left) before this browser's media connected.
            HANDED_OVER: { actions: "handedOver" },
            TERMINATE: [{ guard: "isConsultee", target: "#incomingCall.leftConsult" }, { target: "#incomingCall.ended" }],
            REJECT: [{ guard: "isConsultee", target: "#incomingCall.leftConsult" }, { target: "#incomingCall.ended" }],
          },
        },
        consultee: {
          tags: ["connected", "consultee"],
          entry: "markConnected",
          on: {
            HANDED_OVER: { target: "connected", actions: "handedOver" },
            TERMINATE: { target: "#incomingCall.leftConsult" },
            REJECT: { target: "#incomingCall.leftConsult" },
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
            CONSULT: { target: "held.consulting", actions: ["noteTransfer", "tellConsult"] },
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
                CONSULT: { target: "consulting", actions: ["noteTransfer", "tellConsult"] },
              },
            },
            transferring: { tags: ["transferring"], on: { RETURNED: { target: "returned", actions: "noteReturned" } } },
            returned: {
              tags: ["returned"],
              on: {
                LIST_TARGETS: { actions: "askTargets" },
                TRANSFER: { target: "transferring", actions: ["noteTransfer", "tellTransfer"] },
                CONSULT: { target: "consulting", actions: ["noteTransfer", "tellConsult"] },
              },
            },
            consulting: {
              initial: "asking",
              states: {
                asking: {
                  tags: ["asking"],
                  on: {
                    RETURNED: { target: "#incomingCall.active.held.returned", actions: "noteReturned" },
                    CONSULT_STARTED: { target: "talking", actions: "noteColleague" },
                  },
                },
                // The agent speaks to the colleague: their microphone as they left it, cut again when the talk ends.
                talking: {
                  tags: ["consulting"],
                  entry: "applyMute",
                  exit: "cutMedia",
                  on: {
                    MUTE: { actions: ["toggleMute", "applyMute"] },
                    COMPLETE: { target: "handingOver", actions: "tellComplete" },
                    CANCEL: { target: "#incomingCall.active.held.waiting", actions: "tellCancel" },
                    CONSULT_ENDED: { target: "#incomingCall.active.held.waiting" },
                  },
                },
                // The card leaves when the server says the colleague has it (`remove-call`).
                handingOver: { tags: ["handingOver"], on: { RESUME: {} } },
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
    leftConsult: { type: "final", entry: ["tellCancel", "finished"] },
    ended: { type: "final", entry: ["tellTerminated", "finished"] },
  },
})
