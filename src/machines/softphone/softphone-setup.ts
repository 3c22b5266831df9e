/**
 * The softphone's vocabulary and rules: what the phone actor reports and is told, the events, the context, the
 * actors (placeholders: softphone-actors.ts provides the live ones, the model tests scripted ones), guards and
 * actions. The chart is softphone-machine.ts; a warm transfer's consult is softphone-consult.ts.
 */
import { assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup, stateIn } from "xstate"
import type { SipCredentials } from "../../contract/schemas/tenants"
import type { PbxExtension } from "../../contract/schemas/pbx"
import type { Failure } from "../common/failure"
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
  /** The other side reached the transfer target: the call here has been hung up. */
  | { type: "PHONE.TRANSFERRED" }
  /** The transfer did not happen: the other side refused the REFER, or its call to the target failed with `status`. */
  | { type: "PHONE.TRANSFER_FAILED"; stage: "refer" | "target"; status: number }
  /** The other side asked this phone to call `to` instead: it is calling there. */
  | { type: "PHONE.REFERRED"; to: string }
  /** That call failed: the phone is back on the call with `remote`. */
  | { type: "PHONE.REFERRAL_FAILED"; remote: string }
  /** Another phone took over the connected call (a warm transfer): it goes on with `remote`. */
  | { type: "PHONE.REPLACED"; remote: string }
  /** The colleague of a warm transfer answered the consult call. */
  | { type: "PHONE.CONSULT_CONNECTED" }
  /** The consult call is over: refused with `status`, or hung up (null). */
  | { type: "PHONE.CONSULT_ENDED"; status: number | null }

/** What the machine tells the phone actor. */
export type PhoneCommand =
  | { type: "DIAL"; number: string }
  | { type: "ANSWER" }
  | { type: "REJECT" }
  | { type: "HANGUP" }
  | { type: "MUTE"; muted: boolean }
  | { type: "HOLD"; held: boolean }
  | { type: "DTMF"; digit: string }
  | { type: "TRANSFER"; target: string }
  | { type: "CONSULT"; target: string }
  | { type: "CONSULT_COMPLETE" }
  | { type: "CONSULT_CANCEL" }
  /** The consult's microphone silenced or opened again; a tone sent to the colleague (never to the held customer). */
  | { type: "CONSULT_MUTE"; muted: boolean }
  | { type: "CONSULT_DTMF"; digit: string }

/** The keys a call can send as tones. */
export const isToneKey = (key: string) => /^[0-9*#]$/.test(key)

export type SoftphoneEvent =
  | { type: "DIAL"; number: string }
  | { type: "ANSWER" }
  | { type: "REJECT" }
  | { type: "HANGUP" }
  /** Mute or unmute, hold or resume: each toggles. Mute and tones act on the consult while there is one. */
  | { type: "MUTE" }
  | { type: "HOLD" }
  | { type: "DTMF"; digit: string }
  /** The transfer dialog opens or closes; TRANSFER blind-transfers the connected call to `target`. */
  | { type: "TRANSFER_OPEN" }
  | { type: "TRANSFER_CANCEL" }
  | { type: "TRANSFER"; target: string }
  /** What the agent typed in the transfer dialog (filters the extensions); the highlighted extension moves by one. */
  | { type: "TRANSFER_FILTER"; text: string }
  | { type: "TRANSFER_MOVE"; by: 1 | -1 }
  /** A warm transfer: the same dialog names the colleague, who is called first (the held customer waits). */
  | { type: "WARM_OPEN" }
  /** The consulted colleague takes the customer's call over; or the consult ends and the customer is resumed. */
  | { type: "CONSULT_COMPLETE" }
  | { type: "CONSULT_CANCEL" }
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
  /** The call went on with the transfer target (the party). */
  | "transferred"

/** Why a transfer did not happen: the other side refused the REFER, nothing came back in time, or the target's call failed. */
export type TransferProblem = "refused" | "timeout" | CallNotice

/** A failed transfer's report, as the problem the agent reads. */
export const transferProblemOf = (stage: "refer" | "target", status: number): TransferProblem =>
  stage === "target" ? noticeOf(status) : status === 408 ? "timeout" : "refused"

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
  /** The consult's microphone is silenced (the customer's call keeps its own `muted`). */
  readonly consultMuted: boolean
  /** The tones sent to the consulted colleague, in order. */
  readonly consultTones: string
  /** The connected call is on hold, as the other side accepted. */
  readonly held: boolean
  /** The tones sent on this call, in order. */
  readonly tones: string
  /** The transfer target named last on this call. */
  readonly transferTarget: string | null
  /** Why the last transfer on this call failed (shown while the call goes on). */
  readonly transferProblem: TransferProblem | null
  /** The tenant's extensions to transfer to, as the server last listed them; null while the list loads. */
  readonly extensions: readonly PbxExtension[] | null
  /** The list could not be loaded (a typed target still works). */
  readonly extensionsFailed: boolean
  /** What the agent typed in the transfer dialog. */
  readonly transferQuery: string
  /** The highlighted one of the matching extensions (transferChoicesOf), or null: Enter then transfers the typed text. */
  readonly transferActive: number | null
  /** The transfer dialog names a colleague to consult first (a warm transfer), not a blind transfer's target. */
  readonly warm: boolean
  /** Grows with every announcement: part of its key, so equal words are said again (the announcer drops a key said). */
  readonly said: number
}

/**
 * The extensions offered in the transfer dialog: those whose number or name contains what was typed, the other party
 * of the call left out.
 */
export const transferChoicesOf = (context: SoftphoneContext): readonly PbxExtension[] => {
  const query = context.transferQuery.trim().toLocaleLowerCase()
  return (context.extensions ?? []).filter(
    (choice) =>
      choice.extension !== context.remote && (choice.extension.includes(query) || choice.name.toLocaleLowerCase().includes(query)),
  )
}

/** What a transfer confirmed now goes to: the highlighted extension, or the typed text. */
export const transferPickOf = (context: SoftphoneContext): string => {
  const active = context.transferActive === null ? undefined : transferChoicesOf(context)[context.transferActive]
  return active?.extension ?? context.transferQuery
}

/** The first match is highlighted once something is typed; with nothing typed, none is. */
export const firstMatch = (context: SoftphoneContext): number | null =>
  context.transferQuery.trim() !== "" && transferChoicesOf(context).length > 0 ? 0 : null

const credentialsStub = fromPromise<SipCredentials | null>(async () => {
  throw new Error("softphone: provide loadCredentials")
})
const extensionsStub = fromPromise<readonly PbxExtension[]>(async () => {
  throw new Error("softphone: provide loadExtensions")
})
const phoneStub = fromCallback<PhoneCommand, SipCredentials>(() => () => undefined)
/** One TICK a second while a call is connected. */
const ticker = fromCallback(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: "TICK" }), 1000)
  return () => clearInterval(id)
})

/** Said when a transfer happened; said (assertively) when it did not. */
export const SAY_TRANSFERRED = { type: "say", params: { key: "transferred" } } as const
export const SAY_TRANSFER_FAILED = { type: "say", params: { key: "transferFailed", politeness: "assertive" } } as const

export const softphoneSetup = setup({
  types: {
    context: {} as SoftphoneContext,
    events: {} as SoftphoneEvent,
    emitted: {} as SoftphoneEmitted,
  },
  actors: { loadCredentials: credentialsStub, loadExtensions: extensionsStub, phone: phoneStub, ticker },
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
    targetIsEmpty: ({ event }) => {
      assertEvent(event, "TRANSFER")
      return event.target.trim() === ""
    },
    isWarm: ({ context }) => context.warm,
    isHeld: ({ context }) => context.held,
  },
  actions: {
    resetCall: assign({
      remote: null,
      seconds: 0,
      muted: false,
      held: false,
      tones: "",
      transferTarget: null,
      transferProblem: null,
    }),
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
    setTransferTarget: assign({
      transferTarget: ({ event }) => {
        assertEvent(event, "TRANSFER")
        return event.target.trim()
      },
    }),
    transfer: sendTo("phone", ({ context }): PhoneCommand => ({ type: "TRANSFER", target: context.transferTarget ?? "" })),
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
          words: {
            key: `pbx.said.${params.key}`,
            values: {
              remote: context.remote ?? context.party ?? "",
              ...(context.transferTarget ? { target: context.transferTarget } : {}),
            },
          },
        }),
      )
    }),
    openTransfer: assign({
      warm: (_, params: { warm: boolean }) => params.warm,
      transferProblem: null,
      extensions: null,
      extensionsFailed: false,
      transferQuery: "",
      transferActive: null,
    }),
    filterTransfer: assign(({ context, event }) => {
      assertEvent(event, "TRANSFER_FILTER")
      const next = { ...context, transferQuery: event.text }
      return { transferQuery: event.text, transferActive: firstMatch(next) }
    }),
    moveTransfer: assign({
      transferActive: ({ context, event }) => {
        assertEvent(event, "TRANSFER_MOVE")
        const count = transferChoicesOf(context).length
        if (count === 0) return null
        if (context.transferActive === null) return event.by > 0 ? 0 : count - 1
        return (context.transferActive + event.by + count) % count
      },
    }),
    setTransferProblem: assign({ transferProblem: (_, params: { problem: TransferProblem }) => params.problem }),
    /** The target took the call (blind, or the colleague of a warm transfer): the agent's line is free. */
    noteTransferred: assign({ notice: "transferred" as const, party: ({ context }) => context.transferTarget }),
    /** The REFER failed at a stage the phone reports. */
    noteTransferFailed: assign({
      transferProblem: ({ event }) => {
        assertEvent(event, "PHONE.TRANSFER_FAILED")
        return transferProblemOf(event.stage, event.status)
      },
    }),
  },
  /** A transfer whose target neither answered nor failed within a minute is given up (the call stays here). */
  delays: { retryDelay: 5000, transferTimeout: 60_000 },
})
