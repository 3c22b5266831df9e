import { sql } from "drizzle-orm"
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"
import { contacts, conversations } from "./conversations"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })

/**
 * A support ticket opened from a conversation. Stored statuses: Pending, Ongoing, Resolved (spec 000 section 4 saw
 * Pending and Resolved); the ticket lists show an open ticket with an agent as Ongoing (server/features/tickets).
 */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    ticketNumber: text("ticket_number").notNull(),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    channelType: text("channel_type").notNull(),
    status: text("status").notNull().default("Pending"),
    subject: text("subject").notNull().default(""),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    lastClosed: timestamp("last_closed", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("tickets_number_uq").on(t.clientId, t.ticketNumber),
    index("tickets_client_status_idx").on(t.clientId, t.status, t.dt),
    // 0004_tickets.sql: the open and resolved lists read these partial indexes newest first.
    index("tickets_client_open_idx").on(t.clientId, t.dt.desc(), t.id.desc()).where(sql`${t.status} <> 'Resolved'`),
    index("tickets_client_resolved_idx").on(t.clientId, t.lastClosed.desc(), t.id.desc()).where(sql`${t.status} = 'Resolved'`),
    index("tickets_conversation_idx").on(t.conversationId),
    check("tickets_status_check", sql`${t.status} IN ('Pending', 'Ongoing', 'Resolved')`),
  ],
)

/** A complaint ticket (complaint report screen). customer_message is at most 800 characters. */
export const complaints = pgTable(
  "complaints",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    ticketNumber: text("ticket_number").notNull(),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    channelType: text("channel_type").notNull(),
    status: text("status").notNull().default("Pending"),
    customerMessage: text("customer_message").notNull(),
    lastMessage: text("last_message").notNull().default(""),
    agentId: integer("agent_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category"),
    /** How the complaint ended (updateComplaint's note). */
    resolutionNote: text("resolution_note"),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    lastClosed: timestamp("last_closed", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("complaints_number_uq").on(t.clientId, t.ticketNumber),
    index("complaints_client_dt_idx").on(t.clientId, t.dt),
    index("complaints_client_status_dt_idx").on(t.clientId, t.status, t.dt.desc(), t.id.desc()),
    check("complaints_status_check", sql`${t.status} IN ('Pending', 'Ongoing', 'Resolved')`),
    check("complaints_message_len_check", sql`char_length(${t.customerMessage}) <= 800`),
  ],
)

/** Complaint form metadata a tenant configures (categories, statuses, fields). */
export const complaintMetadata = pgTable(
  "complaint_metadata",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [uniqueIndex("complaint_metadata_key_uq").on(t.clientId, t.key)],
)
