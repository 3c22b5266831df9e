/**
 * The simulator page's data (a customer's calls, drafts, what was sent and received) and the one rule it holds:
 * which inbound message the hook gets, or why nothing is sent. The machine is simulator-machine.ts.
 */
import type { Failure } from "../common/failure"
import { SIM_CHANNELS, type InboundMessage, type Received, type SimChannel, type SimMessageType } from "../../services/simulator/simulator"

export interface SimCall {
  readonly callId: string
  readonly number: string
  readonly name: string
  /** The call hub's status (ringing, accepted...), "ended" once the server forgot the call. */
  readonly status: string
  readonly agentId: number | null
}

export interface SimCustomer {
  readonly channel: SimChannel
  readonly number: string
  readonly name: string
}

export interface SimDraft {
  readonly type: SimMessageType
  readonly text: string
  readonly link: string
  readonly filename: string
}

export interface SentMessage {
  readonly messageId: number
  readonly conversationId: number
  readonly channel: SimChannel
  readonly number: string
  readonly summary: string
}

export type SimProblem = "numberRequired" | "textRequired" | "linkRequired"

export interface SimulatorContext {
  readonly clientId: number
  readonly callForm: { readonly number: string; readonly name: string }
  readonly calls: readonly SimCall[]
  readonly customer: SimCustomer
  readonly draft: SimDraft
  readonly sent: readonly SentMessage[]
  readonly received: readonly Received[]
  readonly failure: Failure | null
  readonly problem: SimProblem | null
  readonly pending: { readonly hangup?: string; readonly typing?: "typing" | "paused"; readonly read?: string }
}

export type SimulatorEvent =
  | { type: "CALL.EDIT"; patch: Partial<SimulatorContext["callForm"]> }
  | { type: "CALL.PLACE" }
  | { type: "CALL.HANGUP"; callId: string }
  | { type: "CUSTOMER.EDIT"; patch: Partial<SimCustomer> }
  | { type: "DRAFT.EDIT"; patch: Partial<SimDraft> }
  | { type: "MESSAGE.SEND" }
  | { type: "TYPING"; state: "typing" | "paused" }
  | { type: "READ"; externalId: string }
  | { type: "RETRY" }
  | { type: "ERROR.DISMISS" }

export const FINAL_CALL = "ended"
export const live = (call: SimCall) => call.status !== FINAL_CALL

/** What the phone received can be marked read once, and only with the channel's id. */
export const mayMarkRead = (message: Received) => message.external_id !== null && message.status !== "read"

/** The message the hook receives, or the problem that keeps it from being sent. */
export const inboundOf = (c: SimulatorContext): { problem: SimProblem } | { message: InboundMessage } => {
  const number = c.customer.number.trim()
  if (!number) return { problem: "numberRequired" }
  const base = {
    clientId: c.clientId,
    channel: c.customer.channel,
    number,
    ...(c.customer.name.trim() ? { name: c.customer.name.trim() } : {}),
  }
  if (c.draft.type === "text")
    return c.draft.text.trim() ? { message: { ...base, type: "text", text: c.draft.text.trim() } } : { problem: "textRequired" }
  if (!c.draft.link.trim()) return { problem: "linkRequired" }
  return {
    message: {
      ...base,
      type: c.draft.type,
      link: c.draft.link.trim(),
      ...(c.draft.text.trim() ? { text: c.draft.text.trim() } : {}),
      ...(c.draft.filename.trim() ? { filename: c.draft.filename.trim() } : {}),
    },
  }
}

export const initialSimulator = (clientId: number): SimulatorContext => ({
  clientId,
  callForm: { number: "", name: "" },
  calls: [],
  customer: { channel: SIM_CHANNELS[0], number: "", name: "" },
  draft: { type: "text", text: "", link: "", filename: "" },
  sent: [],
  received: [],
  failure: null,
  problem: null,
  pending: {},
})
