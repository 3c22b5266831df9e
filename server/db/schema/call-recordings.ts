/**
 * Recorded calls (0051_call_recording.sql, 0057_pbx_call_recordings.sql, 0059_call_recording_type.sql): one file per
 * call, a WhatsApp call's (call_id) or a PBX call's (pbx_call_id), of its `content_type` (Ogg Opus, or WAV for a PBX
 * call of G.711 only), kept until `expires_at`.
 */
import { sql } from "drizzle-orm"
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { callRecords, pbxCalls } from "./calls"

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" })

export const callRecordings = pgTable(
  "call_recordings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    callId: text("call_id").references(() => callRecords.callId, { onDelete: "cascade" }),
    pbxCallId: integer("pbx_call_id").references(() => pbxCalls.id, { onDelete: "cascade" }),
    durationMs: integer("duration_ms").notNull(),
    data: bytea("data").notNull(),
    contentType: text("content_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("call_recordings_call_uq").on(t.callId),
    uniqueIndex("call_recordings_pbx_call_uq").on(t.pbxCallId),
    index("call_recordings_expiry_idx").on(t.expiresAt),
    check("call_recordings_one_call_ck", sql`(${t.callId} IS NULL) <> (${t.pbxCallId} IS NULL)`),
  ],
)
