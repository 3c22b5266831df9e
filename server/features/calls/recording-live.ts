/**
 * Recording a call where its media is carried: when a customer's call is answered and the tenant records calls, the
 * relay plays the announcement to the customer and taps both directions into a track (recording-track.ts), on the
 * server, so the recording does not depend on the agent's tab. When the call ends there, the track is stored beside
 * the call record with the tenant's retention (recording-store.ts).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { VoiceChannel } from "../../channels/channel-adapter"
import type { Services } from "../../http/context"
import { callSettingOf } from "../onboarding"
import { opusPacketsOf } from "./hold-tone"
import { type RecordingTrack, startTrack } from "./recording-track"
import { storeRecording } from "./recording-store"

interface Recording {
  readonly clientId: number
  readonly retentionDays: number
  readonly track: RecordingTrack
}

/** The calls this process records, by call id. */
const recordings = new Map<string, Recording>()

/** The announcement (scripts/make-recording-notice.ts): an Ogg Opus file, which rtpengine also plays to PBX callers. */
export const RECORDING_NOTICE_FILE = join(import.meta.dirname, "recording-notice.opus")

let notice: readonly Buffer[] | null = null
/** The announcement's packets, read on first use. */
export const recordingNotice = (): readonly Buffer[] => {
  notice ??= opusPacketsOf(readFileSync(RECORDING_NOTICE_FILE))
  return notice
}

/** Starts recording an answered call carried by `channel` when its tenant records calls; answers whether it does. */
export const recordIfAsked = async (services: Services, channel: VoiceChannel, call: { callId: string; clientId: number }) => {
  const setting = await callSettingOf(services.database.db, call.clientId)
  if (!setting.record_calls || recordings.has(call.callId)) return false
  const track = startTrack()
  if (!channel.record(call.callId, track.tap, recordingNotice())) return false
  recordings.set(call.callId, { clientId: call.clientId, retentionDays: setting.recording_retention_days, track })
  return true
}

/** The call ended: its recording, if this process made one, is stored. */
export const keepRecording = async (services: Services, callId: string) => {
  const recording = recordings.get(callId)
  if (!recording) return
  recordings.delete(callId)
  await storeRecording(services.database.db, {
    clientId: recording.clientId,
    callId,
    retentionDays: recording.retentionDays,
    ...recording.track.stop(),
  })
}
