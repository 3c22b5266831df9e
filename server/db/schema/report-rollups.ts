import { sql } from "drizzle-orm"
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"
import { autoreplies, contacts, conversations } from "./conversations"

/**
 * A counter row's stripe (migration 0038_rollup_stripes): writers that overlap in time add to different rows of one
 * counter instead of queueing on one; every reader sums a key's rows.
 */
const stripe = () => smallint("stripe").notNull().default(0)

/**
 * Calls per tenant, UTC day and call type, kept by statement-level triggers on call_records (migration
 * 0002_call_record_days_triggers). The Call History total over whole days is a sum of at most a few dozen rows
 * here instead of a COUNT over hundreds of thousands of index entries (spec'd page p95 < 50 ms at 1,000,000 calls).
 */
export const callRecordDays = pgTable(
  "call_record_days",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    callType: text("call_type").notNull(),
    stripe: stripe(),
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ name: "call_record_days_pk", columns: [t.clientId, t.day, t.callType, t.stripe] })],
)

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
/** UTC 15-minute slot start: any zone's local days and hours are whole sets of slots. */
const slot = () => timestamp("slot", { withTimezone: true }).notNull()

/** Messages per 15-minute slot, channel, direction and current status (triggers of 0006_dashboard, flushed: 0067). */
export const messageRollups = pgTable(
  "message_rollups",
  {
    clientId: tenant(),
    slot: slot(),
    channel: text("channel").notNull(),
    direction: text("direction").notNull(),
    status: text("status").notNull(),
    stripe: stripe(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ name: "message_rollups_pk", columns: [t.clientId, t.slot, t.channel, t.direction, t.status, t.stripe] })],
)

/**
 * What messages moved in the message counters and who wrote in which month, not yet in message_rollups and
 * contact_months: appended by the messages' trigger, moved into the counters by rollups_flush (migration
 * 0067_rollup_deltas; server/features/reports/rollup-flush.ts). Readers read the `_now` views, which add them.
 */
export const messageRollupDeltas = pgTable("message_rollup_deltas", {
  clientId: tenant(),
  slot: slot(),
  channel: text("channel").notNull(),
  direction: text("direction").notNull(),
  status: text("status").notNull(),
  messages: integer("messages").notNull(),
})

/** A customer who wrote in a local calendar month: contact_months and its deltas. */
const contactMonthColumns = () => ({
  clientId: tenant(),
  month: date("month").notNull(),
  contactId: integer("contact_id")
    .notNull()
    .references(() => contacts.id, { onDelete: "cascade" }),
  firstSeen: timestamp("first_seen", { withTimezone: true }).notNull(),
  lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
})

export const contactMonthDeltas = pgTable("contact_month_deltas", contactMonthColumns(), (t) => [
  index("contact_month_deltas_contact").on(t.contactId),
])

/** A conversation counter's counts and metric sums (conversation_rollups and its deltas). */
const conversationSums = () => ({
  started: integer("started").notNull().default(0),
  closed: integer("closed").notNull().default(0),
  abandoned: integer("abandoned").notNull().default(0),
  answered: integer("answered").notNull().default(0),
  /** Answered within the tenant's T (client setting service_level_seconds) at the time of writing; rebuilt when T changes. */
  answeredWithin: integer("answered_within").notNull().default(0),
  frtSum: doublePrecision("frt_sum").notNull().default(0),
  handled: integer("handled").notNull().default(0),
  ahtSum: doublePrecision("aht_sum").notNull().default(0),
  resolutionSum: doublePrecision("resolution_sum").notNull().default(0),
  agentMessages: integer("agent_messages").notNull().default(0),
})

/** The conversation counters' deltas not yet in conversation_rollups (as messageRollupDeltas). */
export const conversationRollupDeltas = pgTable("conversation_rollup_deltas", {
  clientId: tenant(),
  slot: slot(),
  channel: text("channel").notNull(),
  agentId: integer("agent_id").notNull(),
  ...conversationSums(),
})

/** Conversations by the slot they started in, channel and (current) agent, 0 for none: counts and metric sums. */
export const conversationRollups = pgTable(
  "conversation_rollups",
  {
    clientId: tenant(),
    slot: slot(),
    channel: text("channel").notNull(),
    agentId: integer("agent_id").notNull(),
    stripe: stripe(),
    ...conversationSums(),
  },
  (t) => [primaryKey({ name: "conversation_rollups_pk", columns: [t.clientId, t.slot, t.channel, t.agentId, t.stripe] })],
)

/** Voice calls per slot, type and status, with their summed duration. */
export const callRollups = pgTable(
  "call_rollups",
  {
    clientId: tenant(),
    slot: slot(),
    callType: text("call_type").notNull(),
    status: text("status").notNull(),
    stripe: stripe(),
    calls: integer("calls").notNull().default(0),
    durationSum: bigint("duration_sum", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "call_rollups_pk", columns: [t.clientId, t.slot, t.callType, t.status, t.stripe] })],
)

/** Customers who wrote in a local calendar month (tenant's time zone), and how many per month. */
export const contactMonths = pgTable("contact_months", contactMonthColumns(), (t) => [
  primaryKey({ name: "contact_months_pk", columns: [t.clientId, t.month, t.contactId] }),
])

export const monthlyUserCounts = pgTable(
  "monthly_user_counts",
  { clientId: tenant(), month: date("month").notNull(), stripe: stripe(), users: integer("users").notNull().default(0) },
  (t) => [primaryKey({ name: "monthly_user_counts_pk", columns: [t.clientId, t.month, t.stripe] })],
)

/** A customer's choice in a chatbot menu (written by the chatbot engine). */
export const botMenuHits = pgTable(
  "bot_menu_hits",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    autoreplyId: integer("autoreply_id").references(() => autoreplies.id, { onDelete: "set null" }),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    menu: text("menu").notNull(),
    option: text("option").notNull().default(""),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bot_menu_hits_client_dt_idx").on(t.clientId, t.dt)],
)

/** A customer's answer to the satisfaction survey (written by the survey feature): rating 1..5. */
export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    agentId: integer("agent_id").references(() => users.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    name: text("name"),
    channel: text("channel").notNull().default("whatsapp"),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("survey_responses_client_dt_idx").on(t.clientId, t.dt),
    check("survey_responses_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
)
