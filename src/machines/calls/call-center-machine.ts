/**
 * The voice-call centre (systemId `callCenter`): off until the session holds FRONT:/channels/whatsapp-call, then it
 * owns the socket, spawns one incoming-call actor per `call-is-coming` (ignored while the agent is offline) and
 * one outgoing-call actor per dial, enforces "one active call" rules, keeps the ringing cards in storage for a
 * reload, and rings while there are unanswered calls and nothing is active.
 */
import { assign, enqueueActions, not, setup, type ActorRefFrom } from "xstate"
import type { CallNotice, ChildToCentre, SocketEmit } from "./call-events"
import { callSocket, persistCalls, restoreCalls, ringTone, sendQuickReply, type SocketEvent } from "./call-actors"
import { incomingCallMachine } from "./incoming-call-machine"
import { outgoingCallMachine } from "./outgoing-call-machine"
import type { StoredCall } from "./stored-calls"

export type IncomingCallRef = ActorRefFrom<typeof incomingCallMachine>
export type OutgoingCallRef = ActorRefFrom<typeof outgoingCallMachine>

export interface CallCenterContext {
  readonly userId: number
  readonly clientId: number
  readonly online: boolean
  readonly calls: readonly {
    readonly callId: string
    readonly name: string
    readonly number: string
    readonly ref: IncomingCallRef
  }[]
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

const childId = (callId: string) => `call-${callId}`

const callIdOf = (event: CallCenterEvent): string => ("callId" in event && typeof event.callId === "string" ? event.callId : "")

export const callCenterMachine = setup({
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
    isNewCall: ({ context, event }) => !context.calls.some((call) => call.callId === callIdOf(event)),
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
    start: assign(({ event }) =>
      event.type === "CENTER.START" ? { userId: event.userId, clientId: event.clientId, online: event.online } : {},
    ),
    setOnline: assign({
      online: ({ event, context }) => (event.type === "CENTER.ONLINE" ? event.online : context.online),
    }),
    ring: assign({
      calls: ({ context, event, spawn }) => {
        if (event.type !== "rt.call-is-coming") return context.calls
        const ref = spawn("incomingCall", {
          id: childId(event.callId),
          systemId: childId(event.callId),
          input: {
            callId: event.callId,
            name: event.callerName,
            number: event.callerNumber,
            userId: context.userId,
            clientId: context.clientId,
          },
        })
        return [...context.calls, { callId: event.callId, name: event.callerName, number: event.callerNumber, ref }]
      },
    }),
    restore: assign({
      calls: ({ context, event, spawn }) => {
        const output = (event as unknown as { output?: { calls: readonly StoredCall[] } }).output
        const fresh = (output?.calls ?? []).filter((stored) => !context.calls.some((call) => call.callId === stored.id))
        return [
          ...context.calls,
          ...fresh.map((stored) => ({
            callId: stored.id,
            name: stored.name,
            number: stored.number,
            ref: spawn("incomingCall", {
              id: childId(stored.id),
              systemId: childId(stored.id),
              input: {
                callId: stored.id,
                name: stored.name,
                number: stored.number,
                userId: context.userId,
                clientId: context.clientId,
              },
            }),
          })),
        ]
      },
      toneEnabled: ({ context, event }) =>
        (event as unknown as { output?: { toneEnabled: boolean } }).output?.toneEnabled ?? context.toneEnabled,
    }),
    removeCall: enqueueActions(({ context, event, enqueue }) => {
      const callId = callIdOf(event)
      if (!context.calls.some((call) => call.callId === callId)) return
      enqueue.stopChild(childId(callId))
      enqueue.assign({
        calls: context.calls.filter((call) => call.callId !== callId),
        activeCallId: context.activeCallId === callId ? null : context.activeCallId,
      })
    }),
    accept: enqueueActions(({ event, enqueue }) => {
      const callId = callIdOf(event)
      enqueue.assign({ activeCallId: callId })
      enqueue.sendTo(childId(callId), { type: "ACCEPT" })
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      const callId = callIdOf(event)
      if (!context.calls.some((call) => call.callId === callId)) return
      const type = (
        {
          "call.reject": "REJECT",
          "call.terminate": "TERMINATE",
          "call.hide": "HIDE",
          "call.restore": "RESTORE",
          "call.mute": "MUTE",
          "rt.browser-answer": "ANSWER",
          "rt.start-browser-timer": "START_TIMER",
        } as const
      )[event.type as "call.reject"]
      enqueue.sendTo(childId(callId), event.type === "rt.browser-answer" ? { type: "ANSWER", sdp: event.sdp } : { type })
    }),
    notice: assign({ notice: ({ event, context }) => (event.type === "call.notice" ? event.notice : context.notice) }),
    noticeBusy: assign({ notice: "anotherActive" as CallNotice }),
    noticeAnotherOutgoing: assign({ notice: "anotherOutgoing" as CallNotice }),
    noticeSendFailed: assign({ notice: "sendFailed" as CallNotice }),
    dismiss: assign({ notice: null }),
    setReplyCall: assign({ replyCallId: ({ event }) => callIdOf(event) }),
    /** The reply went out: link it to the call record, then end the call (spec 000 section 4, quick reply). */
    replySent: enqueueActions(({ context, event, enqueue }) => {
      const callId = context.replyCallId
      if (!callId) return
      const messageId = String((event as unknown as { output?: unknown }).output ?? "")
      enqueue.sendTo("socket", {
        type: "socket.emit",
        event: "call-message",
        payload: { clientId: context.clientId, callId, messageId },
      } satisfies SocketEmit)
      if (context.calls.some((call) => call.callId === callId)) enqueue.sendTo(childId(callId), { type: "REJECT" })
      enqueue.assign({ replyCallId: null, notice: "sent" as CallNotice })
    }),
    clearActiveOnMicrophone: assign({
      activeCallId: ({ event, context }) => (event.type === "call.notice" && event.notice === "microphone" ? null : context.activeCallId),
    }),
    emit: enqueueActions(({ event, enqueue }) => {
      if (event.type === "socket.emit") enqueue.sendTo("socket", event as SocketEmit)
    }),
    dial: assign({
      outgoing: ({ event, context, spawn }) =>
        event.type === "outgoing.dial"
          ? spawn("outgoingCall", {
              id: "outgoing-call",
              systemId: "outgoing-call",
              input: { number: event.number, name: event.name, userId: context.userId, clientId: context.clientId },
            })
          : context.outgoing,
    }),
    toOutgoing: enqueueActions(({ context, event, enqueue }) => {
      if (!context.outgoing) return
      if (event.type === "rt.initiated-call-response") enqueue.sendTo(context.outgoing, { type: "INITIATED", callId: event.callId })
      if (event.type === "rt.whatsapp-answer") enqueue.sendTo(context.outgoing, { type: "ANSWER", sdp: event.sdp })
      if (event.type === "rt.call-status-update") enqueue.sendTo(context.outgoing, { type: "STATUS", status: event.callStatus })
      if (event.type === "rt.call-ended") enqueue.sendTo(context.outgoing, { type: "ENDED" })
      if (event.type === "outgoing.terminate") enqueue.sendTo(context.outgoing, { type: "TERMINATE" })
      if (event.type === "outgoing.mute") enqueue.sendTo(context.outgoing, { type: "MUTE" })
    }),
    markOutgoingActive: assign({
      activeOutgoingCallId: ({ context, event }) =>
        event.type === "rt.call-status-update" && event.callStatus === "ACCEPTED" ? event.callId : context.activeOutgoingCallId,
    }),
    dropOutgoing: enqueueActions(({ enqueue }) => {
      enqueue.stopChild("outgoing-call")
      enqueue.assign({ outgoing: null, activeOutgoingCallId: null })
    }),
    markHidden: assign({
      hidden: ({ context, event }) => [...context.hidden.filter((id) => id !== callIdOf(event)), callIdOf(event)],
    }),
    markShown: assign({ hidden: ({ context, event }) => context.hidden.filter((id) => id !== callIdOf(event)) }),
    toggleTone: assign({ toneEnabled: ({ context }) => !context.toneEnabled }),
    connection: assign({
      connection: ({ event, context }) => (event.type === "rt.status" ? event.status : context.connection),
    }),
    persist: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild("persistCalls", {
        input: {
          calls: context.calls.map(({ callId, name, number }) => ({ id: callId, name, number })),
          activeCallId: context.activeCallId,
          activeOutgoingCallId: context.activeOutgoingCallId,
          toneEnabled: context.toneEnabled,
        },
      })
    }),
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const call of context.calls) enqueue.stopChild(childId(call.callId))
      if (context.outgoing) enqueue.stopChild("outgoing-call")
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
}).createMachine({
  id: "callCenter",
  context: {
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
  },
  initial: "off",
  states: {
    off: { on: { "CENTER.START": { target: "on", actions: "start" } } },
    on: {
      type: "parallel",
      invoke: [
        { id: "socket", src: "callSocket" },
        { id: "restore", src: "restoreCalls", onDone: { actions: ["restore", "persist"] }, onError: {} },
      ],
      on: {
        "CENTER.STOP": { target: "off", actions: "stopAll" },
        "CENTER.START": { actions: "start" },
        "CENTER.ONLINE": { actions: "setOnline" },
        "rt.status": { actions: "connection" },
        "rt.call-is-coming": { guard: "isOnline", actions: ["ring", "persist"] },
        "rt.remove-call": { actions: ["removeCall", "markShown", "persist"] },
        "rt.call-ended": [{ guard: "isOutgoingCall", actions: "toOutgoing" }, { actions: ["removeCall", "markShown", "persist"] }],
        "rt.browser-answer": { actions: "forward" },
        "rt.start-browser-timer": { actions: "forward" },
        "rt.initiated-call-response": { actions: "toOutgoing" },
        "rt.whatsapp-answer": { actions: "toOutgoing" },
        "rt.call-status-update": { actions: ["toOutgoing", "markOutgoingActive", "persist"] },
        "call.accept": [{ guard: "nothingActive", actions: ["accept", "markShown", "persist"] }, { actions: "noticeBusy" }],
        "call.reject": { actions: "forward" },
        "call.terminate": { actions: "forward" },
        "call.hide": { actions: ["forward", "markHidden"] },
        "call.restore": { actions: ["forward", "markShown"] },
        "call.mute": { actions: "forward" },
        "call.finished": { actions: ["removeCall", "markShown", "persist"] },
        "call.notice": { actions: ["notice", "clearActiveOnMicrophone", "persist"] },
        "socket.emit": { actions: "emit" },
        "outgoing.dial": [{ guard: "hasOutgoing", actions: "noticeAnotherOutgoing" }, { actions: "dial" }],
        "outgoing.terminate": { actions: "toOutgoing" },
        "outgoing.mute": { actions: "toOutgoing" },
        "outgoing.finished": { actions: ["dropOutgoing", "persist"] },
        "tone.toggle": { actions: ["toggleTone", "persist"] },
        "notice.dismiss": { actions: "dismiss" },
      },
      states: {
        tone: {
          initial: "silent",
          states: {
            silent: { always: { guard: "shouldRing", target: "ringing" } },
            ringing: { invoke: { src: "ringTone" }, always: { guard: not("shouldRing"), target: "silent" } },
          },
        },
        quickReply: {
          initial: "idle",
          states: {
            idle: { on: { "call.quickReply": { target: "sending", actions: "setReplyCall" } } },
            sending: {
              invoke: {
                src: "sendQuickReply",
                input: ({ context, event }) => ({
                  number: context.calls.find((call) => call.callId === callIdOf(event))?.number ?? "",
                  text: event.type === "call.quickReply" ? event.text : "",
                }),
                onDone: { target: "idle", actions: "replySent" },
                onError: { target: "idle", actions: "noticeSendFailed" },
              },
            },
          },
        },
      },
    },
  },
})
