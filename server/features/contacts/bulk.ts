/** Bulk membership changes (flags, tags, groups) on a target: one statement each, counted, inside the call's transaction. */
import { sql } from "drizzle-orm"
import type { ContactTarget } from "../../../src/contract/schemas/contacts"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { targetWhere } from "./contact-filter"

export interface Membership {
  /** contact_flags, contact_tags or contact_group_members. */
  readonly table: "contact_flags" | "contact_tags" | "contact_group_members"
  readonly column: "flag_id" | "tag_id" | "group_id"
  readonly id: number
}

export interface BulkCount {
  readonly matched: number
  readonly changed: number
}

const countOf = async (db: Db, query: ReturnType<typeof sql>) => Number(rowsOf(await db.execute(query))[0]?.n ?? 0)

export const changeMembership = async (
  db: Db,
  clientId: number,
  m: Membership,
  target: ContactTarget,
  add: boolean,
  field = "target",
): Promise<BulkCount> => {
  const where = await targetWhere(db, clientId, target, field)
  const table = sql.raw(m.table)
  const column = sql.raw(m.column)
  const matched = await countOf(db, sql`SELECT count(*)::int AS n FROM contacts ct WHERE ${where}`)
  const changed = add
    ? await countOf(
        db,
        sql`WITH ins AS (INSERT INTO ${table} (${column}, contact_id) SELECT ${m.id}, ct.id FROM contacts ct WHERE ${where}
          ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM ins`,
      )
    : await countOf(
        db,
        sql`WITH del AS (DELETE FROM ${table} x USING contacts ct WHERE x.${column} = ${m.id} AND x.contact_id = ct.id AND ${where}
          RETURNING 1) SELECT count(*)::int AS n FROM del`,
      )
  return { matched, changed }
}
