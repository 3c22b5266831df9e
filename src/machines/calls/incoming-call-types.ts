/** The incoming-call actor's input, context and events (incoming-call-machine.ts). */
import type { TransferTargetName } from "../../contract/voice-calls"
import type { MediaEvent } from "./call-events"

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
  /** A colleague wants to talk before handing the call over here (a warm transfer): their name. */
  readonly consultBy?: string
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
  /** Where the call's transfer rings (or rang, when it came back), or the colleague a consult talks with. */
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
  /** Warm transfer: the agent asks a colleague to talk before handing the call over. */
  | ({ type: "CONSULT" } & TransferChoice)
  /** The colleague took the consult: the two talk. */
  | { type: "CONSULT_STARTED"; colleague: string }
  /** The agent hands the call over to the colleague they talk with. */
  | { type: "COMPLETE" }
  /** The agent ends the talk with the colleague (the call stays held). */
  | { type: "CANCEL" }
  /** The colleague ended the talk. */
  | { type: "CONSULT_ENDED" }
  /** On the colleague's card: the call is theirs now. */
  | { type: "HANDED_OVER" }
  | MediaEvent
