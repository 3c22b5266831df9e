/**
 * A campaign's recipients, copied when it is created or changed (so editing the list later changes no campaign): from
 * its recipient list or the numbers given inline, each with its parameters resolved in SQL from the campaign's
 * parameter sources (a contact attribute of that number, fixed text, or the list's column), else the campaign's fixed
 * parameters, else the list's own columns. The campaign's size is checked against the account limit.
 */
import { sql, type SQL } from "drizzle-orm"
import type { ParamSource } from "../../../src/contract/schemas/campaigns"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { checkLimit } from "../account-limits"
import { loadList } from "./recipient-lists"
import { sortRows } from "./recipient-sources"

export interface RecipientPlan {
  readonly recipientListId: number | null
  readonly numbers?: readonly string[]
  readonly paramsCount: number
  readonly params: readonly string[]
  readonly sources: readonly ParamSource[]
}

const paramSql = (plan: RecipientPlan, i: number): SQL => {
  const source = plan.sources[i]
  if (source && "attribute" in source) return sql`COALESCE(ct.attributes ->> ${source.attribute}, '')`
  if (source && "text" in source) return sql`${source.text}::text`
  if (source && "column" in source) return sql`COALESCE(src.params ->> ${source.column - 1}::int, '')`
  if (plan.params[i] !== undefined) return sql`${plan.params[i]}::text`
  return sql`COALESCE(src.params ->> ${i}::int, '')`
}

/** Replaces the campaign's recipients; answers how many it has. */
export const materialize = async (db: Db, clientId: number, campaignId: number, plan: RecipientPlan): Promise<number> => {
  if (plan.recipientListId !== null && plan.numbers !== undefined)
    throw badRequest("Send a recipient list or numbers, not both", "recipient_list_id")
  let source: SQL
  if (plan.recipientListId !== null) {
    await loadList(db, clientId, plan.recipientListId)
    source = sql`SELECT n.number, n.params, n.id AS ord FROM recipient_list_numbers n WHERE n.list_id = ${plan.recipientListId}`
  } else if (plan.numbers !== undefined) {
    const sorted = sortRows(plan.numbers.map((value, i) => ({ line: i + 1, value, params: [] })))
    const bad = sorted.problems.find((p) => p.outcome === "invalid")
    if (bad) throw badRequest(`Not a valid phone number: ${bad.value}`, "numbers")
    const rows = JSON.stringify(sorted.accepted.map((a, i) => ({ number: a.number, ord: i })))
    source = sql`SELECT x.number, '[]'::jsonb AS params, x.ord FROM jsonb_to_recordset(${rows}::jsonb) AS x(number text, ord int)`
  } else source = sql`SELECT NULL::text AS number, '[]'::jsonb AS params, 0 AS ord WHERE FALSE`
  await db.execute(sql`DELETE FROM campaign_recipients WHERE campaign_id = ${campaignId}`)
  const values = Array.from({ length: plan.paramsCount }, (_, i) => paramSql(plan, i))
  const params = values.length === 0 ? sql`'[]'::jsonb` : sql`jsonb_build_array(${sql.join(values, sql`, `)})`
  await db.execute(sql`INSERT INTO campaign_recipients (campaign_id, client_id, number, params, status)
    SELECT ${campaignId}, ${clientId}, src.number, ${params}, 'queued' FROM (${source}) AS src
    LEFT JOIN contacts ct ON ct.client_id = ${clientId} AND ct.channel = 'whatsapp' AND ct.number = src.number
    ORDER BY src.ord ON CONFLICT (campaign_id, number) DO NOTHING`)
  const [row] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = ${campaignId}`))
  const total = Number(row?.n ?? 0)
  await checkLimit(db, clientId, "campaign_size", total)
  return total
}
