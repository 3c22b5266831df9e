/**
 * The account-limit calls: a tenant reads its own limits with what it uses of each; the super admin reads every
 * tenant's and sets them (a tenant must not raise its own). Enforcement lives in ./limits.ts.
 */
import { sql } from "drizzle-orm"
import type { AccountLimit, LimitKey } from "../../../src/contract/schemas/security"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { businessOf, type Ctx } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { usageOf } from "./limits"

const COLUMNS = sql`id, client_id, kind, limit_value, updated_at`

const limitsOf = async (db: Db, rows: Record<string, unknown>[]): Promise<AccountLimit[]> => {
  const out: AccountLimit[] = []
  for (const r of rows) {
    const key = String(r.kind) as LimitKey
    const clientId = Number(r.client_id)
    out.push({
      id: Number(r.id),
      client_id: clientId,
      key,
      limit: Number(r.limit_value),
      used: Math.ceil(await usageOf(db, clientId, key)),
      updated_at: iso(r.updated_at),
    })
  }
  return out
}

/** A business the super admin may set limits for: an existing tenant, never the platform's own. */
const checkLimitedBusiness = async (ctx: Ctx, clientId: number) => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT id FROM clients WHERE id = ${clientId} AND NOT platform`))
  if (!row) throw notFound("Business")
}

export const handlers = [
  handle("security", "getAccountLimits", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const rows = rowsOf(await ctx.db.execute(sql`SELECT ${COLUMNS} FROM account_limits WHERE client_id = ${clientId} ORDER BY kind`))
    return { data: await limitsOf(ctx.db, rows) }
  }),

  handle("security", "accountLimitsAll", async (ctx) => {
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${COLUMNS} FROM account_limits WHERE client_id IN (SELECT id FROM clients WHERE NOT platform) ORDER BY client_id, kind`,
      ),
    )
    return { data: await limitsOf(ctx.db, rows) }
  }),

  handle("security", "postAccountLimits", async (ctx, input) => {
    await checkLimitedBusiness(ctx, input.client_id)
    const rows = rowsOf(
      await ctx.db.execute(sql`INSERT INTO account_limits (client_id, kind, limit_value) VALUES (${input.client_id}, ${input.key}, ${input.limit})
        ON CONFLICT (client_id, kind) DO UPDATE SET limit_value = EXCLUDED.limit_value, updated_at = now() RETURNING ${COLUMNS}`),
    )
    return { data: (await limitsOf(ctx.db, rows))[0] }
  }),

  handle("security", "putAccountLimits", async (ctx, input) => {
    const id = idOf(input.id, "Account limit")
    const rows = rowsOf(
      await ctx.db.execute(
        sql`UPDATE account_limits SET limit_value = ${input.limit}, updated_at = now() WHERE id = ${id} RETURNING ${COLUMNS}`,
      ),
    )
    if (rows.length === 0) throw notFound("Account limit")
    return { data: (await limitsOf(ctx.db, rows))[0] }
  }),
]
