/** Monthly active users: the tenant's month (GET /messages/mau), every tenant's (super admin), and the report by mail. */
import { sql } from "drizzle-orm"
import { sendMail } from "../../core/mail"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { handle } from "../registry"
import { currentMonth, mauMail, mauOf } from "./mau-metric"

export const handlers = [
  handle("mau", "messagesMau", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    return { data: await mauOf(ctx.db, clientId, input.month ?? (await currentMonth(ctx.db, clientId))) }
  }),

  handle("mau", "messagesMauAdmin", async (ctx, input) => {
    const ids =
      input.client_id !== undefined
        ? [input.client_id]
        : rowsOf(await ctx.db.execute(sql`SELECT id FROM clients ORDER BY id`)).map((r) => Number(r.id))
    const rows = []
    for (const id of ids) rows.push(await mauOf(ctx.db, id, input.month))
    return { data: rows.filter((r) => r.client_name !== "" || input.client_id === undefined) }
  }),

  handle("mau", "sendMailMau", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const report = await mauOf(ctx.db, clientId, input.month)
    await sendMail(ctx.services, { clientId, to: input.email, ...mauMail([report], input.month) })
    return { data: { ok: true } }
  }),
]
