import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** Where OTP codes go out (an SMS gateway, an e-mail account, WhatsApp). */
export const otpProviders = pgTable(
  "otp_providers",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    type: text("type").notNull().default("sms"),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("otp_providers_client_idx").on(t.clientId)],
)

/** People who log in with OTP (a tenant's own end users). */
export const otpUsers = pgTable(
  "otp_users",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    username: text("username").notNull(),
    email: text("email").notNull().default(""),
    number: text("number").notNull().default(""),
    providerId: integer("provider_id").references(() => otpProviders.id, { onDelete: "set null" }),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("otp_users_client_idx").on(t.clientId)],
)

/** One sent OTP code (OTP logs screen). Provider name and e-mail are copied so the log survives edits. */
export const otpLogs = pgTable(
  "otp_logs",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    otpUserId: integer("otp_user_id").references(() => otpUsers.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    email: text("email").notNull().default(""),
    number: text("number").notNull().default(""),
    otpCode: text("otp_code").notNull(),
    providerId: integer("provider_id").references(() => otpProviders.id, { onDelete: "set null" }),
    providerName: text("provider_name").notNull().default(""),
    providerEmail: text("provider_email").notNull().default(""),
    verified: boolean("verified").notNull().default(false),
    redeemed: boolean("redeemed").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_logs_client_dt_idx").on(t.clientId, t.dt), index("otp_logs_client_email_idx").on(t.clientId, t.email)],
)
