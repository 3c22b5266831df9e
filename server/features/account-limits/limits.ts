/**
 * Account limits: one place that says how much of each limit a tenant uses and refuses what would go beyond it.
 * Features call `checkLimit(ctx.db, clientId, key, amount)` in the transaction that uses the thing (creating an agent,
 * sending messages, storing a file; campaigns call it with their recipient count). The limit row is locked (FOR
 * UPDATE) so two concurrent uses cannot both slip under the limit. No row: no limit.
 *
 * Usage is counted live, never kept as a counter that could drift: active users; connected channel accounts; messages
 * sent in the tenant's current day and month (from the dashboard's message roll-ups, kept by triggers in the same
 * transaction, so a month is a few thousand slot rows rather than every message); stored file bytes.
 */
import { sql } from "drizzle-orm"
import type { LimitKey } from "../../../src/contract/schemas/security"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"

export const MIB = 1024 * 1024

const outboundSince = (clientId: number, unit: "day" | "month") =>
  sql`SELECT COALESCE(sum(messages), 0)::float8 AS used FROM message_rollups
    WHERE client_id = ${clientId} AND direction = 'out'
      AND slot >= date_trunc(${unit}, now() AT TIME ZONE tenant_zone(${clientId})) AT TIME ZONE tenant_zone(${clientId})`

const usageSql: Record<LimitKey, (clientId: number) => ReturnType<typeof sql> | null> = {
  agents: (clientId) => sql`SELECT count(*)::float8 AS used FROM users WHERE client_id = ${clientId} AND status = 'active'`,
  channels: (clientId) => sql`SELECT count(*)::float8 AS used FROM channel_accounts WHERE client_id = ${clientId} AND status = 'active'`,
  daily_messages: (clientId) => outboundSince(clientId, "day"),
  monthly_messages: (clientId) => outboundSince(clientId, "month"),
  storage_mb: (clientId) =>
    sql`SELECT COALESCE(sum(size), 0)::float8 / ${MIB} AS used FROM attachments WHERE client_id = ${clientId} AND storage_key = 'db'`,
  // A campaign's size is its own recipient count, checked as the amount; nothing accumulates.
  campaign_size: () => null,
}

/** What the tenant uses of `key` now, in the limit's unit (MiB for storage, fractions included). */
export const usageOf = async (db: Db, clientId: number, key: LimitKey): Promise<number> => {
  const query = usageSql[key](clientId)
  if (query === null) return 0
  const [row] = rowsOf(await db.execute(query))
  return Number(row?.used ?? 0)
}

const NOUNS: Record<LimitKey, string> = {
  agents: "active agents",
  channels: "connected channels",
  daily_messages: "messages per day",
  monthly_messages: "messages per month",
  campaign_size: "recipients per campaign",
  storage_mb: "MiB of file storage",
}

export const limitReached = (key: LimitKey, limit: number, used: number) =>
  new ApiError(
    403,
    "LIMIT_REACHED",
    `Account limit reached: ${limit} ${NOUNS[key]} (${key}); ${Math.ceil(used)} used. Ask the platform administrator to raise it.`,
  )

/**
 * Refuses (403 LIMIT_REACHED naming the limit) when using `amount` more of `key` would exceed the tenant's limit.
 * Call it inside the transaction that does the use, before writing.
 */
export const checkLimit = async (db: Db, clientId: number, key: LimitKey, amount = 1): Promise<void> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT limit_value FROM account_limits WHERE client_id = ${clientId} AND kind = ${key} FOR UPDATE`),
  )
  if (!row) return
  const limit = Number(row.limit_value)
  const used = await usageOf(db, clientId, key)
  if (used + amount > limit) throw limitReached(key, limit, used)
}

/** Messages count against both the day's and the month's limit. */
export const checkMessageLimits = async (db: Db, clientId: number, count: number): Promise<void> => {
  await checkLimit(db, clientId, "daily_messages", count)
  await checkLimit(db, clientId, "monthly_messages", count)
}
