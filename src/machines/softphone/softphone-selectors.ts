/** What the softphone page shows, read from the machine's snapshot (views never decide). */
import type { SnapshotFrom } from "xstate"
import { formatClock } from "../common/clock"
import { transferChoicesOf, transferPickOf, type softphoneMachine } from "./softphone-machine"

type Snapshot = SnapshotFrom<typeof softphoneMachine>

export type Setup = "loading" | "unavailable" | "failed" | "running"
export type Registration = "registering" | "registered" | "unregistered"
export type CallPhase = "idle" | "calling" | "incoming" | "connecting" | "active"

export const selectSetup = (s: Snapshot): Setup =>
  s.matches("running") ? "running" : s.matches("unavailable") ? "unavailable" : s.matches("failed") ? "failed" : "loading"

/** Only "registered" when the SIP server accepted the last REGISTER on a live connection. */
export const selectRegistration = (s: Snapshot): Registration =>
  s.matches({ running: { registration: "registered" } })
    ? "registered"
    : s.matches({ running: { registration: "registering" } }) || s.matches("loading")
      ? "registering"
      : "unregistered"

export const selectCallPhase = (s: Snapshot): CallPhase => {
  if (s.matches({ running: { call: "calling" } })) return "calling"
  if (s.matches({ running: { call: "incoming" } })) return "incoming"
  if (s.matches({ running: { call: { active: "connecting" } } })) return "connecting"
  if (s.matches({ running: { call: { active: "connected" } } })) return "active"
  return "idle"
}

export const selectRemote = (s: Snapshot) => s.context.remote
export const selectExtension = (s: Snapshot) => s.context.credentials?.extension ?? null
/** The call's time as mm:ss. */
export const selectClock = (s: Snapshot) => formatClock(s.context.seconds)
/** The last refused call's reason, shown only while idle. */
export const selectNotice = (s: Snapshot) =>
  s.matches({ running: { call: "idle" } }) && s.context.notice ? { kind: s.context.notice, remote: s.context.party ?? "" } : null

/** The i18n key of a notice. */
export const noticeKey = (kind: string) => `pbx.notice${kind[0].toUpperCase()}${kind.slice(1)}`

/** The dial pad's keys, in rows of three. */
export const KEYPAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const

export const selectMuted = (s: Snapshot) => s.context.muted
export const selectHeld = (s: Snapshot) => s.context.held
/** The tones sent on this call, in order ("" before any). */
export const selectTones = (s: Snapshot) => s.context.tones

/** Where a blind transfer stands: the dialog closed, open (naming the target), or the far end being moved. */
export type TransferStep = "closed" | "choosing" | "transferring"
export const selectTransferStep = (s: Snapshot): TransferStep =>
  s.matches({ running: { call: { active: { connected: "choosing" } } } })
    ? "choosing"
    : s.matches({ running: { call: { active: { connected: "transferring" } } } })
      ? "transferring"
      : "closed"
export const selectTransferTarget = (s: Snapshot) => s.context.transferTarget ?? ""

/** The transfer dialog's list: the matching extensions, which one is highlighted, and whether the list is there. */
export const selectTransferChoices = (s: Snapshot) => transferChoicesOf(s.context)
export const selectTransferActive = (s: Snapshot) => s.context.transferActive
export const selectTransferQuery = (s: Snapshot) => s.context.transferQuery
export type ExtensionsLoad = "loading" | "failed" | "ready"
export const selectExtensionsLoad = (s: Snapshot): ExtensionsLoad =>
  s.context.extensionsFailed ? "failed" : s.context.extensions === null ? "loading" : "ready"
/** What Transfer (or Enter) sends now: the highlighted extension, or what was typed. */
export const selectTransferPick = (s: Snapshot) => transferPickOf(s.context)

/** Why the last transfer failed, shown while the call goes on: the sentences to read (i18n key and values). */
export const selectTransferProblem = (s: Snapshot): readonly { key: string; values: Record<string, string> }[] | null => {
  const kind = s.context.transferProblem
  if (!kind || !s.matches({ running: { call: { active: "connected" } } })) return null
  const target = s.context.transferTarget ?? ""
  const values = { remote: s.context.remote ?? "", target }
  if (kind === "refused") return [{ key: "pbx.transferRefused", values }]
  if (kind === "timeout") return [{ key: "pbx.transferTimeout", values }]
  // The target's refusal reads as a refused call to it.
  return [
    { key: "pbx.transferFailed", values },
    { key: noticeKey(kind), values: { remote: target } },
  ]
}

/** Which buttons the page offers in each phase: mute, hold, tones and transfer only on a connected call. */
export const buttonsFor = (phase: CallPhase) => ({
  call: phase === "idle",
  answer: phase === "incoming",
  reject: phase === "incoming",
  end: phase === "calling" || phase === "connecting" || phase === "active",
  mute: phase === "active",
  hold: phase === "active",
  tones: phase === "active",
  transfer: phase === "active",
})

/** The transfer dialog names a colleague to consult (a warm transfer) rather than a blind transfer's target. */
export const selectTransferWarm = (s: Snapshot) => s.context.warm

/**
 * A warm transfer's consult call, shown as its own line: calling the colleague, talking to them, or handing the
 * customer over; `name` is the colleague's name from the extensions list, or their number; whether the agent's
 * microphone is silenced towards them, the tones sent to them, and whether the keypad reaches them now (once they
 * answered; the keypad never reaches the held customer meanwhile). Null without one.
 */
export type ConsultStep = "ringing" | "speaking" | "completing"
export interface ConsultLine {
  readonly step: ConsultStep
  readonly target: string
  readonly name: string
  readonly muted: boolean
  readonly tones: string
  readonly keypad: boolean
}
export const selectConsult = (s: Snapshot): ConsultLine | null => {
  const steps: readonly ConsultStep[] = ["ringing", "speaking", "completing"]
  const step = steps.find((one) => s.matches({ running: { call: { active: { connected: { consulting: one } } } } }))
  if (!step) return null
  const target = s.context.transferTarget ?? ""
  const listed = s.context.extensions?.find((choice) => choice.extension === target)
  return {
    step,
    target,
    name: listed ? `${listed.name} (${target})` : target,
    muted: s.context.consultMuted,
    tones: s.context.consultTones,
    keypad: step !== "ringing",
  }
}
