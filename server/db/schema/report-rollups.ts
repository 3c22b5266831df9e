import { integer, pgTable, primaryKey, date, text } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

/**
 * Calls per tenant, UTC day and call type, kept by statement-level triggers on call_records (migration
 * 0002_call_record_days_triggers). The Call History total over whole days is a sum of at most a few dozen rows
 * here instead of a COUNT over hundreds of thousands of index entries (spec'd page p95 < 50 ms at 1,000,000 calls).
 */
export const callRecordDays = pgTable(
  "call_record_days",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    callType: text("call_type").notNull(),
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day, t.callType] })],
)
