/**
 * UAT customers: a tenant's test numbers. The one rule: a contact whose number is one of the tenant's active UAT
 * numbers is a tester, not a customer, so reports do not count it and billing does not charge for it
 * (`billing/ledger.ts` `debitUnlessUat`). For reports the database keeps the rule (migration 0025_uat_reports): a
 * tester's conversation is stamped `is_test`, and the roll-ups, monthly active users and the report queries over raw
 * rows (`reports/metrics.ts` `notTest`) leave it out. Numbers are kept as `+` and digits, as contacts are.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"

export const uatNumberOf = (number: string): string => `+${number.replace(/\D/g, "")}`

/** SQL true when the contact row aliased `contact` (with `client_id` and `number`) is one of its tenant's active UAT numbers. */
export const isUatContactSql = (contact: string): SQL =>
  sql`EXISTS (SELECT 1 FROM uat_customers uat WHERE uat.client_id = ${sql.raw(`${contact}.client_id`)} AND uat.number = ${sql.raw(`${contact}.number`)} AND uat.active)`

export const isUatNumber = async (db: Db, clientId: number, number: string): Promise<boolean> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT 1 FROM uat_customers WHERE client_id = ${clientId} AND number = ${uatNumberOf(number)} AND active`),
  )
  return row !== undefined
}

/** Which of `numbers` are the tenant's active UAT numbers (as `+` and digits), in one query. */
export const uatNumbersAmong = async (db: Db, clientId: number, numbers: readonly string[]): Promise<Set<string>> => {
  if (numbers.length === 0) return new Set()
  const rows = rowsOf(
    await db.execute(sql`SELECT number FROM uat_customers WHERE client_id = ${clientId} AND active
      AND number IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify([...new Set(numbers.map(uatNumberOf))])}::jsonb) AS x)`),
  )
  return new Set(rows.map((r) => String(r.number)))
}
