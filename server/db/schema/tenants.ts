import { sql } from "drizzle-orm"
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** A client business (tenant). Every tenant-owned row carries its id as client_id. */
export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    /** SHA-256 (hex) of the API key for `x-api-key` calls, never the key (auth/api-keys.ts, migration 0031); null: none made. */
    apiKeyHash: text("api_key_hash"),
    /** The key's non-secret hint for display (`ak_••••1a2b`). */
    apiKeyHint: text("api_key_hint"),
    /** When the working key was made by a rotate (company sub-page custom_api, migration 0027). */
    apiKeyCreatedAt: timestamp("api_key_created_at", { withTimezone: true }),
    /** Set when the tenant revoked its key: no key works until the next rotate (auth/principal.ts). */
    apiKeyRevokedAt: timestamp("api_key_revoked_at", { withTimezone: true }),
    status: text("status").notNull().default("active"),
    /** Products (modules) enabled for the tenant, e.g. chat, sms, otp, voice. */
    products: jsonb("products").$type<string[]>().notNull().default([]),
    /** The last entry's running balance (billing_ledger), kept with every entry in the same transaction. */
    balance: numeric("balance", { precision: 14, scale: 2 }).notNull().default("0"),
    /** How far below zero the balance may go (0: never negative). */
    creditLimit: numeric("credit_limit", { precision: 14, scale: 2 }).notNull().default("0"),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    /** Platform tenant: home of super admins, not a customer business. */
    platform: boolean("platform").notNull().default(false),
    /** Registration review (migration 0022): submitted, in_review, approved, rejected. */
    onboardingStatus: text("onboarding_status").notNull().default("approved"),
    rejectionReason: text("rejection_reason"),
    /** References countries (0022); not declared here so the schema modules do not import each other in a cycle. */
    countryId: integer("country_id"),
    address: text("address"),
    website: text("website"),
    logoUrl: text("logo_url"),
    subject: text("subject"),
    /** Soft deletion: purged after BUSINESS_RETENTION_DAYS (server/features/businesses/retention.ts). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex("clients_api_key_hash_uq").on(t.apiKeyHash), index("clients_onboarding_idx").on(t.onboardingStatus, t.id)],
)

/** Per-tenant settings by key (call settings, session timeout message, webhook configuration...). */
export const clientSettings = pgTable(
  "client_settings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("client_settings_key_uq").on(t.clientId, t.key)],
)

export const accountLimits = pgTable(
  "account_limits",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    limitValue: integer("limit_value").notNull(),
    used: integer("used").notNull().default(0),
    period: text("period").notNull().default("month"),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_limits_kind_uq").on(t.clientId, t.kind)],
)

export const ipWhitelist = pgTable(
  "ip_whitelist",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** An address or an IPv4 CIDR block. */
    ip: text("ip").notNull(),
    label: text("label"),
    createdAt: created(),
  },
  (t) => [index("ip_whitelist_client_idx").on(t.clientId)],
)

export const clientWebhooks = pgTable(
  "client_webhooks",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull().default([]),
    secret: text("secret"),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("client_webhooks_client_idx").on(t.clientId)],
)

/** Tokens a tenant revoked: a request carrying one answers 401. */
export const blacklistedTokens = pgTable(
  "blacklisted_tokens",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The SHA-256 of the token (hex): the token itself is never stored. */
    token: text("token").notNull(),
    /** Its first and last characters, to recognise it in the list. */
    hint: text("hint").notNull().default(""),
    reason: text("reason"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index("blacklisted_tokens_token_idx").on(t.token),
    index("blacklisted_tokens_client_idx").on(t.clientId),
    uniqueIndex("blacklisted_tokens_client_token_uq").on(t.clientId, t.token),
  ],
)

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    userId: integer("user_id"),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("activity_logs_client_dt_idx").on(t.clientId, t.dt)],
)

export const uatCustomers = pgTable(
  "uat_customers",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [index("uat_customers_client_idx").on(t.clientId), uniqueIndex("uat_customers_number_uq").on(t.clientId, t.number)],
)

/** Connected channel accounts: WhatsApp numbers, Facebook pages, Instagram accounts, SMS, web chat. */
export const channelAccounts = pgTable(
  "channel_accounts",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    status: text("status").notNull().default("active"),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    /** Sealed JSON of the account's tokens and app secret (server/features/sms/secret-box.ts); never sent back. */
    secrets: text("secrets").notNull().default(""),
    secretHint: text("secret_hint").notNull().default(""),
    verifyToken: text("verify_token").notNull().default(""),
    /** The last part of the account's webhook URL. */
    webhookKey: text("webhook_key"),
    /** pending, connected or failed (with `error`): what the Graph API last answered. */
    health: text("health").notNull().default("pending"),
    error: text("error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("channel_accounts_client_idx").on(t.clientId, t.channel),
    uniqueIndex("channel_accounts_webhook_key_uq").on(t.webhookKey),
    uniqueIndex("channel_accounts_external_uq").on(t.channel, t.externalId).where(sql`${t.status} = 'active'`),
  ],
)
