/**
 * Reminders: list and search, insert, update, delete, enable, disable. Saving computes `next_run_at`; the scheduler
 * (reminder-jobs.ts) turns due reminders into jobs. The target must be the tenant's, the template an approved one.
 */
import { sql, type SQL } from "drizzle-orm"
import type { ReminderSchedule, ReminderTarget, ReminderTemplate } from "../../../src/contract/schemas/tagging"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { ApiError, badRequest, idOf } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { loadSegment } from "../segments"
import { loadReminder, reminderOf } from "./reminder-rows"
import { nextRun } from "./reminder-schedule"
import { templateByName } from "../templates"

/**
 * The target as stored: a contact's number is matched with or without its `+` (channels store `905…`, imports
 * `+905…`) and kept as the contact has it, so the send finds it.
 */
const checkTarget = async (ctx: Ctx, clientId: number, target: ReminderTarget): Promise<ReminderTarget> => {
  if (target.type === "contact") {
    const bare = target.number.replace(/^\+/, "")
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT number FROM contacts WHERE client_id = ${clientId} AND number IN (${bare}, ${`+${bare}`})
        ORDER BY (number = ${target.number}) DESC, last_inbound_at DESC NULLS LAST, id LIMIT 1`),
    )
    if (!row) throw badRequest(`No contact with the number ${target.number}`, "target")
    return { type: "contact", number: String(row.number) }
  }
  if (target.type === "segment") await loadSegment(ctx.db, clientId, target.segment_id)
  if (target.type === "group") {
    const [row] = rowsOf(await ctx.db.execute(sql`SELECT id FROM contact_groups WHERE id = ${target.group_id} AND client_id = ${clientId}`))
    if (!row) throw badRequest("No such contact group", "target")
  }
  return target
}

/** A reminder's template is one the tenant may send: approved, with a value for each of its parameters. */
const checkTemplate = async (ctx: Ctx, clientId: number, template: ReminderTemplate | null | undefined) => {
  if (!template) return
  // Only "no such template" means none: a database error stays a server error.
  const found = await templateByName(ctx.db, clientId, template.name, template.language).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  })
  if (found?.status !== "APPROVED") throw badRequest(`No approved template ${template.name} (${template.language})`, "template")
  const given = template.params?.length ?? 0
  if (given !== found.params_count)
    throw badRequest(`Template ${template.name} takes ${found.params_count} parameter(s), ${given} given`, "template")
}

const checkSchedule = (schedule: ReminderSchedule) => {
  if (Number.isNaN(new Date(schedule.start_at).getTime())) throw badRequest("start_at is not a date", "schedule")
  if (schedule.end_at && new Date(schedule.end_at) < new Date(schedule.start_at)) throw badRequest("end_at is before start_at", "schedule")
}

/** The tenant's time zone (client setting `time_zone`, default UTC): repeats keep their wall-clock time in it. */
const zoneOf = async (ctx: Ctx, clientId: number) =>
  String(rowsOf(await ctx.db.execute(sql`SELECT tenant_zone(${clientId}) AS zone`))[0]?.zone ?? "UTC")

const nextRunOf = (schedule: ReminderSchedule, enabled: boolean, zone: string) =>
  enabled ? (nextRun(schedule, new Date(), false, zone)?.toISOString() ?? null) : null

/** A schedule saved with a reminder that is on must still have a run ahead (a one-off start or an end already past would never send). */
const checkAhead = (schedule: ReminderSchedule, enabled: boolean, zone: string) => {
  if (enabled && nextRunOf(schedule, true, zone) === null)
    throw badRequest("The reminder would never run: its time has already passed", "schedule")
}

const list = async (ctx: Ctx, input: { page?: number; limit?: number; search?: string }) => {
  const clientId = tenantOf(ctx)
  const { page, limit, offset } = pageOf(input, 20)
  const where: SQL = input.search?.trim()
    ? sql`client_id = ${clientId} AND (name ILIKE ${likeOf(input.search)} OR message ILIKE ${likeOf(input.search)})`
    : sql`client_id = ${clientId}`
  const rows = rowsOf(
    await ctx.db.execute(sql`SELECT * FROM reminders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
  )
  const [total] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reminders WHERE ${where}`))
  return { data: { items: rows.map(reminderOf), totalItems: Number(total.n), page, limit } }
}

const toggle = (enabled: boolean) => async (ctx: Ctx, input: { id: number | string }) => {
  const clientId = tenantOf(ctx)
  const reminder = await loadReminder(ctx.db, clientId, idOf(input.id, "Reminder"))
  const next = nextRunOf(reminder.schedule, enabled, await zoneOf(ctx, clientId))
  await ctx.db.execute(sql`UPDATE reminders SET enabled = ${enabled}, next_run_at = ${next}::timestamptz,
    updated_at = now() WHERE id = ${reminder.id}`)
  return { data: await loadReminder(ctx.db, clientId, reminder.id) }
}

export const handlers = [
  handle("tagging", "reminders", list),
  handle("tagging", "reminderSearch", list),

  handle("tagging", "reminderInsert", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const zone = await zoneOf(ctx, clientId)
    checkSchedule(input.schedule)
    checkAhead(input.schedule, input.enabled ?? true, zone)
    const target = await checkTarget(ctx, clientId, input.target)
    await checkTemplate(ctx, clientId, input.template)
    const enabled = input.enabled ?? true
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO reminders (client_id, name, message, template, target, schedule, enabled, next_run_at)
        VALUES (${clientId}, ${input.name}, ${input.message}, ${input.template ? JSON.stringify(input.template) : null}::jsonb,
          ${JSON.stringify(target)}::jsonb, ${JSON.stringify(input.schedule)}::jsonb, ${enabled},
          ${nextRunOf(input.schedule, enabled, zone)}::timestamptz) RETURNING *`),
    )
    return { data: reminderOf(row) }
  }),

  handle("tagging", "reminderUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await loadReminder(ctx.db, clientId, idOf(input.id, "Reminder"))
    const schedule = input.schedule ?? before.schedule
    const enabled = input.enabled ?? before.enabled
    const zone = await zoneOf(ctx, clientId)
    checkSchedule(schedule)
    if (input.schedule) checkAhead(schedule, enabled, zone)
    const target = input.target ? await checkTarget(ctx, clientId, input.target) : before.target
    if (input.template) await checkTemplate(ctx, clientId, input.template)
    const template = input.template === undefined ? before.template : input.template
    await ctx.db.execute(sql`UPDATE reminders SET name = ${input.name ?? before.name}, message = ${input.message ?? before.message},
      template = ${template ? JSON.stringify(template) : null}::jsonb, target = ${JSON.stringify(target)}::jsonb,
      schedule = ${JSON.stringify(schedule)}::jsonb, enabled = ${enabled}, next_run_at = ${nextRunOf(schedule, enabled, zone)}::timestamptz,
      updated_at = now() WHERE id = ${before.id}`)
    return { data: await loadReminder(ctx.db, clientId, before.id) }
  }),

  handle("tagging", "reminderDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const reminder = await loadReminder(ctx.db, clientId, idOf(input.id, "Reminder"))
    await ctx.db.execute(sql`DELETE FROM reminders WHERE id = ${reminder.id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),

  handle("tagging", "reminderEnable", toggle(true)),
  handle("tagging", "reminderDisable", toggle(false)),
]
