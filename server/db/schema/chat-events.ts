/** Durable chat socket events (migration 0037, server/features/chat/chat-events.ts): the id is the event's seq. */
import { sql } from "drizzle-orm"
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

export const chatEvents = pgTable(
  "chat_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp("relayed_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_events_unrelayed_idx").on(t.id).where(sql`${t.relayedAt} IS NULL`),
    index("chat_events_relayed_idx").on(t.relayedAt).where(sql`${t.relayedAt} IS NOT NULL`),
  ],
)
