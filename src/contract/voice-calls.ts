/**
 * The real-time voice-call socket (spec 000 section 7): event names and payloads, shared by the server's socket
 * service and the console's realtime client. Payload fields are the spec's; the server trusts only the token for
 * who and which tenant, so `clientId` / `userId` in emitted payloads are informational.
 */
import { Schema } from "effect"

const Sdp = Schema.String
const CallId = Schema.String
const Num = Schema.Union([Schema.Number, Schema.String])

const TransferTo = Schema.Struct({ kind: Schema.Literals(["agent", "group"]), id: Schema.Number.check(Schema.isInt()) })

/** Browser -> server. */
export const ToServer = {
  "initiate-call": Schema.Struct({
    userId: Schema.optional(Num),
    clientId: Schema.optional(Num),
    number: Schema.String,
    sdp: Sdp,
  }),
  "terminate-call": Schema.Struct({ clientId: Schema.optional(Num), userId: Schema.optional(Num), callId: CallId }),
  "browser-offer": Schema.Struct({
    clientId: Schema.optional(Num),
    userId: Schema.optional(Num),
    callId: CallId,
    sdp: Sdp,
  }),
  "browser-candidate": Schema.Struct({ callId: CallId, candidate: Schema.Unknown }),
  "reject-call": Schema.Struct({ clientId: Schema.optional(Num), userId: Schema.optional(Num), callId: CallId }),
  "call-message": Schema.Struct({ clientId: Schema.optional(Num), callId: CallId, messageId: Schema.String }),
  /** The agent puts their answered call on hold: the customer hears the hold tone, neither hears the other. */
  hold: Schema.Struct({ callId: CallId }),
  /**
   * The agent takes their held call back (their other active call goes on hold first). `sdp`: this tab's offer when
   * it has no media for the call (the call was held in a tab since reloaded or closed); answered by `browser-answer`.
   */
  resume: Schema.Struct({ callId: CallId, sdp: Schema.optional(Sdp) }),
  /** Who the agent's answered call could be transferred to now (answered by `transfer-targets`). */
  "transfer-targets": Schema.Struct({ callId: CallId }),
  /**
   * Blind transfer of the agent's answered (or held) call to an agent or an agent group: the customer hears the hold
   * tone while it rings there; if nobody takes it in the ring time it comes back (`transfer-returned`).
   */
  transfer: Schema.Struct({ callId: CallId, to: TransferTo }),
  /**
   * Warm transfer: as `transfer`, but whoever takes it talks with the agent first (`consult-started`), the customer on
   * hold meanwhile; then the agent hands the call over (`consult-complete`) or either of them ends the talk
   * (`consult-cancel`), the call back on hold with the agent.
   */
  consult: Schema.Struct({ callId: CallId, to: TransferTo }),
  "consult-complete": Schema.Struct({ callId: CallId }),
  "consult-cancel": Schema.Struct({ callId: CallId }),
} as const

export type ToServerEvent = keyof typeof ToServer
export type ToServerPayload<E extends ToServerEvent> = (typeof ToServer)[E]["Type"]

/** Server -> browser. */
export interface ToBrowser {
  /**
   * `ringSeconds`: the tenant's ring time (its call setting; the spec's 60 s when absent), the card's countdown.
   * `quickReplies`: the tenant's own quick replies for this card's menu (the standard three when absent or empty).
   */
  "call-is-coming": {
    callId: string
    callerName: string
    callerNumber: string
    ringSeconds?: number
    quickReplies?: readonly string[]
    /** A colleague's call transferred here: their name (the card says "transferred by …"). */
    transferredBy?: string
    /** A colleague wants to talk before handing this call over (a warm transfer): their name. */
    consultBy?: string
  }
  "initiated-call-response": { callId: string; number: string; clientId: number; userId: number }
  "whatsapp-answer": { callId: string; sdp: string }
  "call-status-update": { callId: string; callStatus: string }
  /**
   * The call ended: to the agents whose consoles show it (rung, declined, on it, its transfer's) and to the open queue
   * pages of its tenant (they watch `queue`: realtime-watch.ts), not to every socket of the tenant.
   */
  "call-ended": { callId: string }
  "browser-answer": { callId: string; sdp: string }
  "start-browser-timer": { callId: string }
  "remove-call": { callId: string; userId: number }
  /**
   * The agent's call is on hold (they held it, a resume of another call held it, or this tab just connected and finds
   * it held). `heldSeconds`: how long this hold has lasted; `talkSeconds`: since the call was answered.
   */
  "call-held": { callId: string; callerName: string; callerNumber: string; heldSeconds: number; talkSeconds: number }
  /** The agent's held call is active again. */
  "call-resumed": { callId: string }
  /** Whom the call can be transferred to now: agents who can take it, and the tenant's agent groups. */
  "transfer-targets": { callId: string; agents: readonly TransferTargetName[]; groups: readonly TransferTargetName[] }
  /** The agent's transfer was not taken in the ring time (or declined by all): the call rings on their card again. */
  "transfer-returned": { callId: string; notTakenBy: string }
  /** The colleague took the agent's warm transfer: the two talk now, the customer still on hold. */
  "consult-started": { callId: string; colleague: string }
  /**
   * A warm transfer's talk ended: `handedOver` (to the colleague) the call is theirs now, active; otherwise (to the
   * agent) the colleague left it, and the call is on hold with the agent.
   */
  "consult-ended": { callId: string; handedOver: boolean }
  /**
   * A customer's call joined the agents' queue (every agent busy), was rung from it, or left it (taken or ended): to
   * every socket of the tenant, so the queue page (routing-queue.ts) reads it again at once.
   */
  "call-queue-changed": { callId: string }
}

/** An agent or agent group a call can be transferred to. */
export interface TransferTargetName {
  readonly id: number
  readonly name: string
}

export type ToBrowserEvent = keyof ToBrowser

export const TO_BROWSER_EVENTS: readonly ToBrowserEvent[] = [
  "call-is-coming",
  "initiated-call-response",
  "whatsapp-answer",
  "call-status-update",
  "call-ended",
  "browser-answer",
  "start-browser-timer",
  "remove-call",
  "call-held",
  "call-resumed",
  "transfer-targets",
  "transfer-returned",
  "consult-started",
  "consult-ended",
  "call-queue-changed",
]

/** What the agents' queue page hears of calls: a watchable channel (realtime-watch.ts), so it hears every call end. */
export const QUEUE_CALL_EVENTS = [
  "call-is-coming",
  "remove-call",
  "call-ended",
  "call-queue-changed",
] as const satisfies readonly ToBrowserEvent[]
export type QueueCallsToBrowser = Pick<ToBrowser, (typeof QUEUE_CALL_EVENTS)[number]>

/** Statuses written to call records and sent in `call-status-update`. */
export const CallStatus = {
  ringing: "RINGING",
  calling: "CALLING",
  accepted: "ACCEPTED",
  connected: "CONNECTED",
  completed: "COMPLETED",
  rejected: "REJECTED",
  missed: "MISSED",
  failed: "FAILED",
  /** The tenant turned WhatsApp calls off (its call setting): refused at the channel, no card rang. */
  refused: "REFUSED",
} as const

/**
 * A tenant that rings a few agents at a time (its call setting `ring_at_once`) rings as many more after each this many
 * seconds a call goes unanswered (features/calls/call-widen.ts).
 */
export const RING_STEP_SECONDS = 15
