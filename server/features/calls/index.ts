/** The public module of the voice calls: what other features may use of them (the hub, and the hook points of its Meta side). */
export { hubOf } from "./call-hub"
export { holdTone } from "./hold-tone"
export { metaDialer, metaLeg } from "./hooks"
export { callRecordsOf } from "./call-records-of"
export type { CallEntry } from "./call-records-of"
export { startTrack, type RecordedCall, type TrackWriter } from "./recording-track"
export { storeRecording } from "./recording-store"
export { RECORDING_NOTICE_FILE } from "./recording-live"
