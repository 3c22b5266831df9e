/**
 * The development mail outbox: no mail server runs here (core/mail.ts keeps password-reset and report mail in the
 * `mail_outbox` table), and this shows it to a tenant admin (their tenant's mail), the per-start key (all mail) and
 * tests, never to anyone who merely asks (the password-reset links in it would be a takeover).
 *
 *   GET /dev/outbox   { data: { items } }: the newest 50 mails
 */
import { desc, eq } from "drizzle-orm"
import { mailOutbox } from "../../db/schema/identity"
import type { HttpRoutes } from "../../core/registry"
import { devCallerOf } from "../access"

export const outboxRoutes: HttpRoutes = (app, services) => {
  app.get("/dev/outbox", async (req) => {
    const caller = await devCallerOf(services, req)
    const rows = await services.database.db
      .select()
      .from(mailOutbox)
      .where(caller.clientId === null ? undefined : eq(mailOutbox.clientId, caller.clientId))
      .orderBy(desc(mailOutbox.id))
      .limit(50)
    return { data: { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) } }
  })
}
