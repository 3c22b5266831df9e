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
    description: text("description"),
    createdAt: created(),
  },
  (t) => [index("flags_client_idx").on(t.clientId), uniqueIndex("flags_client_name_uq").on(t.clientId, sql`lower(${t.name})`)],
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
  (t) => [primaryKey({ columns: [t.flagId, t.contactId] }), index("contact_flags_contact_idx").on(t.contactId)],
)

/** Chatbot tags. */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    description: text("description"),
    createdAt: created(),
  },
  (t) => [index("tags_client_idx").on(t.clientId), uniqueIndex("tags_client_name_uq").on(t.clientId, sql`lower(${t.name})`)],
)

/** Tags on contacts (set by the chatbot, or by agents in bulk). */
export const contactTags = pgTable(
  "contact_tags",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ name: "contact_tags_pk", columns: [t.tagId, t.contactId] }), index("contact_tags_contact_idx").on(t.contactId)],
)

export const segments = pgTable(
  "segments",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    description: text("description"),
    /** SegmentRules (src/contract/schemas/segment-rules.ts). */
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull().default({ match: "all", conditions: [] }),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("segments_client_idx").on(t.clientId), uniqueIndex("segments_client_name_uq").on(t.clientId, sql`lower(${t.name})`)],
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
  (t) => [primaryKey({ columns: [t.segmentId, t.contactId] }), index("contact_segments_contact_idx").on(t.contactId)],
)

/** Reminder messages sent to customers on a schedule. */
export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: created(),
    /** ReminderSchedule, ReminderTarget, ReminderTemplate and ReminderRun of src/contract/schemas/tagging.ts. */
    schedule: jsonb("schedule").$type<Record<string, unknown>>().notNull().default({}),
    target: jsonb("target").$type<Record<string, unknown>>().notNull().default({}),
    template: jsonb("template").$type<Record<string, unknown>>(),
    /** When the scheduler turns it into a job next (server/features/reminders/reminder-schedule.ts). */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRun: jsonb("last_run").$type<Record<string, unknown>>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reminders_client_idx").on(t.clientId),
    index("reminders_due_idx").on(t.nextRunAt).where(sql`${t.enabled} AND ${t.nextRunAt} IS NOT NULL`),
  ],
)
