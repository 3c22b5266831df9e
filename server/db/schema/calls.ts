import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"

/** The message attached to a call record (spec 000 section 3). */
export interface CallMessage {
  message_type: "text" | "image" | "video" | "document" | "interactive"
  message_body: string
  attachments: { name: string; value: string }[]
  interactive: Record<string, unknown> | null
}

/** A WhatsApp voice call (call history). Paged by (client_id, dt). */
export const callRecords = pgTable(
  "call_records",
  {
    id: serial("id").primaryKey(),
    callId: text("call_id").notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    callType: text("call_type").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }),
    endTime: timestamp("end_time", { withTimezone: true }),
    duration: integer("duration").notNull().default(0),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    blocks: integer("blocks").notNull().default(0),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    message: jsonb("message").$type<CallMessage | null>(),
  },
  (t) => [
    index("call_records_client_dt_idx").on(t.clientId, t.dt),
    index("call_records_client_type_dt_idx").on(t.clientId, t.callType, t.dt),
    uniqueIndex("call_records_call_id_uq").on(t.callId),
  ],
)
