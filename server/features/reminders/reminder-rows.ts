/** Reminders as the contract's `Reminder`, and loading one of the caller's tenant. */
import { sql } from "drizzle-orm"
import type { Reminder } from "../../../src/contract/schemas/tagging"
import type { Db } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { iso, isoOrNull } from "../../core/date-range"

export const reminderOf = (r: Record<string, unknown>): Reminder => ({
  id: Number(r.id),
  name: String(r.name),
  message: String(r.message),
  template: r.template ? jsonOf<Reminder["template"]>(r.template) : null,
  target: jsonOf<Reminder["target"]>(r.target),
  schedule: jsonOf<Reminder["schedule"]>(r.schedule),
  enabled: Boolean(r.enabled),
  next_run_at: isoOrNull(r.next_run_at),
  last_run: r.last_run ? jsonOf<Reminder["last_run"]>(r.last_run) : null,
  created_at: iso(r.created_at),
})

export const loadReminder = async (db: Db, clientId: number, id: number): Promise<Reminder> => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM reminders WHERE id = ${id} AND client_id = ${clientId}`))
  if (!row) throw notFound("Reminder")
  return reminderOf(row)
}
