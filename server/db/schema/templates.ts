import { sql } from "drizzle-orm"
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** A template (HSM) message approved for business-initiated conversations. */
export const templates = pgTable(
  "templates",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    language: text("language").notNull().default("en"),
    category: text("category").notNull().default("UTILITY"),
    headerType: text("header_type"),
    headerValue: text("header_value"),
    headerExample: text("header_example"),
    body: text("body").notNull(),
    bodyExamples: jsonb("body_examples").$type<string[]>().notNull().default([]),
    footer: text("footer"),
    buttons: jsonb("buttons").$type<unknown[]>().notNull().default([]),
    params: jsonb("params").$type<string[]>().notNull().default([]),
    status: text("status").notNull().default("APPROVED"),
    costPerMessage: integer("cost_per_message").notNull().default(0),
    /** The channel's reason when it rejected, paused or disabled the template. */
    rejectedReason: text("rejected_reason"),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("templates_client_name_uq").on(t.clientId, t.name, t.language)],
)

/** The agents a template is assigned to; a template with none is open to every agent. */
export const templateAssignments = pgTable(
  "template_assignments",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: tenant(),
  },
  (t) => [
    primaryKey({ name: "template_assignments_pk", columns: [t.templateId, t.userId] }),
    index("template_assignments_user_idx").on(t.userId),
  ],
)

/** The price of one template message per category (the super admin's table). */
export const templatePrices = pgTable("template_prices", {
  category: text("category").primaryKey(),
  price: numeric("price", { precision: 14, scale: 2 }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
})

/** Conversation templates (quick structured replies agents start conversations with). */
export const conversationTemplates = pgTable(
  "conversation_templates",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    language: text("language").notNull().default("en"),
    body: text("body").notNull(),
    active: boolean("active").notNull().default(true),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index("conversation_templates_client_idx").on(t.clientId)],
)

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

/** Numbers that opted out of template messages. */
export const templateBlacklist = pgTable(
  "template_blacklist",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    number: text("number").notNull(),
    /** Why: the customer's own words (STOP) or who added it. */
    reason: text("reason"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("template_blacklist_uq").on(t.clientId, t.number)],
)

/** How many API-key template sends a tenant, one of its agents, or one template may make per local day and month. */
export const requestLimits = pgTable("request_limits", {
  id: serial("id").primaryKey(),
  clientId: tenant(),
  agentId: integer("agent_id").references(() => users.id, { onDelete: "cascade" }),
  templateName: text("template_name"),
  dailyLimit: integer("daily_limit").notNull(),
  monthlyLimit: integer("monthly_limit").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
})
