import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"
import { smsMessages } from "./sms"

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

/** People who log in with OTP: a console user (`user_id`) enrolled for code login, with where their codes go. */
export const otpUsers = pgTable(
  "otp_users",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    username: text("username").notNull(),
    email: text("email").notNull().default(""),
    number: text("number").notNull().default(""),
    providerId: integer("provider_id").references(() => otpProviders.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("otp_users_client_idx").on(t.clientId), uniqueIndex("otp_users_user_uq").on(t.userId)],
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
    /** HMAC-SHA256 of the code under the server's secret: what a verify compares, in constant time. */
    codeHmac: text("code_hmac"),
    /** The code sealed with AES-GCM, opened only to show it once it can no longer be used. */
    codeSealed: text("code_sealed"),
    attempts: integer("attempts").notNull().default(0),
    maxTries: integer("max_tries").notNull().default(5),
    /** Its wrong tries are used up: the code can never verify. */
    dead: boolean("dead").notNull().default(false),
    purpose: text("purpose").notNull().default("login"),
    channel: text("channel").notNull().default(""),
    ip: text("ip").notNull().default(""),
    smsMessageId: integer("sms_message_id").references(() => smsMessages.id, { onDelete: "set null" }),
    /** Why the code never left (the mail server or the channel refused it). */
    deliveryError: text("delivery_error"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** The random key a verify names the code by (the row id is sequential). */
    publicId: text("public_id"),
  },
  (t) => [
    uniqueIndex("otp_logs_public_id_uq").on(t.publicId),
    index("otp_logs_client_dt_idx").on(t.clientId, t.dt),
    index("otp_logs_client_email_idx").on(t.clientId, t.email),
    index("otp_logs_user_dt_idx").on(t.otpUserId, t.dt),
    index("otp_logs_client_number_dt_idx").on(t.clientId, t.number, t.dt),
  ],
)

/** A tenant's OTP login settings (`/apps/opt`); a tenant without a row has the defaults. */
export const otpSettings = pgTable("otp_settings", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
  ttlSeconds: integer("ttl_seconds").notNull().default(300),
  maxTries: integer("max_tries").notNull().default(5),
  cooldownSeconds: integer("cooldown_seconds").notNull().default(30),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
})

/** Wrong or unknown codes answered from one address in its current window (features/otp/verify.ts). */
export const otpVerifyFailures = pgTable("otp_verify_failures", {
  address: text("address").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
})
