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
import { Inviter, SessionState, UserAgent, type Session } from "sip.js"
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
  /** The consult could not start (no microphone, media refused). */
  readonly mediaFailure: (error: unknown) => void
}

export interface Consult {
  readonly start: (target: string) => void
  readonly complete: () => void
  /** Hangs the consult up (cancelled while it rings, ended once answered). */
  readonly end: () => void
}

const AUDIO_ONLY = { constraints: { audio: true, video: false } }

export const createConsult = ({ ua, domain, main, emit, play, mediaFailure }: ConsultDeps): Consult => {
  let consult: Inviter | null = null

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
    let refusal: number | null = null
    inviter.stateChange.addListener((state) => {
      if (consult !== inviter) return
      if (state === SessionState.Established) {
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

  return { start, complete, end }
}
