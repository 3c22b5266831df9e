/** The bulk campaigns' tables: recipient lists and their numbers, campaigns, and each campaign's recipients. */
import { sql } from "drizzle-orm"
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"
import { templates } from "./templates"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** A recipient list: numbers with their parameters, built from contacts, groups, segments, a CSV or typed numbers. */
export const recipientLists = pgTable(
  "recipient_lists",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    /** What it was built from: numbers, csv or contacts. */
    source: text("source").notNull().default("numbers"),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recipient_lists_client_idx").on(t.clientId, t.createdAt)],
)

export const recipientListNumbers = pgTable(
  "recipient_list_numbers",
  {
    id: serial("id").primaryKey(),
    listId: integer("list_id")
      .notNull()
      .references(() => recipientLists.id, { onDelete: "cascade" }),
    clientId: tenant(),
    number: text("number").notNull(),
    params: jsonb("params").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("recipient_list_numbers_uq").on(t.listId, t.number), index("recipient_list_numbers_client_idx").on(t.clientId, t.id)],
)

export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    templateId: integer("template_id").references(() => templates.id, { onDelete: "set null" }),
    templateName: text("template_name").notNull().default(""),
    language: text("language").notNull().default("en"),
    recipientListId: integer("recipient_list_id").references(() => recipientLists.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    /** Why the campaign paused or stopped by itself (an empty balance, a limit, the template's status). */
    statusReason: text("status_reason"),
    /** Messages per second for the sending number; null: no limit (the bench). */
    ratePerSecond: integer("rate_per_second").default(80),
    params: jsonb("params").$type<string[]>().notNull().default([]),
    paramSources: jsonb("param_sources").$type<unknown[]>().notNull().default([]),
    headerValue: text("header_value"),
    /** Bumped by every start, resume and retry: the queue's jobs of an earlier run do nothing. */
    runGen: integer("run_gen").notNull().default(0),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaigns_client_idx").on(t.clientId, t.createdAt), index("campaigns_status_idx").on(t.status, t.scheduledAt)],
)

/** A campaign's recipients (one per number) and the delivery status of the template message each was sent. */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    number: text("number").notNull(),
    params: jsonb("params").$type<string[]>().notNull().default([]),
    /** queued, sent, delivered, read, failed or skipped (opted out, blocked, stopped). */
    status: text("status").notNull().default("queued"),
    error: text("error"),
    messageId: integer("message_id"),
    externalId: text("external_id"),
    cost: numeric("cost", { precision: 14, scale: 2 }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index("campaign_recipients_campaign_idx").on(t.campaignId),
    index("campaign_recipients_client_number_idx").on(t.clientId, t.number),
    uniqueIndex("campaign_recipients_campaign_number_uq").on(t.campaignId, t.number),
    index("campaign_recipients_campaign_status_idx").on(t.campaignId, t.status),
    index("campaign_recipients_message_idx").on(t.messageId).where(sql`"message_id" IS NOT NULL`),
    // A batch's claim: the next waiting recipients in id order (migration 0029).
    index("campaign_recipients_queued_idx").on(t.campaignId, t.id).where(sql`"status" = 'queued'`),
  ],
)
