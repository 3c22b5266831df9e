/** Monthly active users: the tenant's month (GET /messages/mau), every tenant's (super admin), and the report by mail. */
import { sql } from "drizzle-orm"
import { sendMail } from "../../core/mail"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { handle } from "../../core/registry"
import { currentMonth, mauMail, mauOf } from "./mau-metric"

/** Every business of the platform (the platform's own tenant is not one). */
const businessIds = async (db: Db) =>
  rowsOf(await db.execute(sql`SELECT id FROM clients WHERE NOT platform ORDER BY id`)).map((r) => Number(r.id))

export const handlers = [
  handle("mau", "messagesMau", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    return { data: await mauOf(ctx.db, clientId, input.month ?? (await currentMonth(ctx.db, clientId))) }
  }),

  handle("mau", "messagesMauAdmin", async (ctx, input) => {
    const ids = input.client_id !== undefined ? [input.client_id] : await businessIds(ctx.db)
    const rows = []
    for (const id of ids) rows.push(await mauOf(ctx.db, id, input.month))
    return { data: rows.filter((r) => r.client_name !== "" || input.client_id === undefined) }
  }),

  // A tenant mails its own figures; a super admin (whose own tenant is the platform) every business's, as their screen shows.
  handle("mau", "sendMailMau", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const ids = ctx.principal.superAdmin ? await businessIds(ctx.db) : [clientId]
    const reports = []
    for (const id of ids) reports.push(await mauOf(ctx.db, id, input.month))
    await sendMail(ctx.services, { clientId, to: input.email, ...mauMail(reports, input.month) }, ctx.db)
    return { data: { ok: true } }
  }),
]
