import { sql } from "drizzle-orm"
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })

/** A customer of a tenant, reachable on one channel under one number or handle. */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    number: text("number").notNull(),
    email: text("email"),
    channel: text("channel").notNull().default("whatsapp"),
    blocked: boolean("blocked").notNull().default(false),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    /** The customer's last message on this channel: WhatsApp's 24-hour customer-service window runs from it. */
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    blockReason: text("block_reason"),
    /** A WhatsApp customer's business-scoped user id (Meta's BSUID), when Meta sent one (migration 0044). */
    bsuid: text("bsuid"),
  },
  (t) => [
    uniqueIndex("contacts_client_number_uq").on(t.clientId, t.channel, t.number),
    uniqueIndex("contacts_client_bsuid_uq").on(t.clientId, t.bsuid).where(sql`${t.bsuid} IS NOT NULL`),
    index("contacts_client_name_idx").on(t.clientId, t.name),
    // Migration 0015: search by a number's start or end, and by an e-mail's start (pattern B-trees, any collation).
    index("contacts_number_prefix_idx").on(t.clientId, sql`${t.number} text_pattern_ops`),
    index("contacts_number_suffix_idx").on(t.clientId, sql`reverse(${t.number}) text_pattern_ops`),
    index("contacts_email_prefix_idx").on(t.clientId, sql`lower(${t.email}) text_pattern_ops`),
    index("contacts_client_id_idx").on(t.clientId, t.id),
    index("contacts_attributes_idx").using("gin", sql`${t.attributes} jsonb_path_ops`),
    // Migration 0036 carries `id` in this index (INCLUDE), so the last-message condition counts index-only.
    index("contacts_client_inbound_idx").on(t.clientId, t.lastInboundAt),
    index("contacts_client_channel_idx").on(t.clientId, t.channel, t.id),
  ],
)

/**
 * The words of a contact's name, number and attribute values, folded (migration 0018: contact_fold, contact_split),
 * which the search box looks up by prefix. Kept by triggers on contacts in the same transaction as every write.
 */
export const contactWords = pgTable(
  "contact_words",
  {
    clientId: integer("client_id").notNull(),
    word: text("word").notNull(),
    contactId: integer("contact_id").notNull(),
  },
  (t) => [index("contact_words_prefix_idx").on(t.clientId, sql`${t.word} text_pattern_ops`, t.contactId)],
)

/**
 * Every attribute of every contact as a row (migration 0036): the text `attributes ->> key` gives and, when it reads as
 * one, the number; segment counts read id sets from its indexes (server/features/segments/segment-sets.ts). Kept by
 * triggers on contacts in the same transaction as every write. `key` and `value` use the "C" collation.
 */
export const contactAttributes = pgTable(
  "contact_attributes",
  {
    clientId: integer("client_id").notNull(),
    key: text("key").notNull(),
    value: text("value"),
    num: numeric("num"),
    contactId: integer("contact_id").notNull(),
  },
  (t) => [
    index("contact_attributes_value_idx").on(t.clientId, t.key, t.value, t.contactId),
    index("contact_attributes_number_idx").on(t.clientId, t.key, t.num, t.contactId).where(sql`${t.num} IS NOT NULL`),
  ],
)

export const contactGroups = pgTable(
  "contact_groups",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: created(),
  },
  (t) => [
    index("contact_groups_client_idx").on(t.clientId),
    uniqueIndex("contact_groups_client_name_uq").on(t.clientId, sql`lower(${t.name})`),
  ],
)

export const contactGroupMembers = pgTable(
  "contact_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => contactGroups.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] }), index("contact_group_members_contact_idx").on(t.contactId)],
)

/** Internal agent groups and their chat. */
export const agentGroups = pgTable(
  "agent_groups",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: created(),
  },
  (t) => [
    index("agent_groups_client_idx").on(t.clientId),
    uniqueIndex("agent_groups_client_name_uq").on(t.clientId, sql`lower(${t.name})`),
  ],
)

export const agentGroupMembers = pgTable(
  "agent_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => agentGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** owner (made the group) or member; migration 0011. */
    role: text("role").notNull().default("member"),
    /** The newest message of the group this member has seen: unread is what came after it from others. */
    lastReadId: integer("last_read_id").notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("agent_group_members_user_idx").on(t.userId),
    check("agent_group_members_role_ck", sql`${t.role} IN ('owner', 'member')`),
  ],
)

/** A user's read mark in their one-to-one thread with a peer (migration 0011). */
export const directReadMarks = pgTable(
  "direct_read_marks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    peerId: integer("peer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadId: integer("last_read_id").notNull().default(0),
  },
  (t) => [primaryKey({ name: "direct_read_marks_pk", columns: [t.userId, t.peerId] })],
)

export const groupMessages = pgTable(
  "group_messages",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    groupId: integer("group_id").references(() => agentGroups.id, { onDelete: "cascade" }),
    /** Direct message recipient when not a group message. */
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "cascade" }),
    fromUserId: integer("from_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("group_messages_group_idx").on(t.clientId, t.groupId, t.dt),
    index("group_messages_thread_idx").on(t.groupId, t.id),
    index("group_messages_direct_idx").on(t.toUserId, t.fromUserId, t.id),
  ],
)

/**
 * A customer conversation (a chat session) on one channel; at most one open (not closed) per contact.
 * status: unassigned (in the queue) -> active (an agent holds it, has not answered yet) -> ongoing (the agent
 * answered) -> closed (history); see server/features/chat/conversation-status.ts for the rule.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    status: text("status").notNull().default("unassigned"),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Never null (the start until the first message) so the inbox's keyset order needs no NULLS handling. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** Inbound messages since an agent last read the chat. */
    unread: integer("unread").notNull().default(0),
    /** Preview of the last message (at most 200 characters). */
    lastMessage: text("last_message"),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
    /** A UAT customer's conversation: left out of every report figure (stamped by the triggers of 0025_uat_reports). */
    isTest: boolean("is_test").notNull().default(false),
    /** Metric stamps and counters, kept by the messages triggers of 0006_dashboard (see server/features/reports/metrics.ts). */
    firstInboundAt: timestamp("first_inbound_at", { withTimezone: true }),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    /** The first assignment to an agent (a BEFORE trigger stamps it); AHT runs from here to the close. */
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    messagesIn: integer("messages_in").notNull().default(0),
    messagesOut: integer("messages_out").notNull().default(0),
    agentMessages: integer("agent_messages").notNull().default(0),
  },
  (t) => [
    index("conversations_client_started_idx").on(t.clientId, t.startedAt, t.id),
    index("conversations_client_answered_idx")
      .on(t.clientId, t.startedAt, t.firstResponseAt, t.firstInboundAt)
      .where(sql`${t.firstResponseAt} IS NOT NULL`),
    index("conversations_inbox_idx").on(t.clientId, t.status, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_agent_idx").on(t.clientId, t.assignedUserId, t.status, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_history_idx").on(t.clientId, t.closedAt.desc(), t.id.desc()).where(sql`${t.status} = 'closed'`),
    uniqueIndex("conversations_open_contact_uq").on(t.contactId).where(sql`${t.status} <> 'closed'`),
    index("conversations_contact_idx").on(t.contactId),
    check("conversations_status_check", sql`${t.status} IN ('unassigned', 'active', 'ongoing', 'closed')`),
    check("conversations_unread_check", sql`${t.unread} >= 0`),
  ],
)

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** "in" from the customer, "out" from an agent, a bot or a campaign (the contract says inbound / outbound). */
    direction: text("direction").notNull(),
    /** text, image, video, audio, document, interactive, template, email. */
    type: text("type").notNull(),
    body: text("body").notNull().default(""),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    externalId: text("external_id"),
    /** queued, sent, delivered, read, failed (outbound); received (inbound). */
    status: text("status").notNull().default("sent"),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    /** "bot" for a chatbot's message; null otherwise (the direction and sender_user_id tell the rest). */
    senderKind: text("sender_kind"),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.dt.desc(), t.id.desc()),
    index("messages_client_dt_idx").on(t.clientId, t.dt),
    /** Keyword search (`body ILIKE '%…%'`, three or more characters): migration 0035. */
    index("messages_body_trgm_idx").using("gin", sql`${t.body} gin_trgm_ops`),
    index("messages_client_direction_dt_idx").on(t.clientId, t.direction, t.dt.desc(), t.id.desc()),
    uniqueIndex("messages_client_external_uq").on(t.clientId, t.externalId).where(sql`${t.externalId} IS NOT NULL`),
  ],
)

export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    /** "db": the bytes are in attachment_files (uploads); otherwise an external URL. */
    storageKey: text("storage_key").notNull(),
    createdAt: created(),
  },
  (t) => [index("attachments_client_idx").on(t.clientId), index("attachments_message_idx").on(t.messageId)],
)

/**
 * Canned replies (0004_tickets.sql: type "chat" by default, shared with the whole tenant unless `shared` is false,
 * then only its author's). A shortcut is unique per tenant with or without its leading "/".
 */
export const cannedMessages = pgTable(
  "canned_messages",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    type: text("type").notNull().default("chat"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    shortcut: text("shortcut"),
    createdAt: created(),
    shared: boolean("shared").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("canned_messages_client_idx").on(t.clientId),
    // A shared shortcut is unique in the tenant; a private one per author (features/canned/canned-messages.ts keeps the two apart).
    uniqueIndex("canned_messages_shared_shortcut_uq")
      .on(t.clientId, sql`ltrim(${t.shortcut}, '/')`)
      .where(sql`${t.shortcut} IS NOT NULL AND ${t.shared}`),
    uniqueIndex("canned_messages_private_shortcut_uq")
      .on(t.clientId, t.createdBy, sql`ltrim(${t.shortcut}, '/')`)
      .where(sql`${t.shortcut} IS NOT NULL AND NOT ${t.shared}`),
    index("canned_messages_client_type_idx").on(t.clientId, t.type, t.title),
  ],
)

/** Auto-reply chatbots (per tenant; self: an agent's away message, owned by owner_id). See server/features/chatbots. */
export const autoreplies = pgTable(
  "autoreplies",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    /** The trigger's type (keyword, first_message, outside_hours, button); the whole rule is trigger_rule. */
    trigger: text("trigger").notNull().default(""),
    triggerRule: jsonb("trigger_rule").$type<Record<string, unknown>>().notNull().default({}),
    channel: text("channel").notNull().default("whatsapp"),
    flow: jsonb("flow").$type<Record<string, unknown>>().notNull().default({}),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
    self: boolean("self").notNull().default(false),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("autoreplies_client_idx").on(t.clientId),
    index("autoreplies_client_active_idx").on(t.clientId, t.channel).where(sql`${t.active}`),
  ],
)
