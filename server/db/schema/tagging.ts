import { sql } from "drizzle-orm"
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { contacts, conversations } from "./conversations"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

export const labels = pgTable(
  "labels",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    color: text("color").notNull().default("#2d72d2"),
    createdAt: created(),
  },
  (t) => [index("labels_client_idx").on(t.clientId), uniqueIndex("labels_client_name_uq").on(t.clientId, sql`lower(${t.name})`)],
)

export const conversationLabels = pgTable(
  "conversation_labels",
  {
    labelId: integer("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.conversationId] }), index("conversation_labels_conversation_idx").on(t.conversationId)],
)

export const flags = pgTable(
  "flags",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    color: text("color").notNull().default("#cd4246"),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("flags_client_idx").on(t.clientId)],
)

export const contactFlags = pgTable(
  "contact_flags",
  {
    flagId: integer("flag_id")
      .notNull()
      .references(() => flags.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.flagId, t.contactId] })],
)

/** Chatbot tags. */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    createdAt: created(),
  },
  (t) => [index("tags_client_idx").on(t.clientId)],
)

export const segments = pgTable(
  "segments",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index("segments_client_idx").on(t.clientId)],
)

export const contactSegments = pgTable(
  "contact_segments",
  {
    segmentId: integer("segment_id")
      .notNull()
      .references(() => segments.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.contactId] })],
)

/** Reminder messages sent to customers on a schedule. */
export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    schedule: text("schedule").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("reminders_client_idx").on(t.clientId)],
)
