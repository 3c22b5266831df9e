/**
 * The call centre's vocabulary and rules: its context and events, the actors it runs, its guards and actions.
 * The chart that wires them together is call-center-machine.ts.
 */
import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom } from "xstate"
import { CallStatus } from "../../contract/voice-calls"
import type { CallNotice, ChildToCentre, SocketEmit } from "./call-events"
import { callSocket, persistCalls, restoreCalls, ringTone, sendQuickReply, type SocketEvent } from "./call-actors"
import { incomingCallMachine, type IncomingCallEvent } from "./incoming-call-machine"
import { outgoingCallMachine, type OutgoingCallEvent } from "./outgoing-call-machine"
import type { StoredCall } from "./stored-calls"

export type IncomingCallRef = ActorRefFrom<typeof incomingCallMachine>
export type OutgoingCallRef = ActorRefFrom<typeof outgoingCallMachine>

export interface CentreCall {
  readonly callId: string
  readonly name: string
  readonly number: string
  readonly ringSeconds?: number
  /** The tenant's quick replies sent with the call (the card's menu). */
  readonly quickReplies?: readonly string[]
  readonly ref: IncomingCallRef
}

export interface CallCenterContext {
  readonly userId: number
  readonly clientId: number
  readonly online: boolean
  readonly calls: readonly CentreCall[]
  readonly outgoing: OutgoingCallRef | null
  readonly activeCallId: string | null
  readonly activeOutgoingCallId: string | null
  readonly toneEnabled: boolean
  readonly connection: "connecting" | "connected" | "disconnected" | "unauthorized"
  readonly notice: CallNotice | null
  /** Cards the agent hid (the hidden-calls dropdown); accepting or restoring shows a card again. */
  readonly hidden: readonly string[]
  /** The call a quick reply is being sent for. */
  readonly replyCallId: string | null
}

export type CallCenterEvent =
  | { type: "CENTER.START"; userId: number; clientId: number; online: boolean }
  | { type: "CENTER.STOP" }
  | { type: "CENTER.ONLINE"; online: boolean }
  | { type: "call.accept"; callId: string }
  | { type: "call.reject"; callId: string }
  | { type: "call.terminate"; callId: string }
  | { type: "call.hide"; callId: string }
  | { type: "call.restore"; callId: string }
  | { type: "call.mute"; callId: string }
  | { type: "call.quickReply"; callId: string; text: string }
  | { type: "outgoing.dial"; number: string; name?: string }
  | { type: "outgoing.terminate" }
  | { type: "outgoing.mute" }
  | { type: "tone.toggle" }
  | { type: "notice.dismiss" }
  | ChildToCentre
  | SocketEvent

export const initialCentreContext: CallCenterContext = {
  userId: 0,
  clientId: 0,
  online: true,
  calls: [],
  outgoing: null,
  activeCallId: null,
  activeOutgoingCallId: null,
  toneEnabled: true,
  connection: "connecting",
  notice: null,
  replyCallId: null,
  hidden: [],
}

/** The systemId of a call's actor (DESIGN.md: `call-<callId>`); one call id, one actor. */
const childId = (callId: string) => `call-${callId}`
const OUTGOING_ID = "outgoing-call"

const callIdOf = (event: CallCenterEvent): string => ("callId" in event && typeof event.callId === "string" ? event.callId : "")
const callOf = (context: CallCenterContext, callId: string) => context.calls.find((call) => call.callId === callId)

export const centreSetup = setup({
  types: { context: {} as CallCenterContext, events: {} as CallCenterEvent },
  actors: {
    callSocket,
    ringTone,
    restoreCalls,
    persistCalls,
    sendQuickReply,
    incomingCall: incomingCallMachine,
    outgoingCall: outgoingCallMachine,
  },
  guards: {
    isOnline: ({ context }) => context.online,
    isNewCall: ({ context, event }) => callOf(context, callIdOf(event)) === undefined,
    nothingActive: ({ context }) => context.activeCallId === null && context.activeOutgoingCallId === null && context.outgoing === null,
    hasOutgoing: ({ context }) => context.outgoing !== null,
    shouldRing: ({ context }) =>
      context.toneEnabled &&
      context.activeCallId === null &&
      context.activeOutgoingCallId === null &&
      context.calls.some((call) => call.callId !== context.activeCallId),
    isOutgoingCall: ({ context, event }) => context.outgoing !== null && context.outgoing.getSnapshot().context.callId === callIdOf(event),
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, "CENTER.START")
      return { userId: event.userId, clientId: event.clientId, online: event.online }
    }),
    setOnline: assign(({ event }) => {
      assertEvent(event, "CENTER.ONLINE")
      return { online: event.online }
    }),
    /** One actor per call id: a call already on screen (a repeated call-is-coming, a restored card) is kept as it is. */
    addCalls: assign({
      calls: ({ context, spawn }, added: readonly StoredCall[]) => [
        ...context.calls,
        ...added
          .filter((stored) => callOf(context, stored.id) === undefined)
          .map(({ id, name, number, ringSeconds, quickReplies }) => ({
            callId: id,
            name,
            number,
            ringSeconds,
            quickReplies,
            ref: spawn("incomingCall", {
              id: childId(id),
              systemId: childId(id),
              input: { callId: id, name, number, ringSeconds, userId: context.userId, clientId: context.clientId },
            }),
          })),
      ],
    }),
    setTone: assign((_, toneEnabled: boolean) => ({ toneEnabled })),
    removeCall: enqueueActions(({ context, event, enqueue }) => {
      const call = callOf(context, callIdOf(event))
      if (!call) return
      enqueue.stopChild(call.ref)
      enqueue.assign({
        calls: context.calls.filter((other) => other !== call),
        activeCallId: context.activeCallId === call.callId ? null : context.activeCallId,
      })
    }),
    accept: enqueueActions(({ context, event, enqueue }) => {
      const call = callOf(context, callIdOf(event))
      if (!call) return
      enqueue.assign({ activeCallId: call.callId })
      enqueue.sendTo(call.ref, { type: "ACCEPT" })
    }),
    /** Passes a command on to the call the event names, if the centre still has it. */
    forward: enqueueActions(({ context, event, enqueue }, command: IncomingCallEvent) => {
      const call = callOf(context, callIdOf(event))
      if (call) enqueue.sendTo(call.ref, command)
    }),
    notice: assign(({ event }) => {
      assertEvent(event, "call.notice")
      return { notice: event.notice }
    }),
    noticeBusy: assign({ notice: "anotherActive" as CallNotice }),
    noticeAnotherOutgoing: assign({ notice: "anotherOutgoing" as CallNotice }),
    noticeSendFailed: assign({ notice: "sendFailed" as CallNotice }),
    dismiss: assign({ notice: null }),
    setReplyCall: assign({ replyCallId: ({ event }) => callIdOf(event) }),
    /** The reply went out: link it to the call record, then end the call (spec 000 section 4, quick reply). */
    replySent: enqueueActions(({ context, enqueue }, messageId: string) => {
      const callId = context.replyCallId
      if (!callId) return
      enqueue.sendTo("socket", {
        type: "socket.emit",
        event: "call-message",
        payload: { clientId: context.clientId, callId, messageId },
      } satisfies SocketEmit)
      const call = callOf(context, callId)
      if (call) enqueue.sendTo(call.ref, { type: "REJECT" })
      enqueue.assign({ replyCallId: null, notice: "sent" as CallNotice })
    }),
    clearActiveOnMicrophone: assign(({ event, context }) => {
      assertEvent(event, "call.notice")
      return { activeCallId: event.notice === "microphone" ? null : context.activeCallId }
    }),
    emit: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "socket.emit")
      enqueue.sendTo("socket", event)
    }),
    dial: assign(({ event, context, spawn }) => {
      assertEvent(event, "outgoing.dial")
      return {
        outgoing: spawn("outgoingCall", {
          id: OUTGOING_ID,
          systemId: OUTGOING_ID,
          input: { number: event.number, name: event.name, userId: context.userId, clientId: context.clientId },
        }),
      }
    }),
    toOutgoing: enqueueActions(({ context, enqueue }, command: OutgoingCallEvent) => {
      if (context.outgoing) enqueue.sendTo(context.outgoing, command)
    }),
    noticeCallsOff: assign(({ context, event }) => {
      assertEvent(event, "rt.call-status-update")
      return { notice: event.callStatus === CallStatus.refused ? ("callsOff" as CallNotice) : context.notice }
    }),
    markOutgoingActive: assign(({ context, event }) => {
      assertEvent(event, "rt.call-status-update")
      return { activeOutgoingCallId: event.callStatus === "ACCEPTED" ? event.callId : context.activeOutgoingCallId }
    }),
    dropOutgoing: enqueueActions(({ context, enqueue }) => {
      if (context.outgoing) enqueue.stopChild(context.outgoing)
      enqueue.assign({ outgoing: null, activeOutgoingCallId: null })
    }),
    markHidden: assign({
      hidden: ({ context, event }) => [...context.hidden.filter((id) => id !== callIdOf(event)), callIdOf(event)],
    }),
    markShown: assign({ hidden: ({ context, event }) => context.hidden.filter((id) => id !== callIdOf(event)) }),
    toggleTone: assign({ toneEnabled: ({ context }) => !context.toneEnabled }),
    connection: assign(({ event }) => {
      assertEvent(event, "rt.status")
      return { connection: event.status }
    }),
    persist: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild("persistCalls", {
        input: {
          calls: context.calls.map(({ callId, name, number, ringSeconds, quickReplies }) => ({
            id: callId,
            name,
            number,
            ringSeconds,
            quickReplies,
          })),
          activeCallId: context.activeCallId,
          activeOutgoingCallId: context.activeOutgoingCallId,
          toneEnabled: context.toneEnabled,
        },
      })
    }),
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const call of context.calls) enqueue.stopChild(call.ref)
      if (context.outgoing) enqueue.stopChild(context.outgoing)
      enqueue.assign({
        calls: [],
        outgoing: null,
        activeCallId: null,
        activeOutgoingCallId: null,
        notice: null,
        connection: "connecting",
      })
    }),
  },
})
