/**
 * The voice-call centre (systemId `callCenter`): off until the session holds FRONT:/channels/whatsapp-call, then it
 * owns the socket, spawns one incoming-call actor per `call-is-coming` (ignored while the agent is offline, and for
 * a call already on screen) and one outgoing-call actor per dial, enforces "one active call" rules (a call on hold is
 * not active: another may be accepted; resuming one makes it the active call, the server holding the other), keeps the ringing
 * cards in storage for a reload, and rings while there are unanswered calls (or a held call whose transfer came back)
 * and nothing is active. Transfer: the card asks for targets and sends the call on (held meanwhile), or asks a colleague
 * to talk first (a warm transfer: the talk's start and end come from the server to the card). Its rules are in
 * call-center-setup.ts; this is the chart.
 */
import { and, assertEvent, not } from "xstate"
import { centreSetup, initialCentreContext } from "./call-center-setup"

export const callCenterMachine = centreSetup.createMachine({
  id: "callCenter",
  context: initialCentreContext,
  initial: "off",
  states: {
    off: { on: { "CENTER.START": { target: "on", actions: "start" } } },
    on: {
      type: "parallel",
      invoke: [
        { id: "socket", src: "callSocket" },
        {
          id: "restore",
          src: "restoreCalls",
          onDone: {
            actions: [
              { type: "addCalls", params: ({ event }) => event.output.calls },
              { type: "setTone", params: ({ event }) => event.output.toneEnabled },
              "persist",
            ],
          },
          onError: {},
        },
      ],
      on: {
        "CENTER.STOP": { target: "off", actions: "stopAll" },
        "CENTER.START": { actions: "start" },
        "CENTER.ONLINE": { actions: "setOnline" },
        "rt.status": { actions: "connection" },
        "rt.call-is-coming": {
          guard: and(["isOnline", "isNewCall"]),
          actions: [
            {
              type: "addCalls",
              params: ({ event }) => [
                {
                  id: event.callId,
                  name: event.callerName,
                  number: event.callerNumber,
                  ringSeconds: event.ringSeconds,
                  quickReplies: event.quickReplies,
                  transferredBy: event.transferredBy,
                  consultBy: event.consultBy,
                },
              ],
            },
            "announceCall",
            "persist",
          ],
        },
        "rt.remove-call": { actions: ["removeCall", "markShown", "persist"] },
        "rt.call-ended": [
          { guard: "isOutgoingCall", actions: { type: "toOutgoing", params: { type: "ENDED" } } },
          { actions: ["removeCall", "markShown", "persist"] },
        ],
        "rt.call-held": [
          {
            guard: "isNewCall",
            actions: [
              {
                type: "addHeld",
                params: ({ event }) => ({
                  id: event.callId,
                  name: event.callerName,
                  number: event.callerNumber,
                  heldSeconds: event.heldSeconds,
                  talkSeconds: event.talkSeconds,
                }),
              },
              "markHeld",
            ],
          },
          {
            actions: [
              {
                type: "forward",
                params: ({ event }) => ({ type: "HELD", heldSeconds: event.heldSeconds, talkSeconds: event.talkSeconds }),
              },
              "markHeld",
            ],
          },
        ],
        "rt.call-resumed": { guard: "isHeldCall", actions: [{ type: "forward", params: { type: "RESUMED" } }, "markActive"] },
        "rt.transfer-targets": {
          actions: {
            type: "forward",
            params: ({ event }) => ({ type: "TARGETS", agents: event.agents, groups: event.groups }),
          },
        },
        "rt.transfer-returned": {
          guard: "isHeldCall",
          actions: [{ type: "forward", params: ({ event }) => ({ type: "RETURNED", notTakenBy: event.notTakenBy }) }, "markReturned"],
        },
        "rt.consult-started": {
          guard: "isHeldCall",
          actions: { type: "forward", params: ({ event }) => ({ type: "CONSULT_STARTED", colleague: event.colleague }) },
        },
        "rt.consult-ended": [
          { guard: "isHandedOver", actions: { type: "forward", params: { type: "HANDED_OVER" } } },
          { guard: "isHeldCall", actions: { type: "forward", params: { type: "CONSULT_ENDED" } } },
        ],
        "rt.browser-answer": { actions: { type: "forward", params: ({ event }) => ({ type: "ANSWER", sdp: event.sdp }) } },
        "rt.start-browser-timer": { actions: { type: "forward", params: { type: "START_TIMER" } } },
        "rt.initiated-call-response": {
          actions: { type: "toOutgoing", params: ({ event }) => ({ type: "INITIATED", callId: event.callId }) },
        },
        "rt.whatsapp-answer": { actions: { type: "toOutgoing", params: ({ event }) => ({ type: "ANSWER", sdp: event.sdp }) } },
        "rt.call-status-update": {
          actions: [
            { type: "toOutgoing", params: ({ event }) => ({ type: "STATUS", status: event.callStatus }) },
            "markOutgoingActive",
            "noticeCallsOff",
            "persist",
          ],
        },
        "call.accept": [{ guard: "nothingActive", actions: ["accept", "markShown", "persist"] }, { actions: "noticeBusy" }],
        "call.reject": { actions: { type: "forward", params: { type: "REJECT" } } },
        "call.terminate": { actions: { type: "forward", params: { type: "TERMINATE" } } },
        "call.hide": { actions: [{ type: "forward", params: { type: "HIDE" } }, "markHidden"] },
        "call.restore": { actions: [{ type: "forward", params: { type: "RESTORE" } }, "markShown"] },
        "call.mute": { actions: { type: "forward", params: { type: "MUTE" } } },
        "call.hold": { guard: "isActiveCall", actions: [{ type: "forward", params: { type: "HOLD" } }, "markHeld", "persist"] },
        "call.resume": [
          { guard: and(["isHeldCall", "hasOutgoing"]), actions: "noticeBusy" },
          { guard: "isHeldCall", actions: [{ type: "forward", params: { type: "RESUME" } }, "markActive", "markShown", "persist"] },
        ],
        "call.transferTargets": { guard: "isAnsweredCall", actions: { type: "forward", params: { type: "LIST_TARGETS" } } },
        "call.transfer": {
          guard: "isAnsweredCall",
          actions: [
            {
              type: "forward",
              params: ({ event }) => ({ type: "TRANSFER", to: event.to, name: event.name }),
            },
            "markHeld",
            "clearReturned",
            "persist",
          ],
        },
        "call.consult": {
          guard: "isAnsweredCall",
          actions: [
            { type: "forward", params: ({ event }) => ({ type: "CONSULT", to: event.to, name: event.name }) },
            "markHeld",
            "clearReturned",
            "persist",
          ],
        },
        "call.completeConsult": { guard: "isHeldCall", actions: { type: "forward", params: { type: "COMPLETE" } } },
        "call.cancelConsult": { guard: "isHeldCall", actions: { type: "forward", params: { type: "CANCEL" } } },
        "call.finished": { actions: ["removeCall", "markShown", "persist"] },
        "call.notice": { actions: ["notice", "clearActiveOnMicrophone", "persist"] },
        "socket.emit": { actions: "emit" },
        "outgoing.dial": [{ guard: "hasOutgoing", actions: "noticeAnotherOutgoing" }, { actions: "dial" }],
        "outgoing.terminate": { actions: { type: "toOutgoing", params: { type: "TERMINATE" } } },
        "outgoing.mute": { actions: { type: "toOutgoing", params: { type: "MUTE" } } },
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
                id: "quickReply",
                src: "sendQuickReply",
                input: ({ context, event }) => {
                  assertEvent(event, "call.quickReply")
                  return { number: context.calls.find((call) => call.callId === context.replyCallId)?.number ?? "", text: event.text }
                },
                onDone: { target: "idle", actions: { type: "replySent", params: ({ event }) => event.output } },
                onError: { target: "idle", actions: "noticeSendFailed" },
              },
            },
          },
        },
      },
    },
  },
})
