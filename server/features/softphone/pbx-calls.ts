/**
 * pbx.listPbxCalls: the tenant's PBX call records (pbx-call-records.ts), newest first, within the tenant's days,
 * for everyone who may open the softphone page.
 */
import { sql } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf } from "../../http/context"
import { forbidden } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { reportRange } from "../reports"

const SOFTPHONE_KEY = "FRONT:/apps/pbxcalls"

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())

export const handlers = [
  handle("pbx", "listPbxCalls", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    if (!ctx.principal.superAdmin && !ctx.principal.grants.has(SOFTPHONE_KEY)) throw forbidden()
    const range = await reportRange(ctx, input)
    const { page, limit, offset } = pageOf(input, 10, 999_999)
    const search = input.search?.trim() ? likeOf(input.search) : null
    const where = sql`c.client_id = ${clientId} AND c.started_at >= ${range.from.toISOString()}::timestamptz
      AND c.started_at < ${range.to.toISOString()}::timestamptz
      ${input.direction ? sql`AND c.direction = ${input.direction}` : sql``}
      ${input.outcome ? sql`AND c.outcome = ${input.outcome}` : sql``}
      ${search ? sql`AND (c.caller ILIKE ${search} OR c.callee ILIKE ${search} OR cu.display_name ILIKE ${search} OR ku.display_name ILIKE ${search})` : sql``}`
    const from = sql`pbx_calls c LEFT JOIN users cu ON cu.id = c.caller_user_id LEFT JOIN users ku ON ku.id = c.callee_user_id`
    const [{ total }] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`))
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT c.*, cu.display_name AS caller_name, ku.display_name AS callee_name FROM ${from}
        WHERE ${where} ORDER BY c.started_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`),
    )
    return {
      data: {
        items: rows.map((row) => ({
          id: Number(row.id),
          call_id: String(row.call_id),
          direction: row.direction,
          caller: String(row.caller),
          caller_name: (row.caller_name as string | null) ?? null,
          callee: String(row.callee),
          callee_name: (row.callee_name as string | null) ?? null,
          started_at: iso(row.started_at)!,
          answered_at: iso(row.answered_at),
          ended_at: iso(row.ended_at)!,
          duration_seconds: Number(row.duration_seconds),
          outcome: row.outcome,
          sip_code: row.sip_code === null ? null : Number(row.sip_code),
        })),
        totalItems: Number(total),
        page,
        limit,
      },
    }
  }),
]
