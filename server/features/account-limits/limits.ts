/**
 * Account limits: one place that says how much of each limit a tenant uses and refuses what would go beyond it.
 * Features call `checkLimit(ctx.db, clientId, key, amount)` in the transaction that uses the thing (creating an agent,
 * sending messages, storing a file; campaigns call it with their recipient count). The limit row is locked (FOR
 * UPDATE) so two concurrent uses cannot both slip under the limit. No row: no limit.
 *
 * Usage is counted live, never kept as a counter that could drift: active users; connected channel accounts; messages
 * sent in the tenant's current day and month (from the dashboard's message roll-ups with the deltas not yet flushed
 * into them, so a month is a few thousand slot rows rather than every message); stored file bytes.
 */
import { sql } from "drizzle-orm"
import type { LimitKey } from "../../../src/contract/schemas/security"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"

export const MIB = 1024 * 1024

const outboundSince = (clientId: number, unit: "day" | "month") =>
  sql`SELECT COALESCE(sum(messages), 0)::float8 AS used FROM message_rollups_now
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
 * Refuses (403 LIMIT_REACHED naming the first limit, in the order of `keys`) when using `amount` more of each key would
 * exceed the tenant's limit. Call it inside the transaction that does the use, before writing: the limits' rows are
 * locked in one statement, then what the tenant uses of the limited ones is read in one more.
 */
const checkLimits = async (db: Db, clientId: number, keys: readonly LimitKey[], amount: number): Promise<void> => {
  const locked = rowsOf(
    await db.execute(sql`SELECT kind, limit_value FROM account_limits WHERE client_id = ${clientId}
      AND kind IN (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) ORDER BY kind FOR UPDATE`),
  )
  const limits = new Map(locked.map((r) => [String(r.kind) as LimitKey, Number(r.limit_value)]))
  const limited = keys.filter((key) => limits.has(key))
  const counted = limited.flatMap((key, i) => {
    const query = usageSql[key](clientId)
    return query === null ? [] : [sql`(SELECT q.used FROM (${query}) AS q) AS ${sql.identifier(`u${i}`)}`]
  })
  const [usage] = counted.length === 0 ? [{}] : rowsOf(await db.execute(sql`SELECT ${sql.join(counted, sql`, `)}`))
  for (const [i, key] of limited.entries()) {
    const used = Number((usage as Record<string, unknown>)[`u${i}`] ?? 0)
    if (used + amount > limits.get(key)!) throw limitReached(key, limits.get(key)!, used)
  }
}

/**
 * Refuses (403 LIMIT_REACHED naming the limit) when using `amount` more of `key` would exceed the tenant's limit.
 * Call it inside the transaction that does the use, before writing.
 */
export const checkLimit = (db: Db, clientId: number, key: LimitKey, amount = 1): Promise<void> => checkLimits(db, clientId, [key], amount)

/** Messages count against both the day's and the month's limit (the day's named first when both are reached). */
export const checkMessageLimits = (db: Db, clientId: number, count: number): Promise<void> =>
  checkLimits(db, clientId, ["daily_messages", "monthly_messages"], count)
