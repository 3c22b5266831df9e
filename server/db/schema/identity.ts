import { sql } from "drizzle-orm"
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** A tenant's role: a named set of permissions given to users. */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Built-in roles (admin) cannot be deleted. */
    system: boolean("system").notNull().default(false),
    createdAt: created(),
  },
  (t) => [uniqueIndex("roles_client_name_uq").on(t.clientId, t.name)],
)

/**
 * A grantable key: `FRONT:<path>` (a console route) or `BACK:<permission>` (a server feature).
 * client_id null marks the platform catalogue every tenant shares; tenants may add their own keys.
 */
export const permissions = pgTable(
  "permissions",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ruleSetId: integer("rule_set_id"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("permissions_client_key_uq").on(t.clientId, t.key), index("permissions_key_idx").on(t.key)],
)

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index("role_permissions_perm_idx").on(t.permissionId)],
)

/** Rule sets group permissions by area (chat, inbox, reports, settings...) for the permissions screen. */
export const ruleSets = pgTable(
  "rule_sets",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [uniqueIndex("rule_sets_key_uq").on(t.key)],
)

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    roleId: integer("role_id").references(() => roles.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    displayName: text("display_name").notNull(),
    photoUrl: text("photo_url").notNull().default(""),
    phone: text("phone"),
    status: text("status").notNull().default("active"),
    superAdmin: boolean("super_admin").notNull().default(false),
    online: boolean("online").notNull().default(false),
    /** Voice-call permission override: null follows the role, true/false grants or withholds it. */
    callPermission: boolean("call_permission"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    shortcuts: jsonb("shortcuts").$type<string[]>().notNull().default([]),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_username_uq").on(t.username), index("users_client_idx").on(t.clientId)],
)

/** One row per login: the token's login_id. A newer login of the same user ends the older one as "replaced". */
export const loginSessions = pgTable(
  "login_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: created(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Why it ended: "replaced" (newer login), "logout", "password" (a new password), "disabled" (the account). */
    endReason: text("end_reason"),
  },
  (t) => [index("login_sessions_user_idx").on(t.userId, t.createdAt)],
)

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the token: the mail holds the token itself. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex("password_reset_tokens_hash_uq").on(t.tokenHash)],
)

/** Mail the server "sends": no mail server runs here, so it lands in this visible outbox. */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: created(),
})

/** A user's console layout and theme. */
export const userLayouts = pgTable("user_layouts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  clientId: integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" }),
  layout: jsonb("layout").$type<Record<string, unknown>>().notNull().default({}),
  theme: jsonb("theme").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use access tokens for the token-login page (/pages/auth/token). */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The login session that minted it: the token logs in only while that session is open. */
    loginId: text("login_id").references(() => loginSessions.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [uniqueIndex("access_tokens_hash_uq").on(t.tokenHash)],
)

/**
 * Failed logins per typed username (lower case, whether or not such a user exists, so known and unknown names are
 * throttled alike): kept in the database so the limit holds across server processes. See auth/login-throttle.ts.
 */
export const loginThrottle = pgTable("login_throttle", {
  account: text("account").primaryKey(),
  /** Attempts since the last success (an attempt counts before its password is checked; a success deletes the row). */
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
  /** No attempt is checked before this time (429 with Retry-After). */
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  /** The addresses with a failed attempt in this run: only they wait out the block (auth/login-throttle.ts). */
  failedFrom: text("failed_from").array().notNull().default(sql`'{}'`),
})
