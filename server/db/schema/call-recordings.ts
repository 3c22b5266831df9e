/** Recorded WhatsApp calls (0051_call_recording.sql): one Ogg Opus file per call, kept until `expires_at`. */
import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { callRecords } from "./calls"

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" })

export const callRecordings = pgTable(
  "call_recordings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    callId: text("call_id")
      .notNull()
      .references(() => callRecords.callId, { onDelete: "cascade" }),
    durationMs: integer("duration_ms").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("call_recordings_call_uq").on(t.callId), index("call_recordings_expiry_idx").on(t.expiresAt)],
)
