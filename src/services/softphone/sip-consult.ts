/**
 * The consult call of a warm (attended) transfer: with the customer's call held, the agent calls a colleague on a
 * second session and talks to them; "complete" asks the colleague's phone (REFER) to call the customer in place of
 * the agent's call with them (Refer-To with Replaces of that dialog), and the agent leaves both calls once it has.
 * "cancel" hangs the consult up. Only one consult at a time.
 *
 * The colleague is the one referred because Debian's baresip 1.0, as a customer's phone, neither follows a Refer-To
 * carrying Replaces nor honours an INVITE with Replaces (server/sip/README.md, "Warm transfer"); the colleague's phone
 * only has to follow a REFER, which browsers (sip.js) and baresip both do.
 */
import { Inviter, SessionState, UserAgent, type Session, type Web } from "sip.js"
import { referAndWatch, replacingTarget, type ReferOutcome } from "./sip-referral"

/** What the consult reports, besides the transfer's outcome. */
export type ConsultEvent =
  /** The colleague answered: the agent hears them now (the customer stays held). */
  | { readonly type: "consultConnected" }
  /** The consult is over: the colleague refused it with `status`, or it was hung up (null) by either side. */
  | { readonly type: "consultEnded"; readonly status: number | null }

export interface ConsultDeps {
  readonly ua: UserAgent
  readonly domain: string
  /** The customer's call, when it is connected. */
  readonly main: () => Session | null
  readonly emit: (event: ConsultEvent | ReferOutcome) => void
  /** Plays what `session` receives (the consult while it lasts, then the customer's call again). */
  readonly play: (session: Session) => void
  /** Sends one key as a telephone event on an established session (the connected call's way): false when it cannot. */
  readonly tone: (session: Session | null, digit: string) => boolean
  /** The consult could not start (no microphone, media refused). */
  readonly mediaFailure: (error: unknown) => void
}

export interface Consult {
  readonly start: (target: string) => void
  readonly complete: () => void
  /** Hangs the consult up (cancelled while it rings, ended once answered). */
  readonly end: () => void
  /** Silences the agent's microphone towards the colleague, or opens it again (from the start: while it rings too). */
  readonly mute: (muted: boolean) => void
  /** Sends one key to the colleague once they answered: false when it cannot. */
  readonly tone: (digit: string) => boolean
}

const AUDIO_ONLY = { constraints: { audio: true, video: false } }

export const createConsult = ({ ua, domain, main, emit, play, tone, mediaFailure }: ConsultDeps): Consult => {
  let consult: Inviter | null = null
  /** The consult's microphone is silenced (each consult starts open). */
  let muted = false

  /** The microphone's tracks towards the colleague follow `muted` (once the consult's media exists). */
  const applyMute = (session: Session) =>
    (session.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined)?.enableSenderTracks(!muted)

  const end = () => {
    const current = consult
    if (!current) return
    if (current.state === SessionState.Initial || current.state === SessionState.Establishing) void current.cancel().catch(() => undefined)
    else if (current.state === SessionState.Established) void current.bye().catch(() => undefined)
  }

  const start = (target: string) => {
    const customer = main()
    const uri = UserAgent.makeURI(`sip:${target}@${domain}`)
    if (consult || !customer) return
    if (!uri) {
      emit({ type: "consultEnded", status: 404 })
      return
    }
    const inviter = new Inviter(ua, uri, { sessionDescriptionHandlerOptions: AUDIO_ONLY })
    consult = inviter
    muted = false
    let refusal: number | null = null
    inviter.stateChange.addListener((state) => {
      if (consult !== inviter) return
      if (state === SessionState.Established) {
        applyMute(inviter)
        play(inviter)
        emit({ type: "consultConnected" })
      }
      if (state === SessionState.Terminated) {
        consult = null
        const back = main()
        if (back) play(back)
        emit({ type: "consultEnded", status: refusal })
      }
    })
    inviter
      .invite({
        requestDelegate: {
          onReject: (response) => {
            refusal = response.message.statusCode ?? 0
          },
        },
      })
      .catch((error: unknown) => {
        mediaFailure(error)
        if (consult !== inviter) return
        consult = null
        emit({ type: "consultEnded", status: null })
      })
  }

  const complete = () => {
    const colleague = consult
    const customer = main()
    if (!colleague || colleague.state !== SessionState.Established || !customer) return
    const target = replacingTarget(customer, domain)
    if (!target) {
      emit({ type: "transferFailed", stage: "refer", status: 0 })
      return
    }
    referAndWatch(colleague, target, (outcome) => {
      if (main() !== customer) return
      emit(outcome)
      if (outcome.type !== "transferred") return
      // The colleague talks to the customer now: the agent leaves both calls (each may already be gone).
      if (customer.state === SessionState.Established) void customer.bye().catch(() => undefined)
      if (consult === colleague) end()
    })
  }

  const mute = (want: boolean) => {
    muted = want
    if (consult) applyMute(consult)
  }

  return { start, complete, end, mute, tone: (digit) => tone(consult, digit) }
}
