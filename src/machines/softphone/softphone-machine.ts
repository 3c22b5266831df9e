/**
 * The PBX softphone (systemId `softphone`, alive while /apps/pbxcalls is open). It loads the user's own SIP
 * credentials, then runs two regions side by side: registration (registering / registered / unregistered, as the
 * SIP server last answered) and the call (idle / calling / incoming / active). The sip.js user agent lives in the
 * `phone` callback actor, so leaving `running` or stopping the machine closes it.
 *
 * A connected call can be muted, held and resumed, and sent tones (DTMF); each change of the call is said in the
 * shell's live region (the announcer), so an agent working by keyboard or with a screen reader hears it.
 *
 * A blind transfer (connected.choosing, then connected.transferring): the agent names a target, typed or picked from the
 * tenant's extensions (loaded each time the dialog opens, filtered by what is typed, walked with the arrow keys), and
 * the other side is asked (REFER) to call it; once it reached it the call here ends with "Transferred to …", otherwise the call stays as
 * it was (held only if the agent held it) and the card says why. A call this phone is asked to move elsewhere (an
 * incoming REFER) goes back to calling, the new party's number shown.
 *
 * A warm transfer (connected.consulting, softphone-consult.ts, offered on a held call): a colleague is called on a
 * second call, then handed the customer (Complete) or hung up (Cancel resumes the customer). A call another phone
 * takes over (an INVITE with Replaces) goes on with that phone's party.
 *
 * Mute during a consult: Mute and the keypad act on the consult (the colleague stops hearing the agent; tones go to
 * the colleague once they answered, never to the held customer). The consult starts with the microphone open, like
 * every new call; the customer's call keeps its own mute state through the consult and is resumed with it unchanged,
 * whatever the agent did on the consult, which is forgotten when the consult ends.
 *
 * Vocabulary, guards and actions: softphone-setup.ts (its actors are placeholders: softphone-actors.ts provides the
 * live ones, the model tests scripted ones).
 */
import { assign, type ActorRefFrom } from "xstate"
import { softphoneSetup, firstMatch, noticeOf, SAY_TRANSFER_FAILED, SAY_TRANSFERRED } from "./softphone-setup"
import { consulting } from "./softphone-consult"
import { type Failure, failureOf } from "../common/failure"

export {
  isToneKey,
  noticeOf,
  transferChoicesOf,
  transferPickOf,
  transferProblemOf,
  type CallNotice,
  type PhoneCommand,
  type PhoneReport,
  type SoftphoneContext,
  type SoftphoneEmitted,
  type SoftphoneEvent,
  type TransferProblem,
} from "./softphone-setup"

const SIP_REFUSED: Failure = { status: null, code: "SIP_REJECTED", message: "SIP credentials refused" }

export const softphoneMachine = softphoneSetup.createMachine({
  id: "softphone",
  context: {
    credentials: null,
    remote: null,
    seconds: 0,
    failure: null,
    notice: null,
    party: null,
    muted: false,
    consultMuted: false,
    consultTones: "",
    held: false,
    tones: "",
    transferTarget: null,
    transferProblem: null,
    extensions: null,
    extensionsFailed: false,
    transferQuery: "",
    transferActive: null,
    warm: false,
    said: 0,
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "credentials",
        src: "loadCredentials",
        onDone: [
          { guard: ({ event }) => event.output === null, target: "unavailable" },
          { target: "running", actions: assign({ credentials: ({ event }) => event.output, failure: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    /** The server runs no SIP server, or this user may not use the softphone. */
    unavailable: {},
    /** Credentials could not be loaded (or the SIP server refused them): try again shortly. */
    failed: {
      after: { retryDelay: "loading" },
      on: { RETRY: "loading" },
    },
    running: {
      type: "parallel",
      // Only loading's onDone with credentials enters running.
      invoke: { id: "phone", src: "phone", input: ({ context }) => context.credentials! },
      // Refused credentials (expired while the server was away): fetch new ones and start a new user agent.
      on: {
        "PHONE.REJECTED": { target: "failed", actions: assign({ failure: SIP_REFUSED }) },
        "PHONE.MICROPHONE": { actions: "alertMicrophone" },
      },
      states: {
        registration: {
          initial: "registering",
          states: {
            registering: {},
            registered: {},
            unregistered: {},
          },
          on: {
            "PHONE.REGISTERING": ".registering",
            "PHONE.REGISTERED": ".registered",
            "PHONE.UNREGISTERED": ".unregistered",
          },
        },
        call: {
          initial: "idle",
          // The refusal may arrive just before or just after the session ends: record it either way.
          on: {
            "PHONE.FAILED": { actions: assign({ notice: ({ event }) => noticeOf(event.status) }) },
            "PHONE.MEDIA_FAILED": { actions: assign({ notice: "media" as const }) },
            "PHONE.INCOMING_REFUSED": { actions: assign({ notice: "incomingIncompatible" as const, party: ({ event }) => event.from }) },
          },
          states: {
            idle: {
              entry: "resetCall",
              on: {
                DIAL: [
                  { guard: "numberIsEmpty", actions: "alertEmptyNumber" },
                  {
                    guard: "isRegistered",
                    target: "calling",
                    actions: [
                      "clearNotice",
                      assign({
                        remote: ({ event }) => event.number.trim(),
                        party: ({ event }) => event.number.trim(),
                      }),
                      "dial",
                      { type: "say", params: { key: "calling" } },
                    ],
                  },
                  { actions: "alertNotRegistered" },
                ],
                "PHONE.INCOMING": {
                  target: "incoming",
                  actions: [
                    "clearNotice",
                    assign({ remote: ({ event }) => event.from, party: ({ event }) => event.from }),
                    { type: "say", params: { key: "incoming", politeness: "assertive" } },
                  ],
                },
              },
            },
            calling: {
              on: {
                "PHONE.ESTABLISHED": "active.connected",
                // The call this phone was asked to place instead failed: back on the call it left.
                "PHONE.REFERRAL_FAILED": {
                  target: "active.connected",
                  actions: assign({ remote: ({ event }) => event.remote, seconds: 0 }),
                },
                "PHONE.ENDED": { target: "idle", actions: { type: "say", params: { key: "ended" } } },
                HANGUP: { target: "idle", actions: ["hangup", { type: "say", params: { key: "ended" } }] },
              },
            },
            incoming: {
              on: {
                ANSWER: { target: "active.connecting", actions: "answer" },
                REJECT: { target: "idle", actions: ["reject", { type: "say", params: { key: "rejected" } }] },
                "PHONE.ENDED": { target: "idle", actions: { type: "say", params: { key: "ended" } } },
              },
            },
            active: {
              initial: "connecting",
              states: {
                /** Answered; the timer waits for the connection. */
                connecting: { on: { "PHONE.ESTABLISHED": "connected" } },
                connected: {
                  entry: { type: "say", params: { key: "connected" } },
                  invoke: { id: "ticker", src: "ticker" },
                  initial: "talking",
                  on: {
                    TICK: { actions: "tick" },
                    MUTE: {
                      actions: [
                        "toggleMute",
                        "mute",
                        { type: "say", params: ({ context }) => ({ key: context.muted ? "muted" : "unmuted" }) },
                      ],
                    },
                    "PHONE.HELD": {
                      guard: ({ context, event }) => context.held !== event.held,
                      actions: ["setHeld", { type: "say", params: ({ context }) => ({ key: context.held ? "held" : "resumed" }) }],
                    },
                    DTMF: { guard: "isTone", actions: ["addTone", "tone"] },
                  },
                  states: {
                    talking: {
                      on: {
                        HOLD: { actions: "hold" },
                        TRANSFER_OPEN: { target: "choosing", actions: { type: "openTransfer", params: { warm: false } } },
                        WARM_OPEN: { guard: "isHeld", target: "choosing", actions: { type: "openTransfer", params: { warm: true } } },
                      },
                    },
                    /** The transfer dialog is open: the agent names the target. */
                    choosing: {
                      invoke: {
                        id: "extensions",
                        src: "loadExtensions",
                        onDone: {
                          actions: assign(({ context, event }) => {
                            const next = { ...context, extensions: event.output }
                            return { extensions: event.output, transferActive: firstMatch(next) }
                          }),
                        },
                        onError: { actions: assign({ extensions: [], extensionsFailed: true }) },
                      },
                      on: {
                        TRANSFER_FILTER: { actions: "filterTransfer" },
                        TRANSFER_MOVE: { actions: "moveTransfer" },
                        HOLD: { actions: "hold" },
                        TRANSFER_CANCEL: "talking",
                        TRANSFER: [
                          { guard: "targetIsEmpty", actions: "alertEmptyNumber" },
                          { guard: "isWarm", target: "consulting", actions: "setTransferTarget" },
                          { target: "transferring", actions: "setTransferTarget" },
                        ],
                      },
                    },
                    /**
                     * The other side is asked to call the target (REFER) and says how that went (NOTIFY). The call is
                     * not held for it: the caller keeps hearing the agent until the target answers.
                     */
                    transferring: {
                      entry: ["transfer", { type: "say", params: { key: "transferring" } }],
                      after: {
                        transferTimeout: {
                          target: "talking",
                          actions: [{ type: "setTransferProblem", params: { problem: "timeout" } }, SAY_TRANSFER_FAILED],
                        },
                      },
                      on: {
                        "PHONE.TRANSFERRED": { target: "#softphone.running.call.idle", actions: ["noteTransferred", SAY_TRANSFERRED] },
                        "PHONE.TRANSFER_FAILED": { target: "talking", actions: ["noteTransferFailed", SAY_TRANSFER_FAILED] },
                      },
                    },
                    /** A warm transfer's consult (softphone-consult.ts). */
                    consulting,
                  },
                },
              },
              on: {
                HANGUP: { target: "idle", actions: ["hangup", { type: "say", params: { key: "ended" } }] },
                "PHONE.ENDED": { target: "idle", actions: { type: "say", params: { key: "ended" } } },
                // The call goes on with the phone that took it over; its timer starts again.
                "PHONE.REPLACED": {
                  actions: [
                    assign({
                      remote: ({ event }) => event.remote,
                      party: ({ event }) => event.remote,
                      seconds: 0,
                      held: false,
                      muted: false,
                    }),
                    { type: "say", params: { key: "replaced" } },
                  ],
                },
                "PHONE.REFERRED": {
                  target: "calling",
                  actions: [
                    assign({
                      remote: ({ event }) => event.to,
                      party: ({ event }) => event.to,
                      seconds: 0,
                      muted: false,
                      held: false,
                      tones: "",
                    }),
                    { type: "say", params: { key: "referred" } },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})

export type SoftphoneActor = ActorRefFrom<typeof softphoneMachine>
