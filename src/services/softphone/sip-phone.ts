/**
 * The softphone's SIP user agent: sip.js 0.21 (UserAgent, Registerer, Inviter, Invitation) over WebSocket, one
 * call at a time (plus a warm transfer's consult call, sip-consult.ts), audio only. It reports what happens as typed
 * events and takes commands; the softphone machine owns its lifetime (a fromCallback actor calls `stop()` in its
 * clean-up).
 *
 * Registration is tracked from what the SIP server answered, not from sip.js's cached state: a dropped WebSocket
 * reports "unregistered" at once, and the phone reconnects with backoff (1, 2, 4 s, then every 4 s) and registers
 * again when the server is back.
 */
import { Effect, Schema } from "effect"
import {
  Invitation,
  Inviter,
  Registerer,
  RegistererState,
  SessionState,
  SIPExtension,
  UserAgent,
  type Referral,
  type Session,
  type Web,
} from "sip.js"
import type { SipCredentials } from "../../contract/schemas/tenants"
import { offerProblem } from "./sdp-offer"
import { createConsult, type ConsultEvent } from "./sip-consult"
import { referAndWatch } from "./sip-referral"

export type PhoneEvent =
  | { readonly type: "registering" }
  | { readonly type: "registered" }
  | { readonly type: "unregistered"; readonly reason: "disconnected" | "failed" }
  /** The SIP server refused the credentials (e.g. they expired): fetch new ones. */
  | { readonly type: "rejected"; readonly status: number }
  | { readonly type: "incoming"; readonly from: string }
  /** Media is connected (the INVITE's 200/ACK): the call timer starts here. */
  | { readonly type: "established" }
  | { readonly type: "ended"; readonly reason: string }
  /** The other side (or the server) refused our INVITE with this final status (486 busy, 603 declined, 404...). */
  | { readonly type: "failed"; readonly status: number }
  /** The audio could not be set up: the browser refused a session description, or ICE found no path. */
  | { readonly type: "mediaFailed" }
  /** An incoming call offered media this browser cannot take: it was answered 488 without ringing. */
  | { readonly type: "incomingRefused"; readonly from: string }
  /** The browser gave no microphone (permission refused or no device). */
  | { readonly type: "microphone" }
  /** The call is held or resumed, as the other side last accepted (a refused re-INVITE reports the state kept). */
  | { readonly type: "held"; readonly held: boolean }
  /** The other side reached the transfer target (NOTIFY 2xx): this phone has hung up its call. */
  | { readonly type: "transferred" }
  /**
   * The transfer did not happen and the call stays here: the other side refused the REFER ("refer", its status), or
   * its call to the target failed ("target", the status its NOTIFY reported).
   */
  | { readonly type: "transferFailed"; readonly stage: "refer" | "target"; readonly status: number }
  /** The other side asked this phone to call `to` instead (an incoming REFER): it is calling there now. */
  | { readonly type: "referred"; readonly to: string }
  /** The call placed for a REFER failed: this phone is back on the call it was asked to leave (with `remote`). */
  | { readonly type: "referralFailed"; readonly remote: string }
  /** Another phone took over the connected call (an INVITE with Replaces, a warm transfer): the call goes on with `remote`. */
  | { readonly type: "replaced"; readonly remote: string }
  | ConsultEvent

export interface SipPhone {
  readonly dial: (number: string) => void
  readonly answer: () => void
  readonly reject: () => void
  readonly hangup: () => void
  /** Silences the microphone on the connected call (the other side is not told) or opens it again. */
  readonly mute: (muted: boolean) => void
  /** Puts the connected call on hold (a re-INVITE, sendonly) or resumes it; answered with a `held` event. */
  readonly hold: (held: boolean) => void
  /** Sends one key (0-9, *, #) as an RFC 4733 telephone event on the connected call: false when it cannot. */
  readonly dtmf: (digit: string) => boolean
  /** Asks the other side of the connected call to call `target` instead (a blind transfer, REFER): answered with
   * `transferred` or `transferFailed`. */
  readonly transfer: (target: string) => void
  /** Calls `target` on a second session, the connected call held (a warm transfer's consult): `consultConnected`/`consultEnded`. */
  readonly consult: (target: string) => void
  /** Hands the held call to the consulted colleague (REFER with Replaces): `transferred` or `transferFailed`. */
  readonly completeConsult: () => void
  /** Hangs the consult up and resumes the held call. */
  readonly cancelConsult: () => void
  /** Silences the microphone towards the consulted colleague or opens it again (the held call keeps its own). */
  readonly consultMute: (muted: boolean) => void
  /** Sends one key to the consulted colleague, as `dtmf` does on the connected call: false when it cannot. */
  readonly consultDtmf: (digit: string) => boolean
  readonly stop: () => void
}

export class SipPhoneError extends Schema.TaggedError<SipPhoneError>()("SipPhoneError", { message: Schema.String }) {}

/** What the browser tests reach (only when the page set `window.__enableSoftphoneTestHooks`). */
interface TestHooks {
  readonly peerConnection: () => RTCPeerConnection | null
  readonly extension: string
}
type HookWindow = { __enableSoftphoneTestHooks?: boolean; __softphoneTestHooks?: TestHooks }

const AUDIO_ONLY = { constraints: { audio: true, video: false } }
const BACKOFF_MS = [1000, 2000, 4000]

/** A version 4 UUID (crypto.randomUUID exists only on https pages; getRandomValues everywhere). */
const uuid = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * RFC 5626's `+sip.instance`: one id per browser tab, kept across reloads (sessionStorage), so the REGISTER of a
 * reloaded page replaces its own earlier contact instead of adding one more (Kamailio keeps at most a few per
 * extension). Two tabs have two ids and both ring.
 */
const instanceIdFor = (extension: string): string => {
  const key = `mc.sip.instance.${extension}`
  const fresh = uuid()
  try {
    const storage = typeof sessionStorage === "undefined" ? null : sessionStorage
    const kept = storage?.getItem(key)
    if (kept && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(kept)) return kept
    storage?.setItem(key, fresh)
  } catch {
    // storage refused (private mode): this page load gets its own id
  }
  return fresh
}

/**
 * Sends one key (0-9, *, #) as an RFC 4733 telephone event on an established call's media (the connected call's
 * keypad and a consult's): false when it cannot.
 */
const sendTone = (current: Session | null, digit: string): boolean => {
  const handler = current?.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined
  return /^[0-9*#]$/.test(digit) && current?.state === SessionState.Established && handler?.sendDtmf(digit) === true
}

/** The display part of an address: "1003" from sip:1003@pbx.local. */
const userOf = (uri: { user?: string } | undefined, fallback: string) => uri?.user ?? fallback

export const createSipPhone = (creds: SipCredentials, emit: (event: PhoneEvent) => void): SipPhone => {
  let stopped = false
  let session: Session | null = null
  /** The current call's microphone is silenced / the call is on hold (both start off with each call). */
  let muted = false
  let held = false
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let attempt = 0
  const audio = typeof Audio === "undefined" ? null : new Audio()
  if (audio) audio.autoplay = true

  const uri = UserAgent.makeURI(`sip:${creds.extension}@${creds.domain}`)
  if (!uri) throw new Error(`bad SIP address for extension ${creds.extension}`)
  const ua = new UserAgent({
    uri,
    instanceId: instanceIdFor(creds.extension),
    transportOptions: { server: creds.ws_url, connectionTimeout: 5, keepAliveInterval: 0 },
    authorizationUsername: creds.username,
    authorizationPassword: creds.password,
    displayName: creds.extension,
    // The Contact starts with the extension, so the PBX's call records can say which agent answered.
    contactName: `${creds.extension}-${Math.random().toString(36).slice(2, 10)}`,
    // Reconnection is ours (below; sip.js's default is no reconnection attempts): it never re-registers by itself.
    logLevel: "warn",
    // An INVITE with Replaces (RFC 3891) naming this phone's call takes that call over (answered at once, below).
    sipExtensionReplaces: SIPExtension.Supported,
    sessionDescriptionHandlerFactoryOptions: {
      // The server's TURN relay (time-limited credentials issued with the SIP ones), for browsers behind NAT.
      peerConnectionConfiguration: { iceServers: (creds.ice_servers ?? []).map((server) => ({ ...server, urls: [...server.urls] })) },
    },
    delegate: {
      onConnect: () => {
        attempt = 0
        register()
      },
      onDisconnect: (error) => {
        if (stopped) return
        emit({ type: "unregistered", reason: "disconnected" })
        if (error) scheduleReconnect()
      },
      onInvite: (invitation) => onInvite(invitation),
    },
  })
  const registerer = new Registerer(ua, { expires: 300, regId: 1 })
  /** A REGISTER of ours is waiting for its answer (its delegate reports it). */
  let pending = false
  /** The page is being hidden or the phone stopped: the Unregistered that follows is ours. */
  let leaving = false
  let registerTimer: ReturnType<typeof setTimeout> | null = null

  const register = () => {
    if (stopped || leaving) return
    if (registerTimer) clearTimeout(registerTimer)
    registerTimer = null
    emit({ type: "registering" })
    pending = true
    registerer
      .register({
        requestDelegate: {
          onAccept: () => {
            pending = false
            attempt = 0
            emit({ type: "registered" })
          },
          onReject: (response) => {
            pending = false
            const status = response.message.statusCode ?? 0
            if (status === 401 || status === 403 || status === 407) emit({ type: "rejected", status })
            else {
              // 503 (the server is busy) or any other refusal: say so and try again, with the same credentials.
              emit({ type: "unregistered", reason: "failed" })
              scheduleRegister()
            }
          },
        },
      })
      .catch(() => {
        pending = false
        emit({ type: "unregistered", reason: "failed" })
        scheduleRegister()
      })
  }

  const scheduleRegister = () => {
    if (stopped || registerTimer) return
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]
    attempt += 1
    registerTimer = setTimeout(() => {
      registerTimer = null
      if (ua.isConnected()) register()
    }, delay)
  }

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]
    attempt += 1
    retryTimer = setTimeout(() => {
      retryTimer = null
      if (stopped || ua.isConnected()) return
      emit({ type: "registering" })
      ua.reconnect().catch(() => {
        emit({ type: "unregistered", reason: "disconnected" })
        scheduleReconnect()
      })
    }, delay)
  }

  // A refresh that sip.js sends by itself and the server refuses (e.g. the credentials expired while the page stayed
  // open) only shows as a state change: register again with our delegate, which learns why and reports it.
  registerer.stateChange.addListener((state) => {
    if (state === RegistererState.Unregistered && !pending && !leaving && !stopped && ua.isConnected()) {
      emit({ type: "unregistered", reason: "failed" })
      scheduleRegister()
    }
  })

  // The page goes away (reload, navigation, closed tab): unregister while the WebSocket is still open, so the
  // extension has no stale contact; a page restored from the back-forward cache registers again.
  const hookWindow = (typeof window === "undefined" ? undefined : window) as (HookWindow & Window) | undefined
  const onPageHide = () => {
    if (stopped || !ua.isConnected()) return
    leaving = true
    if (registerer.state === RegistererState.Registered) void registerer.unregister().catch(() => undefined)
  }
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted || stopped) return
    leaving = false
    if (ua.isConnected()) register()
    else scheduleReconnect()
  }
  hookWindow?.addEventListener("pagehide", onPageHide)
  hookWindow?.addEventListener("pageshow", onPageShow)

  const playRemote = (current: Session) => {
    const handler = current.sessionDescriptionHandler as { peerConnection?: RTCPeerConnection } | undefined
    const pc = handler?.peerConnection
    if (!pc || !audio) return
    const stream = new MediaStream()
    for (const receiver of pc.getReceivers()) if (receiver.track) stream.addTrack(receiver.track)
    audio.srcObject = stream
    // Autoplay may be refused before a user gesture; the answer/call click normally counts as one.
    audio.play().catch(() => undefined)
  }

  /** ICE that fails after the answer (no path between the two ends): say so and end the call. */
  const watchIce = (current: Session) => {
    const pc = (current.sessionDescriptionHandler as { peerConnection?: RTCPeerConnection } | undefined)?.peerConnection
    pc?.addEventListener("iceconnectionstatechange", () => {
      if (pc.iceConnectionState !== "failed" || session !== current) return
      emit({ type: "mediaFailed" })
      if (current.state === SessionState.Established) ignore(current.bye())
    })
  }

  const track = (current: Session) => {
    session = current
    muted = false
    held = false
    current.delegate = { ...current.delegate, onRefer: (referral) => followReferral(current, referral) }
    current.stateChange.addListener((state) => {
      if (session !== current) return
      if (state === SessionState.Established) {
        reachedEstablished.add(current)
        playRemote(current)
        watchIce(current)
        emit({ type: "established" })
      }
      if (state === SessionState.Terminated) {
        session = null
        if (audio) audio.srcObject = null
        // A consult outlives no customer: it ends with the held call.
        consult.end()
        emit({ type: "ended", reason: "terminated" })
      }
    })
  }

  const onInvite = (invitation: Invitation) => {
    const replaced = invitation.replacee
    if (replaced && replaced === session && !stopped && replaced.state === SessionState.Established) {
      takeOver(invitation, replaced)
      return
    }
    if (session || stopped) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined)
      return
    }
    const from = userOf(invitation.remoteIdentity.uri, invitation.remoteIdentity.displayName)
    if (offerProblem(invitation.request.body ?? "") !== null) {
      // 488 Not Acceptable Here: the caller learns its media cannot be taken (sip.js would answer 480 after Answer).
      void invitation.reject({ statusCode: 488 }).catch(() => undefined)
      emit({ type: "incomingRefused", from })
      return
    }
    track(invitation)
    emit({ type: "incoming", from })
  }

  /**
   * Another phone continues this phone's connected call (a warm transfer handed it over): its INVITE is answered at
   * once, and sip.js hangs the replaced call up when the new one is established. Refused media keeps the old call.
   */
  const takeOver = (invitation: Invitation, replaced: Session) => {
    const remote = userOf(invitation.remoteIdentity.uri, invitation.remoteIdentity.displayName)
    invitation.stateChange.addListener((state) => {
      if (state !== SessionState.Established || session !== replaced) return
      track(invitation)
      reachedEstablished.add(invitation)
      playRemote(invitation)
      watchIce(invitation)
      emit({ type: "replaced", remote })
    })
    invitation.accept({ sessionDescriptionHandlerOptions: AUDIO_ONLY }).catch(() => undefined)
  }

  const reachedEstablished = new WeakSet<Session>()
  const established = (current: Session) => reachedEstablished.has(current)
  const ignore = (promise: Promise<unknown>) => void promise.catch(() => undefined)
  /** getUserMedia's refusals, as sip.js passes them through. */
  const isMicrophoneError = (error: unknown) =>
    ["NotAllowedError", "NotFoundError", "NotReadableError", "SecurityError"].includes((error as { name?: string } | null)?.name ?? "")
  const mediaFailure = (error: unknown) => emit(isMicrophoneError(error) ? { type: "microphone" } : { type: "mediaFailed" })

  const hangup = () => {
    const current = session
    if (!current) return
    if (current instanceof Inviter && current.state !== SessionState.Established) {
      if (current.state === SessionState.Initial || current.state === SessionState.Establishing) ignore(current.cancel())
      return
    }
    if (current instanceof Invitation && current.state !== SessionState.Established) {
      ignore(current.reject())
      return
    }
    if (current.state === SessionState.Established) ignore(current.bye())
  }

  /** The connected call's media handler, for mute, hold and tones (none before the call is established). */
  const connected = () => {
    const current = session
    if (!current || current.state !== SessionState.Established) return null
    const handler = current.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined
    return handler ? { current, handler } : null
  }
  /** Sender tracks carry the microphone only when the call is neither muted nor held. */
  const applyTracks = (handler: Web.SessionDescriptionHandler) => {
    handler.enableSenderTracks(!muted && !held)
    handler.enableReceiverTracks(!held)
  }

  const hold = (want: boolean) => {
    const call = connected()
    if (!call || want === held) return
    const { current, handler } = call
    const options: Web.SessionDescriptionHandlerOptions = { ...current.sessionDescriptionHandlerOptionsReInvite, hold: want }
    current.sessionDescriptionHandlerOptionsReInvite = options
    const settle = (now: boolean) => {
      if (session !== current) return
      held = now
      applyTracks(handler)
      emit({ type: "held", held: now })
    }
    current.invite({ requestDelegate: { onAccept: () => settle(want), onReject: () => settle(!want) } }).catch(() => settle(!want))
  }

  /**
   * A blind transfer (RFC 3515): REFER to the other side of the connected call, which calls `target` and reports by
   * NOTIFY. On a 2xx the call here is hung up; a refused REFER or a failed call to the target leaves it as it is.
   */
  const transfer = (target: string) => {
    const call = connected()
    const uri = UserAgent.makeURI(`sip:${target}@${creds.domain}`)
    if (!call) return
    const { current } = call
    if (!uri) {
      emit({ type: "transferFailed", stage: "refer", status: 0 })
      return
    }
    referAndWatch(current, uri, (outcome) => {
      if (session !== current) return
      emit(outcome)
      if (outcome.type === "transferred" && current.state === SessionState.Established) ignore(current.bye())
    })
  }

  const consult = createConsult({
    ua,
    domain: creds.domain,
    main: () => connected()?.current ?? null,
    emit,
    play: playRemote,
    tone: sendTone,
    mediaFailure,
  })

  /**
   * The other side asks this phone to continue the call with someone else (it is the transferee of a blind
   * transfer): call the Refer-To target; sip.js reports that call's progress back by NOTIFY. Once the new call
   * connects the old one is hung up; when it fails, the old call (which the transferor keeps) is the current one again.
   */
  const followReferral = (previous: Session, referral: Referral) => {
    if (session !== previous || previous.state !== SessionState.Established) {
      ignore(referral.reject())
      return
    }
    const to = userOf(referral.referTo.uri, referral.referTo.friendlyName)
    const remote = userOf(previous.remoteIdentity.uri, previous.remoteIdentity.displayName)
    const inviter = referral.makeInviter({ sessionDescriptionHandlerOptions: AUDIO_ONLY })
    // Listening before track() does: a call that never connected hands back to the previous one before it is reported ended.
    inviter.stateChange.addListener((state) => {
      if (state === SessionState.Established && previous.state === SessionState.Established) ignore(previous.bye())
      if (state !== SessionState.Terminated || session !== inviter || established(inviter)) return
      if (previous.state !== SessionState.Established) return
      session = previous
      muted = false
      held = false
      const handler = previous.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined
      if (handler) applyTracks(handler)
      playRemote(previous)
      emit({ type: "referralFailed", remote })
    })
    track(inviter)
    emit({ type: "referred", to })
    referral
      .accept()
      .then(() => inviter.invite())
      .catch(mediaFailure)
  }

  if (hookWindow?.__enableSoftphoneTestHooks) {
    hookWindow.__softphoneTestHooks = {
      extension: creds.extension,
      peerConnection: () =>
        (session?.sessionDescriptionHandler as { peerConnection?: RTCPeerConnection } | undefined)?.peerConnection ?? null,
    }
  }

  emit({ type: "registering" })
  ua.start().catch(() => {
    emit({ type: "unregistered", reason: "disconnected" })
    scheduleReconnect()
  })

  return {
    dial: (number) => {
      if (session) return
      const target = UserAgent.makeURI(`sip:${number}@${creds.domain}`)
      if (!target) {
        emit({ type: "ended", reason: "bad number" })
        return
      }
      const inviter = new Inviter(ua, target, { sessionDescriptionHandlerOptions: AUDIO_ONLY })
      track(inviter)
      // Answered (2xx) but never established: sip.js refused the answer's session description and hung up (488).
      let answered = false
      inviter.stateChange.addListener((state) => {
        if (state === SessionState.Terminated && answered && !established(inviter)) emit({ type: "mediaFailed" })
      })
      inviter
        .invite({
          requestDelegate: {
            onAccept: () => {
              answered = true
            },
            onReject: (response) => emit({ type: "failed", status: response.message.statusCode ?? 0 }),
          },
        })
        .catch((error: unknown) => {
          mediaFailure(error)
          if (session === inviter) session = null
          emit({ type: "ended", reason: error instanceof Error ? error.message : "invite failed" })
        })
    },
    answer: () => {
      if (session instanceof Invitation && session.state === SessionState.Initial)
        session.accept({ sessionDescriptionHandlerOptions: AUDIO_ONLY }).catch(mediaFailure)
    },
    reject: () => {
      // 603 Decline: the person said no (sip.js's default 480 would read as "not available").
      if (session instanceof Invitation && session.state === SessionState.Initial) ignore(session.reject({ statusCode: 603 }))
    },
    hangup,
    mute: (want) => {
      const call = connected()
      if (!call) return
      muted = want
      applyTracks(call.handler)
    },
    hold,
    dtmf: (digit) => sendTone(connected()?.current ?? null, digit),
    transfer,
    consult: (target) => {
      if (!held) hold(true)
      consult.start(target)
    },
    completeConsult: consult.complete,
    cancelConsult: () => {
      consult.end()
      hold(false)
    },
    consultMute: consult.mute,
    consultDtmf: consult.tone,
    stop: () => {
      if (stopped) return
      hangup()
      stopped = true
      leaving = true
      if (retryTimer) clearTimeout(retryTimer)
      if (registerTimer) clearTimeout(registerTimer)
      hookWindow?.removeEventListener("pagehide", onPageHide)
      hookWindow?.removeEventListener("pageshow", onPageShow)
      if (hookWindow?.__softphoneTestHooks?.extension === creds.extension) delete hookWindow.__softphoneTestHooks
      // Unregister politely when still connected, then close the WebSocket.
      const unregister = ua.isConnected() ? registerer.unregister().catch(() => undefined) : Promise.resolve()
      void unregister.finally(() => ua.stop().catch(() => undefined))
    },
  }
}

/** createSipPhone as an Effect (the service's typed entry point): a bad address fails with SipPhoneError. */
export const openSipPhone = (creds: SipCredentials, emit: (event: PhoneEvent) => void): Effect.Effect<SipPhone, SipPhoneError> =>
  Effect.try({
    try: () => createSipPhone(creds, emit),
    catch: (error) => new SipPhoneError({ message: String(error) }),
  })
