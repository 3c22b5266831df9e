/**
 * How many conversations each user holds, in all and per kind (migrations 0039, 0048): kept by triggers on users (a row from the start) and on
 * conversations (a change of holder), read by auto-assign's hand-out (tenant-settings/auto-assign.ts) and the agent
 * lists' `active_chats` (chat/agents.ts).
 */
import { index, integer, pgTable } from "drizzle-orm/pg-core"
import { users } from "./identity"

export const agentLoads = pgTable(
  "agent_loads",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id").notNull(),
    /** Conversations in one of HELD_STATUSES (chat/conversation-status.ts) assigned to this user. */
    held: integer("held").notNull().default(0),
    /** Of those, the chats and the SMS threads (channel_kind(), migration 0048; chat/capacity.ts). */
    heldChat: integer("held_chat").notNull().default(0),
    heldSms: integer("held_sms").notNull().default(0),
  },
  (t) => [
    index("agent_loads_client_held_idx").on(t.clientId, t.held, t.userId),
    index("agent_loads_client_chat_idx").on(t.clientId, t.heldChat, t.userId),
    index("agent_loads_client_sms_idx").on(t.clientId, t.heldSms, t.userId),
  ],
)
