/**
 * A tenant's numbered series: tickets TK-<tenant>-<n> and complaints CMP-<tenant>-<n>. Each series of each tenant is a
 * PostgreSQL sequence, created with the tenant's first number of it so it continues the numbers already there (the
 * seeded ones). Writers draw numbers without waiting for each other (max() + 1 under a per-tenant lock held until
 * commit would queue every new conversation of a tenant behind the previous one). A write that rolls back leaves a gap in the series, as any sequence does.
 */
import { sql } from "drizzle-orm"
import type { Db } from "./db"
import { prefixLikeOf, rowsOf } from "./rows"

export interface NumberSeries {
  /** The sequences' name stem and the table holding the numbers (column `ticket_number`). */
  readonly table: "tickets" | "complaints"
  readonly prefix: (clientId: number) => string
  /** The number after which a tenant's series starts when it has none yet. */
  readonly before: number
  /** The advisory lock's first key while a tenant's sequence is created (once per tenant). */
  readonly createLock: number
}

export const TICKET_NUMBERS: NumberSeries = { table: "tickets", prefix: (c) => `TK-${c}-`, before: 999, createLock: 7342005 }
export const COMPLAINT_NUMBERS: NumberSeries = { table: "complaints", prefix: (c) => `CMP-${c}-`, before: 4999, createLock: 7342004 }

/** Digits only (a number and a fixed stem): safe to name in DDL. */
const sequenceName = (series: NumberSeries, clientId: number) => `${series.table}_numbers_${Math.trunc(clientId)}`

/**
 * SQL for the tenant's sequence of the series (its oid; no row while it does not exist yet, see `startSeries`), for a
 * writer that draws its number inside its own statement: `${prefix} || nextval(oid)`. Found through pg_class with the
 * statement's snapshot, not by its name's cache entry: after waiting for another transaction that created it, the
 * cache may still say there is none (and CREATE would then fail on the catalog's unique index).
 */
export const seriesSequenceSql = (series: NumberSeries, clientId: number) =>
  sql`SELECT c.oid FROM pg_class c WHERE c.relname = ${sequenceName(series, clientId)} AND c.relkind = 'S'
    AND c.relnamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())`

/** The next value of the tenant's sequence of the series, or null when it does not exist yet. */
const drawFrom = async (db: Db, series: NumberSeries, clientId: number): Promise<number | null> => {
  const [row] = rowsOf(await db.execute(sql`SELECT nextval(s.oid) AS n FROM (${seriesSequenceSql(series, clientId)}) s`))
  return row ? Number(row.n) : null
}

/** The series' next number for the tenant, in the caller's transaction. */
export const nextNumber = async (db: Db, series: NumberSeries, clientId: number): Promise<string> => {
  const prefix = series.prefix(clientId)
  const drawn = await drawFrom(db, series, clientId)
  if (drawn !== null) return `${prefix}${drawn}`
  await startSeries(db, series, clientId)
  return `${prefix}${await drawFrom(db, series, clientId)}`
}

/** Creates the tenant's sequence of the series when it has none yet, continuing the numbers already there. */
export const startSeries = async (db: Db, series: NumberSeries, clientId: number): Promise<void> => {
  const name = sequenceName(series, clientId)
  const prefix = series.prefix(clientId)
  // Two first numbers at once: one creates, the other waits for its commit and then finds the sequence.
  await db.execute(sql`SELECT pg_advisory_xact_lock(${series.createLock}, ${clientId})`)
  const [found] = rowsOf(await db.execute(seriesSequenceSql(series, clientId)))
  if (found) return
  const [row] = rowsOf(
    await db.execute(sql`SELECT coalesce(max(substring(ticket_number FROM ${`^${prefix}([0-9]{1,9})$`})::int), ${series.before}) + 1 AS n
      FROM ${sql.identifier(series.table)} WHERE client_id = ${clientId} AND ticket_number LIKE ${prefixLikeOf(prefix)}`),
  )
  await db.execute(sql.raw(`CREATE SEQUENCE ${name} START WITH ${Number(row.n)}`))
}
