/** The chatbots' runtime rows (migration 0024): one bot state per conversation, and the away messages sent. */
import { index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { autoreplies, conversations } from "./conversations"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })

/** Where a conversation's bot is: the node it waits at and the answers it captured (src/contract/chatbots/flow-step.ts). */
export const chatbotSessions = pgTable(
  "chatbot_sessions",
  {
    conversationId: integer("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    clientId: tenant(),
    autoreplyId: integer("autoreply_id")
      .notNull()
      .references(() => autoreplies.id, { onDelete: "cascade" }),
    state: jsonb("state").$type<Record<string, unknown>>().notNull(),
    /** The last inbound message the bot handled: an older one is never handled again. */
    lastMessageId: integer("last_message_id").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chatbot_sessions_autoreply_idx").on(t.autoreplyId)],
)

/** An agent's away message sent into a conversation (once per conversation). */
export const chatbotAwayReplies = pgTable(
  "chatbot_away_replies",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    autoreplyId: integer("autoreply_id")
      .notNull()
      .references(() => autoreplies.id, { onDelete: "cascade" }),
    clientId: tenant(),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "chatbot_away_replies_pk", columns: [t.conversationId, t.autoreplyId] })],
)
