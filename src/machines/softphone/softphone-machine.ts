/**
 * The PBX softphone (systemId `softphone`, alive while /apps/pbxcalls is open). It loads the user's own SIP
 * credentials, then runs two regions side by side: registration (registering / registered / unregistered, as the
 * SIP server last answered) and the call (idle / calling / incoming / active). The sip.js user agent lives in the
 * `phone` callback actor, so leaving `running` or stopping the machine closes it.
 *
 * A connected call can be muted, held and resumed, and sent tones (DTMF); each change of the call is said in the
 * shell's live region (the announcer), so an agent working by keyboard or with a screen reader hears it.
 *
 * The actors here are placeholders: softphone-actors.ts provides the live ones, the model tests scripted ones.
 */
import { assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup, stateIn, type ActorRefFrom } from "xstate"
import type { SipCredentials } from "../../contract/schemas/tenants"
import { type Failure, failureOf } from "../common/failure"
import { announce, type Politeness } from "../shell/announcer-machine"

/** What the phone actor reports (it mirrors the SIP service's PhoneEvent, prefixed). */
export type PhoneReport =
  | { type: "PHONE.REGISTERING" }
  | { type: "PHONE.REGISTERED" }
  | { type: "PHONE.UNREGISTERED" }
  | { type: "PHONE.REJECTED" }
  | { type: "PHONE.INCOMING"; from: string }
  | { type: "PHONE.ESTABLISHED" }
  | { type: "PHONE.ENDED" }
  | { type: "PHONE.FAILED"; status: number }
  /** The audio could not be set up (an SDP the browser refused, ICE that found no path). */
  | { type: "PHONE.MEDIA_FAILED" }
  /** An incoming call whose media this browser cannot take was refused (488) before it rang. */
  | { type: "PHONE.INCOMING_REFUSED"; from: string }
  | { type: "PHONE.MICROPHONE" }
  /** The other side accepted (or refused) a hold or resume: the call is held or not. */
  | { type: "PHONE.HELD"; held: boolean }

/** What the machine tells the phone actor. */
export type PhoneCommand =
  | { type: "DIAL"; number: string }
  | { type: "ANSWER" }
  | { type: "REJECT" }
  | { type: "HANGUP" }
  | { type: "MUTE"; muted: boolean }
  | { type: "HOLD"; held: boolean }
  | { type: "DTMF"; digit: string }

/** The keys a call can send as tones. */
export const isToneKey = (key: string) => /^[0-9*#]$/.test(key)

export type SoftphoneEvent =
  | { type: "DIAL"; number: string }
  | { type: "ANSWER" }
  | { type: "REJECT" }
  | { type: "HANGUP" }
  /** Mute or unmute, hold or resume: each toggles. */
  | { type: "MUTE" }
  | { type: "HOLD" }
  | { type: "DTMF"; digit: string }
  | { type: "TICK" }
  | { type: "RETRY" }
  | PhoneReport

/** Alerts the view shows (translated): the spec's 'Enter phone number', dialling while not registered, no microphone. */
export type SoftphoneEmitted = { type: "alert"; key: "enterPhoneNumber" | "notRegistered" | "microphone" }

/** Why the last call did not connect or broke off. */
export type CallNotice =
  | "busy"
  | "notFound"
  | "unavailable"
  | "declined"
  | "incompatible"
  | "serviceUnavailable"
  | "media"
  | "incomingIncompatible"
  | "failed"

/** An outgoing call's SIP final status, as the notice the user reads. */
const NOTICE_BY_STATUS: Readonly<Record<number, CallNotice>> = {
  486: "busy",
  600: "busy",
  404: "notFound",
  604: "notFound",
  480: "unavailable",
  408: "unavailable",
  603: "declined",
  488: "incompatible",
  606: "incompatible",
  415: "incompatible",
  503: "serviceUnavailable",
  502: "serviceUnavailable",
  504: "serviceUnavailable",
}
export const noticeOf = (status: number): CallNotice => NOTICE_BY_STATUS[status] ?? "failed"

export interface SoftphoneContext {
  readonly credentials: SipCredentials | null
  /** The other party's number: the dialled one, or the caller's. */
  readonly remote: string | null
  /** Seconds since the call connected. */
  readonly seconds: number
  /** Why the credentials could not be loaded or were refused (the page offers a retry). */
  readonly failure: Failure | null
  /** Shown after an outgoing call was refused, until the next call. */
  readonly notice: CallNotice | null
  /** Whom the notice is about: the number last dialled, or the caller (kept after the call). */
  readonly party: string | null
  /** The connected call's microphone is silenced. */
  readonly muted: boolean
  /** The connected call is on hold, as the other side accepted. */
  readonly held: boolean
  /** The tones sent on this call, in order. */
  readonly tones: string
  /** Grows with every announcement: part of its key, so equal words are said again (the announcer drops a key said). */
  readonly said: number
}

const SIP_REFUSED: Failure = { status: null, code: "SIP_REJECTED", message: "SIP credentials refused" }

const credentialsStub = fromPromise<SipCredentials | null>(async () => {
  throw new Error("softphone: provide loadCredentials")
})
const phoneStub = fromCallback<PhoneCommand, SipCredentials>(() => () => undefined)
/** One TICK a second while a call is connected. */
const ticker = fromCallback(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: "TICK" }), 1000)
  return () => clearInterval(id)
})

export const softphoneMachine = setup({
  types: {
    context: {} as SoftphoneContext,
    events: {} as SoftphoneEvent,
    emitted: {} as SoftphoneEmitted,
  },
  actors: { loadCredentials: credentialsStub, phone: phoneStub, ticker },
  guards: {
    isTone: ({ event }) => {
      assertEvent(event, "DTMF")
      return isToneKey(event.digit)
    },
    numberIsEmpty: ({ event }) => {
      assertEvent(event, "DIAL")
      return event.number.trim() === ""
    },
    isRegistered: stateIn("#softphone.running.registration.registered"),
  },
  actions: {
    resetCall: assign({ remote: null, seconds: 0, muted: false, held: false, tones: "" }),
    tick: assign({ seconds: ({ context }) => context.seconds + 1 }),
    alertEmptyNumber: emit({ type: "alert", key: "enterPhoneNumber" } as const),
    alertNotRegistered: emit({ type: "alert", key: "notRegistered" } as const),
    alertMicrophone: emit({ type: "alert", key: "microphone" } as const),
    clearNotice: assign({ notice: null }),
    dial: sendTo("phone", ({ event }): PhoneCommand => {
      assertEvent(event, "DIAL")
      return { type: "DIAL", number: event.number.trim() }
    }),
    answer: sendTo("phone", { type: "ANSWER" } satisfies PhoneCommand),
    reject: sendTo("phone", { type: "REJECT" } satisfies PhoneCommand),
    hangup: sendTo("phone", { type: "HANGUP" } satisfies PhoneCommand),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    mute: sendTo("phone", ({ context }): PhoneCommand => ({ type: "MUTE", muted: context.muted })),
    hold: sendTo("phone", ({ context }): PhoneCommand => ({ type: "HOLD", held: !context.held })),
    setHeld: assign({
      held: ({ event }) => {
        assertEvent(event, "PHONE.HELD")
        return event.held
      },
    }),
    addTone: assign({
      tones: ({ context, event }) => {
        assertEvent(event, "DTMF")
        return context.tones + event.digit
      },
    }),
    tone: sendTo("phone", ({ event }): PhoneCommand => {
      assertEvent(event, "DTMF")
      return { type: "DTMF", digit: event.digit }
    }),
    /** Says `key` (pbx.said.*) with the other party's number, politely unless `assertive`. */
    say: enqueueActions(({ context, system, self, enqueue }, params: { key: string; politeness?: Politeness }) => {
      enqueue.assign({ said: context.said + 1 })
      enqueue(() =>
        announce(system, {
          // This actor's session and the count: a phone opened again later says its own things afresh.
          key: `softphone:${self.sessionId}:${context.said}`,
          politeness: params.politeness ?? "polite",
          words: { key: `pbx.said.${params.key}`, values: { remote: context.remote ?? context.party ?? "" } },
        }),
      )
    }),
  },
  delays: { retryDelay: 5000 },
}).createMachine({
  id: "softphone",
  context: {
    credentials: null,
    remote: null,
    seconds: 0,
    failure: null,
    notice: null,
    party: null,
    muted: false,
    held: false,
    tones: "",
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
                  on: {
                    TICK: { actions: "tick" },
                    MUTE: {
                      actions: [
                        "toggleMute",
                        "mute",
                        { type: "say", params: ({ context }) => ({ key: context.muted ? "muted" : "unmuted" }) },
                      ],
                    },
                    HOLD: { actions: "hold" },
                    "PHONE.HELD": {
                      guard: ({ context, event }) => context.held !== event.held,
                      actions: ["setHeld", { type: "say", params: ({ context }) => ({ key: context.held ? "held" : "resumed" }) }],
                    },
                    DTMF: { guard: "isTone", actions: ["addTone", "tone"] },
                  },
                },
              },
              on: {
                HANGUP: { target: "idle", actions: ["hangup", { type: "say", params: { key: "ended" } }] },
                "PHONE.ENDED": { target: "idle", actions: { type: "say", params: { key: "ended" } } },
              },
            },
          },
        },
      },
    },
  },
})

export type SoftphoneActor = ActorRefFrom<typeof softphoneMachine>
