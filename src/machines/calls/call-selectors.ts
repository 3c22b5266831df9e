/** What the call cards read from the call actors: card positions, visible and hidden cards, mm:ss. */
import type { SnapshotFrom } from "xstate"
import { formatClock } from "../common/clock"
import type { callCenterMachine } from "./call-center-machine"
import type { incomingCallMachine } from "./incoming-call-machine"
import type { outgoingCallMachine } from "./outgoing-call-machine"

export type CallCenterSnapshot = SnapshotFrom<typeof callCenterMachine>
export type IncomingCallSnapshot = SnapshotFrom<typeof incomingCallMachine>
export type OutgoingCallSnapshot = SnapshotFrom<typeof outgoingCallMachine>

/** Cards stack this far apart (spec 000 section 9). */
export const CARD_SPACING_PX = 136
/** The first card's distance from the bottom: above the dial toolbar, which sits in the corner (so no page header's buttons are covered). */
export const CARD_BASE_PX = 60

export const selectCentreOn = (s: CallCenterSnapshot) => s.matches("on")
export const selectCalls = (s: CallCenterSnapshot) => s.context.calls
export const selectOutgoing = (s: CallCenterSnapshot) => s.context.outgoing
export const selectNotice = (s: CallCenterSnapshot) => s.context.notice
export const selectToneEnabled = (s: CallCenterSnapshot) => s.context.toneEnabled
export const selectSending = (s: CallCenterSnapshot) => s.matches({ on: { quickReply: "sending" } })

export interface CardView {
  readonly callId: string
  readonly name: string
  readonly number: string
  readonly phase: "ringing" | "connecting" | "connected" | "held"
  readonly countdown: number
  readonly clock: string
  readonly isMuted: boolean
  readonly hidden: boolean
  /** A held call's transfer: ringing at its target, or back here (not taken). */
  readonly transfer: "transferring" | "returned" | null
  /** Where the transfer rings, or who did not take it. */
  readonly transferTo: string | null
  /** The colleague who transferred this call here. */
  readonly transferredBy: string | null
  /** Whether the agent may transfer the call now (answered, no transfer ringing). */
  readonly canTransfer: boolean
  /** Whether the agent may ask a colleague to talk first (a warm transfer) now. */
  readonly canConsult: boolean
  /**
   * A warm transfer: the sender asks the colleague (`asking`), talks with them (`talking`), hands over (`handingOver`);
   * the colleague talks before the call is theirs (`consultee`).
   */
  readonly consult: "asking" | "talking" | "handingOver" | "consultee" | null
  /** The colleague who wants to talk before handing this call over here. */
  readonly consultBy: string | null
}

export const cardOf = (s: IncomingCallSnapshot): CardView => ({
  callId: s.context.callId,
  name: s.context.name,
  number: s.context.number,
  phase: s.hasTag("ringing") ? "ringing" : s.hasTag("held") ? "held" : s.hasTag("connected") ? "connected" : "connecting",
  countdown: s.context.countdown,
  clock: formatClock(s.context.timer),
  isMuted: s.context.isMuted,
  hidden: s.context.hidden || s.status === "done",
  transfer: s.hasTag("transferring") ? "transferring" : s.hasTag("returned") ? "returned" : null,
  transferTo: s.context.transferTo,
  transferredBy: s.context.transferredBy ?? null,
  canTransfer: s.can({ type: "TRANSFER", to: { kind: "agent", id: 0 }, name: "" }),
  canConsult: s.can({ type: "CONSULT", to: { kind: "agent", id: 0 }, name: "" }),
  consult: s.hasTag("asking")
    ? "asking"
    : s.hasTag("consulting")
      ? "talking"
      : s.hasTag("handingOver")
        ? "handingOver"
        : s.hasTag("consultee")
          ? "consultee"
          : null,
  consultBy: s.context.consultBy ?? null,
})

/** The transfer menu's choices, once the server said them. */
export const selectTransferTargets = (s: IncomingCallSnapshot) => s.context.targets

/** The card's ticking number: the seconds left while ringing, the seconds since accepted afterwards. */
export const selectCardSeconds = (s: IncomingCallSnapshot) => (s.hasTag("ringing") ? s.context.countdown : s.context.timer)

/** The "On hold" clock: seconds of the current hold, null while the call is not on hold. */
export const selectHeldSeconds = (s: IncomingCallSnapshot) => (s.hasTag("held") ? s.context.heldTimer : null)

export const outgoingCardOf = (s: OutgoingCallSnapshot) => ({
  name: s.context.name,
  number: s.context.number,
  status: s.context.status,
  clock: formatClock(s.context.timer),
  isMuted: s.context.isMuted,
})

export const selectHidden = (s: CallCenterSnapshot) =>
  s.context.calls.filter((call) => s.context.hidden.includes(call.callId)).map(({ callId, name, number }) => ({ callId, name, number }))
