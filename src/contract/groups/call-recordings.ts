import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Instant, List, Text } from "../schemas/common"
import { ForBusiness } from "../schemas/reports"

/**
 * Recorded WhatsApp calls (ours, beyond the spec): the recordings of Call History's rows, each with a signed link to its
 * file (Ogg Opus; a WAV for a PBX call of G.711 only), for users holding the permission to listen (`call_recordings`,
 * which admins hold).
 */
export const CallRecording = Schema.Struct({
  call_id: Schema.String,
  /** The file's signed, expiring link (an <audio> element's source). */
  url: Schema.String,
  duration_ms: Count,
  /** When the retention deletes it. */
  expires_at: Instant,
})
export type CallRecording = typeof CallRecording.Type

export const callRecordings = defineGroup(
  "callRecordings",
  { title: "Call recordings", permission: "call_recordings", beyondSpec: true },
  {
    /** The recordings among these calls (a Call History page's); calls without one are left out. */
    recordingsOfCalls: {
      method: "POST",
      path: "/call/recordings",
      request: Schema.Struct({ call_ids: Schema.Array(Text(100)).check(Schema.isMaxLength(200)), ...ForBusiness }),
      response: List(CallRecording),
    },
  },
)
