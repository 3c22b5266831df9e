/**
 * A warm transfer's consult, composed into the softphone machine as `connected.consulting` (offered on a held call):
 * the same dialog names a colleague, who is called on a second call (ringing, then speaking); Complete hands the
 * customer to them (completing: the colleague's phone is REFERred to the customer, with Replaces) and ends the
 * agent's calls; Cancel ends the consult and resumes the customer.
 *
 * Mute and the keypad act on the consult while it lasts, by the rule written in softphone-machine.ts.
 */
import { and, assertEvent, assign, not, sendTo, stateIn } from "xstate"
import { noticeOf, SAY_TRANSFER_FAILED, SAY_TRANSFERRED, softphoneSetup, type PhoneCommand, type SoftphoneEvent } from "./softphone-setup"

const TALKING = "#softphone.running.call.active.connected.talking"

export const consulting = softphoneSetup.createStateConfig({
  entry: [
    sendTo("phone", ({ context }): PhoneCommand => ({ type: "CONSULT", target: context.transferTarget ?? "" })),
    { type: "say", params: { key: "consulting" } },
  ],
  exit: assign({ consultMuted: false, consultTones: "" }),
  initial: "ringing",
  on: {
    CONSULT_CANCEL: {
      target: TALKING,
      actions: [sendTo("phone", { type: "CONSULT_CANCEL" } satisfies PhoneCommand), { type: "say", params: { key: "consultCancelled" } }],
    },
    MUTE: {
      actions: [
        assign({ consultMuted: ({ context }) => !context.consultMuted }),
        sendTo("phone", ({ context }): PhoneCommand => ({ type: "CONSULT_MUTE", muted: context.consultMuted })),
        { type: "say", params: ({ context }) => ({ key: context.consultMuted ? "consultMuted" : "consultUnmuted" }) },
      ],
    },
    // Taken here either way: a key pressed while the colleague's phone rings is sent nowhere.
    DTMF: [
      {
        guard: and(["isTone", not(stateIn("#softphone.running.call.active.connected.consulting.ringing"))]),
        actions: [
          assign({
            consultTones: ({ context, event }) => {
              assertEvent(event, "DTMF")
              return context.consultTones + event.digit
            },
          }),
          sendTo("phone", ({ event }): PhoneCommand => {
            assertEvent(event, "DTMF")
            return { type: "CONSULT_DTMF", digit: event.digit }
          }),
        ],
      },
      {},
    ],
  },
  states: {
    ringing: {
      on: {
        "PHONE.CONSULT_CONNECTED": "speaking",
        "PHONE.CONSULT_ENDED": {
          target: TALKING,
          actions: [
            {
              type: "setTransferProblem",
              params: ({ event }: { event: SoftphoneEvent }) => {
                assertEvent(event, "PHONE.CONSULT_ENDED")
                return { problem: event.status === null ? "failed" : noticeOf(event.status) }
              },
            },
            SAY_TRANSFER_FAILED,
          ],
        },
      },
    },
    speaking: {
      entry: { type: "say", params: { key: "consultConnected" } },
      on: {
        CONSULT_COMPLETE: "completing",
        "PHONE.CONSULT_ENDED": { target: TALKING, actions: { type: "say", params: { key: "consultEnded" } } },
      },
    },
    /** The colleague's phone is asked (REFER) to take the customer's call over; the consult may end meanwhile. */
    completing: {
      entry: [sendTo("phone", { type: "CONSULT_COMPLETE" } satisfies PhoneCommand), { type: "say", params: { key: "transferring" } }],
      after: {
        transferTimeout: {
          target: "speaking",
          actions: [{ type: "setTransferProblem", params: { problem: "timeout" } }, SAY_TRANSFER_FAILED],
        },
      },
      on: {
        "PHONE.TRANSFERRED": { target: "#softphone.running.call.idle", actions: ["noteTransferred", SAY_TRANSFERRED] },
        "PHONE.TRANSFER_FAILED": { target: "speaking", actions: ["noteTransferFailed", SAY_TRANSFER_FAILED] },
      },
    },
  },
})
