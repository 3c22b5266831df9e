/**
 * The recordings of a page's calls, by call id (callRecordings.recordingsOfCalls), for a person who may listen
 * (BACK:call_recordings); anyone else is not asked, and a failure to list them leaves the page without players. A
 * super admin's page names the business they picked (`business`, the report query's `businessOf`).
 */
import { Effect } from "effect"
import { type CallRecording, callRecordings } from "../../contract/groups/call-recordings"
import { Api } from "../../services/api/api"
import { ifMayCall } from "../acl/may-call"

export type RecordingsByCall = Readonly<Record<string, CallRecording>>

export const recordingsOfCalls = (callIds: readonly string[], business: { readonly client_id?: number } = {}) =>
  Effect.gen(function* () {
    if (callIds.length === 0) return {} as RecordingsByCall
    const api = yield* Api
    const listed = yield* api.call("callRecordings", "recordingsOfCalls", { call_ids: [...callIds], ...business })
    return Object.fromEntries(listed.data.map((recording) => [recording.call_id, recording])) as RecordingsByCall
  }).pipe(
    (effect) => ifMayCall(callRecordings.calls.recordingsOfCalls, effect, {} as RecordingsByCall),
    Effect.orElseSucceed((): RecordingsByCall => ({})),
  )
