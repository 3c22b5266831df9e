/** The UAT customer calls: a tenant's test numbers (list, add, rename, switch off). The rule they feed is ./uat-rules.ts. */
import { sql } from "drizzle-orm"
import type { UatCustomer } from "../../../src/contract/schemas/tenants"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { conflict, idOf, notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { pageOf, windowPage } from "../../core/paging"
import { uatNumberOf } from "./uat-rules"

const COLUMNS = sql`id, number, name, active, created_at`

const customerOf = (r: Record<string, unknown>): UatCustomer => ({
  id: Number(r.id),
  number: String(r.number),
  name: r.name ? String(r.name) : null,
  active: r.active === true,
  created_at: iso(r.created_at),
})

export const handlers = [
  handle("uat", "fetchUatCustomer", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input)
    const search = input.search?.trim()
    const filter = search ? sql`AND (number ILIKE ${likeOf(search)} OR name ILIKE ${likeOf(search)})` : sql``
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${COLUMNS}, count(*) OVER () AS total_rows FROM uat_customers WHERE client_id = ${clientId} ${filter} ORDER BY id DESC`,
      paging,
    )
    return { data: { items: rows.map(customerOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("uat", "addUatCustomer", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const number = uatNumberOf(input.number)
    const [clash] = rowsOf(await ctx.db.execute(sql`SELECT id FROM uat_customers WHERE client_id = ${clientId} AND number = ${number}`))
    if (clash) throw conflict(`${number} is already a UAT customer`, "number")
    const [row] = rowsOf(
      await ctx.db.execute(
        sql`INSERT INTO uat_customers (client_id, number, name) VALUES (${clientId}, ${number}, ${input.name?.trim() || ""}) RETURNING ${COLUMNS}`,
      ),
    )
    return { data: customerOf(row) }
  }),

  handle("uat", "updateUatCustomer", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "UAT customer")
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE uat_customers SET
        name = COALESCE(${input.name?.trim() ?? null}, name),
        active = COALESCE(${input.active ?? null}::boolean, active)
        WHERE id = ${id} AND client_id = ${clientId} RETURNING ${COLUMNS}`),
    )
    if (!row) throw notFound("UAT customer")
    return { data: customerOf(row) }
  }),
]
