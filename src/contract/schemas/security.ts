import { Schema } from "effect"
import { Count, Id, Instant, Name, Text, Url } from "./common"

/** An IPv4 or IPv6 address, optionally with a CIDR prefix. */
export const IpOrCidr = Schema.String.check(
  Schema.isMaxLength(49),
  Schema.isPattern(
    /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?)$/,
  ),
)
/** An address allowed to call with the tenant's raw API key. */
export const IpEntry = Schema.Struct({
  id: Id,
  ip: Schema.String,
  label: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type IpEntry = typeof IpEntry.Type
export const IpEntryInput = { ip: IpOrCidr, label: Schema.optional(Text(100)) }

export const WebhookEventType = Schema.Struct({ key: Schema.String, description: Schema.String })
export type WebhookEventType = typeof WebhookEventType.Type
/** Events the tenant's own server is told about. */
export const Webhook = Schema.Struct({
  id: Id,
  url: Schema.String,
  events: Schema.Array(Schema.String),
  /** Requests are signed with the secret; only its last characters are shown. */
  secret_hint: Schema.NullOr(Schema.String),
  /** The whole signing secret: only in the answer that made it (create, or an update that set a new one). */
  secret: Schema.optional(Schema.String),
  active: Schema.Boolean,
  last_status: Schema.NullOr(Count),
  last_delivery_at: Schema.NullOr(Instant),
  /** Failed attempts in a row; the server disables the webhook when they reach its limit. */
  consecutive_failures: Count,
  /** Why and when the server disabled it (null while active, or when the admin switched it off). */
  disabled_reason: Schema.NullOr(Schema.String),
  disabled_at: Schema.NullOr(Instant),
  created_at: Instant,
})
export type Webhook = typeof Webhook.Type
/** One attempt to deliver one event to a webhook. */
export const WebhookDelivery = Schema.Struct({
  id: Id,
  event_id: Schema.String,
  event_type: Schema.String,
  attempt: Count,
  ok: Schema.Boolean,
  /** The receiver's HTTP status; null when it never answered (timeout, refused connection). */
  status_code: Schema.NullOr(Count),
  duration_ms: Count,
  error: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type WebhookDelivery = typeof WebhookDelivery.Type
export const WebhookInput = {
  url: Url,
  events: Schema.Array(Name(64)).check(Schema.isMinLength(1), Schema.isMaxLength(50)),
  secret: Schema.optional(Schema.String.check(Schema.isMinLength(16), Schema.isMaxLength(200))),
  active: Schema.optional(Schema.Boolean),
}

/**
 * What a super admin can cap per tenant. Usage is counted live where the thing is used (server/features/account-limits):
 * agents (active users), channels (connected accounts), messages sent per day and per month (the tenant's calendar),
 * storage (uploaded files, MiB), and the recipients of one campaign (checked against the campaign's own size).
 */
export const LimitKey = Schema.Literals(["agents", "channels", "daily_messages", "monthly_messages", "campaign_size", "storage_mb"])
export type LimitKey = typeof LimitKey.Type
/** A quota of one tenant, set by a super admin. */
export const AccountLimit = Schema.Struct({
  id: Id,
  client_id: Id,
  key: LimitKey,
  limit: Count,
  used: Count,
  updated_at: Instant,
})
export type AccountLimit = typeof AccountLimit.Type
export const AccountLimitInput = { client_id: Id, key: LimitKey, limit: Count }

/** A revoked token: refused even before it expires. */
export const BlacklistedToken = Schema.Struct({
  id: Id,
  /** The first and last characters only; the token itself is stored hashed. */
  token_hint: Schema.String,
  reason: Schema.NullOr(Schema.String),
  created_at: Instant,
  expires_at: Schema.NullOr(Instant),
})
export type BlacklistedToken = typeof BlacklistedToken.Type
export const BlacklistedTokenInput = {
  token: Schema.String.check(Schema.isMinLength(16), Schema.isMaxLength(4096)),
  reason: Schema.optional(Text(200)),
}
export const CacheScope = Schema.Literals(["all", "acl", "settings", "templates", "tokens"])
export type CacheScope = typeof CacheScope.Type
/** The server's caches `/clear/cache` empties for the tenant, by name. */
export const CacheName = Schema.Literals(["ip_whitelist", "settings", "sla_policies", "bots", "roles"])
export type CacheName = typeof CacheName.Type

/** Whether the tenant's IP whitelist also guards console logins, and the address the server sees for the caller. */
export const IpWhitelistSettings = Schema.Struct({
  enforce_login: Schema.Boolean,
  your_ip: Schema.String,
  /** Whether that address is on the list (the screen warns before login enforcement locks the admin out). */
  your_ip_listed: Schema.Boolean,
  entries: Count,
})
export type IpWhitelistSettings = typeof IpWhitelistSettings.Type
