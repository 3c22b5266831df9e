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
