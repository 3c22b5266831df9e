import { type SQL, sql } from "drizzle-orm"
import { rowsOf } from "../db/rows"

/** Page and limit from a request (numbers, or text on GET calls); pages count from 1, 0 is read as the first page. */
export const pageOf = (input: { page?: number | string; limit?: number | string }, defaultLimit = 10, maxLimit = 1000) => {
  const page = Math.max(1, Number(input.page ?? 1) || 1)
  const limit = Math.min(maxLimit, Math.max(1, Number(input.limit ?? defaultLimit) || defaultLimit))
  return { page, limit, offset: (page - 1) * limit }
}

/**
 * One page of `query` (which selects `count(*) OVER () AS total_rows` among its columns) with the filter's total:
 * read from the page's first row, or counted on its own when the page lies past the end (an empty page still says
 * how many rows there are, so the pager can step back).
 */
export const windowPage = async (
  db: { execute: (q: SQL) => Promise<unknown> },
  query: SQL,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }> => {
  const rows = rowsOf(await db.execute(sql`${query} LIMIT ${limit} OFFSET ${offset}`))
  if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total_rows ?? 0) }
  const [count] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM (${query}) AS page_total`))
  return { rows, total: Number(count?.n ?? 0) }
}
