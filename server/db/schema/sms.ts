import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** SMS gateways (platform-wide, managed by super admins). */
export const smsProviders = pgTable("sms_providers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  baseUrl: text("base_url").notNull().default(""),
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
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("sms_clients_client_idx").on(t.clientId)],
)

/** Sender names (masks) a tenant may send SMS under. */
export const smsMaskings = pgTable(
  "sms_maskings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    smsClientId: integer("sms_client_id").references(() => smsClients.id, { onDelete: "cascade" }),
    mask: text("mask").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("sms_maskings_client_idx").on(t.clientId)],
)

export const smsMessages = pgTable(
  "sms_messages",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    mask: text("mask").notNull().default(""),
    number: text("number").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("sent"),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_messages_client_dt_idx").on(t.clientId, t.dt)],
)
