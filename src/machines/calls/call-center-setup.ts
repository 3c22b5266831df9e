/**
 * The call centre's vocabulary and rules: its context and events, the actors it runs, its guards and actions.
 * The chart that wires them together is call-center-machine.ts.
 */
import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom } from "xstate"
import { CallStatus } from "../../contract/voice-calls"
import type { CallNotice, ChildToCentre, SocketEmit } from "./call-events"
import { callSocket, persistCalls, restoreCalls, ringTone, sendQuickReply, type SocketEvent } from "./call-actors"
import { incomingCallMachine, type HeldFigures, type IncomingCallEvent, type TransferChoice } from "./incoming-call-machine"
import { outgoingCallMachine, type OutgoingCallEvent } from "./outgoing-call-machine"
import type { StoredCall } from "./stored-calls"
import { announce } from "../shell/announcer-machine"

export type IncomingCallRef = ActorRefFrom<typeof incomingCallMachine>
export type OutgoingCallRef = ActorRefFrom<typeof outgoingCallMachine>

export interface CentreCall {
  readonly callId: string
  readonly name: string
  readonly number: string
  readonly ringSeconds?: number
  /** The tenant's quick replies sent with the call (the card's menu). */
  readonly quickReplies?: readonly string[]
  /** A colleague transferred it here: their name. */
  readonly transferredBy?: string
  /** A colleague wants to talk before handing it over here: their name. */
  readonly consultBy?: string
  readonly ref: IncomingCallRef
}

/** A call of the agent this tab found on hold on the server (`call-held` for a call it does not show). */
export interface FoundHeld extends HeldFigures {
  readonly id: string
  readonly name: string
  readonly number: string
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
  /** Calls on hold: not the active call, and not ringing. */
  readonly held: readonly string[]
  /** Held calls whose transfer nobody took: they ring again (still held). */
  readonly returned: readonly string[]
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
  | { type: "call.hold"; callId: string }
  | { type: "call.resume"; callId: string }
  | { type: "call.transferTargets"; callId: string }
  | ({ type: "call.transfer"; callId: string } & TransferChoice)
  | ({ type: "call.consult"; callId: string } & TransferChoice)
  | { type: "call.completeConsult"; callId: string }
  | { type: "call.cancelConsult"; callId: string }
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
  held: [],
  returned: [],
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
    isActiveCall: ({ context, event }) => context.activeCallId !== null && context.activeCallId === callIdOf(event),
    isHeldCall: ({ context, event }) => context.held.includes(callIdOf(event)),
    isAnsweredCall: ({ context, event }) =>
      context.held.includes(callIdOf(event)) || (context.activeCallId !== null && context.activeCallId === callIdOf(event)),
    /** Calls on hold do not ring, unless their transfer came back: only a card still ringing does. */
    shouldRing: ({ context }) =>
      context.toneEnabled &&
      context.activeCallId === null &&
      context.activeOutgoingCallId === null &&
      context.calls.some(
        (call) => call.callId !== context.activeCallId && (!context.held.includes(call.callId) || context.returned.includes(call.callId)),
      ),
    /** A warm transfer's talk ended with the call handed to this agent. */
    isHandedOver: ({ event }) => event.type === "rt.consult-ended" && event.handedOver,
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
          .map(({ id, name, number, ringSeconds, quickReplies, transferredBy, consultBy }) => ({
            callId: id,
            name,
            number,
            ringSeconds,
            quickReplies,
            transferredBy,
            consultBy,
            ref: spawn("incomingCall", {
              id: childId(id),
              systemId: childId(id),
              input: {
                callId: id,
                name,
                number,
                ringSeconds,
                transferredBy,
                consultBy,
                userId: context.userId,
                clientId: context.clientId,
              },
            }),
          })),
      ],
    }),
    /** An arriving call is said assertively, once per call id (a repeated call-is-coming or a reload stays silent). */
    announceCall: ({ event, system }) => {
      assertEvent(event, "rt.call-is-coming")
      const number = event.callerNumber
      announce(system, {
        key: `call:${event.callId}`,
        politeness: "assertive",
        words: event.callerName
          ? { key: "shell.announce.call", values: { name: event.callerName, number } }
          : { key: "shell.announce.callUnknown", values: { number } },
      })
    },
    /** A held call this tab did not show (a reload): its card comes back held, with the server's clocks. */
    addHeld: assign({
      calls: ({ context, spawn }, found: FoundHeld) =>
        callOf(context, found.id)
          ? context.calls
          : [
              ...context.calls,
              {
                callId: found.id,
                name: found.name,
                number: found.number,
                ref: spawn("incomingCall", {
                  id: childId(found.id),
                  systemId: childId(found.id),
                  input: {
                    callId: found.id,
                    name: found.name,
                    number: found.number,
                    userId: context.userId,
                    clientId: context.clientId,
                    held: { heldSeconds: found.heldSeconds, talkSeconds: found.talkSeconds },
                  },
                }),
              },
            ],
    }),
    /** The call the event names went on hold: it is not the active one any more. */
    markHeld: assign({
      activeCallId: ({ context, event }) => (context.activeCallId === callIdOf(event) ? null : context.activeCallId),
      held: ({ context, event }) => [...context.held.filter((id) => id !== callIdOf(event)), callIdOf(event)],
    }),
    /** The resumed call is the active one (the server holds the one that was). */
    markActive: assign({
      activeCallId: ({ event }) => callIdOf(event),
      held: ({ context, event }) => context.held.filter((id) => id !== callIdOf(event)),
      returned: ({ context, event }) => context.returned.filter((id) => id !== callIdOf(event)),
    }),
    /** The call's transfer was not taken: it rings again on its card. */
    markReturned: assign({
      returned: ({ context, event }) => [...context.returned.filter((id) => id !== callIdOf(event)), callIdOf(event)],
    }),
    clearReturned: assign({ returned: ({ context, event }) => context.returned.filter((id) => id !== callIdOf(event)) }),
    setTone: assign((_, toneEnabled: boolean) => ({ toneEnabled })),
    removeCall: enqueueActions(({ context, event, enqueue }) => {
      const call = callOf(context, callIdOf(event))
      if (!call) return
      enqueue.stopChild(call.ref)
      enqueue.assign({
        calls: context.calls.filter((other) => other !== call),
        activeCallId: context.activeCallId === call.callId ? null : context.activeCallId,
        held: context.held.filter((id) => id !== call.callId),
        returned: context.returned.filter((id) => id !== call.callId),
      })
    }),
    accept: enqueueActions(({ context, event, enqueue }) => {
      const call = callOf(context, callIdOf(event))
      if (!call) return
      enqueue.assign({ activeCallId: call.callId, held: context.held.filter((id) => id !== call.callId) })
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
          calls: context.calls.map(({ callId, name, number, ringSeconds, quickReplies, transferredBy, consultBy }) => ({
            id: callId,
            name,
            number,
            ringSeconds,
            quickReplies,
            transferredBy,
            consultBy,
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
        held: [],
        returned: [],
      })
    }),
  },
})
