import { sql } from "drizzle-orm"
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** SMS gateways (platform-wide, managed by super admins): SMPP 3.4 or a plain HTTP JSON API. `secret` is encrypted. */
export const smsProviders = pgTable("sms_providers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind").notNull().default("smpp"),
  baseUrl: text("base_url").notNull().default(""),
  host: text("host").notNull().default(""),
  port: integer("port"),
  systemId: text("system_id").notNull().default(""),
  systemType: text("system_type").notNull().default(""),
  windowSize: integer("window_size").notNull().default(10),
  rate: numeric("rate", { precision: 12, scale: 4 }).notNull().default("0"),
  secret: text("secret"),
  partLength: integer("part_length").notNull().default(160),
  config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
  active: boolean("active").notNull().default(true),
  createdAt: created(),
})

/** A tenant's account on an SMS provider. */
export const smsClients = pgTable(
  "sms_clients",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => smsProviders.id, { onDelete: "cascade" }),
    username: text("username").notNull().default(""),
    secret: text("secret"),
    passwordHint: text("password_hint"),
    rate: numeric("rate", { precision: 12, scale: 4 }),
    balance: numeric("balance", { precision: 14, scale: 4 }),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("sms_clients_client_idx").on(t.clientId)],
)

/** Sender names (masks) a tenant may send SMS under, once a super admin approved them. */
export const smsMaskings = pgTable(
  "sms_maskings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    smsClientId: integer("sms_client_id").references(() => smsClients.id, { onDelete: "cascade" }),
    mask: text("mask").notNull(),
    status: text("status").notNull().default("pending"),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("sms_maskings_client_idx").on(t.clientId), uniqueIndex("sms_maskings_account_mask_uq").on(t.smsClientId, t.mask)],
)

/** One recipient of a send: queued -> submitting -> sent -> delivered | failed. */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    providerId: integer("provider_id").references(() => smsProviders.id, { onDelete: "set null" }),
    maskingId: integer("masking_id").references(() => smsMaskings.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    batchId: text("batch_id").notNull().default(""),
    mask: text("mask").notNull().default(""),
    number: text("number").notNull(),
    body: text("body").notNull(),
    parts: integer("parts").notNull().default(1),
    encoding: text("encoding").notNull().default("GSM-7"),
    cost: numeric("cost", { precision: 12, scale: 4 }).notNull().default("0"),
    status: text("status").notNull().default("queued"),
    error: text("error"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sms_messages_client_dt_idx").on(t.clientId, t.dt),
    index("sms_messages_client_status_idx").on(t.clientId, t.status),
    index("sms_messages_batch_idx").on(t.batchId),
    index("sms_messages_submitting_idx").on(t.submittedAt).where(sql`${t.status} = 'submitting'`),
  ],
)

/** One submitted part and the SMSC's id of it: delivery receipts are matched here. */
export const smsParts = pgTable(
  "sms_parts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    smsMessageId: integer("sms_message_id")
      .notNull()
      .references(() => smsMessages.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => smsProviders.id, { onDelete: "cascade" }),
    partNo: integer("part_no").notNull(),
    messageId: text("message_id").notNull(),
    status: text("status").notNull().default("sent"),
  },
  (t) => [uniqueIndex("sms_parts_provider_message_uq").on(t.providerId, t.messageId), index("sms_parts_message_idx").on(t.smsMessageId)],
)
