/**
 * The channel's decisions about a template arrive through THE job queue (server/core/jobs.ts), the way WhatsApp's
 * webhook will: submitting (create, or an edit) enqueues `template.review` in the same transaction; its `prepare`
 * asks the channel for the verdict outside any transaction, and `run` applies it only if the template is still the
 * version that was submitted (an edit meanwhile submitted a newer one). `template.status` carries a later change the
 * channel announces (paused, disabled, approved again), applied only when template-status.ts allows it.
 */
import { sql } from "drizzle-orm"
import type { TemplateStatus } from "../../../src/contract/schemas/templates"
import { enqueue, type JobHandler } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { TemplateVerdict } from "../../channels/fallback-channels"
import { templateChannelOf } from "./template-channel"
import { channelMay } from "./template-status"

/** Submits the template (just written, PENDING) for review: the job exists if and only if the write commits. */
export const submitForReview = (db: Db, clientId: number, template: { id: number; updated_at?: string }) =>
  enqueue(db, {
    kind: "template.review",
    clientId,
    payload: { template_id: template.id, version: template.updated_at ?? null },
    idempotencyKey: `template-review:${template.id}:${template.updated_at ?? ""}`,
  })

/** Queues a status change announced by the channel (the simulator's hook today). */
export const announceStatus = (db: Db, clientId: number, templateId: number, status: TemplateStatus, reason: string | null) =>
  enqueue(db, { kind: "template.status", clientId, payload: { template_id: templateId, status, reason } })

const applyStatus = async (
  db: Db,
  clientId: number,
  templateId: number,
  status: TemplateStatus,
  reason: string | null,
  version?: string | null,
) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT status, updated_at FROM templates WHERE id = ${templateId} AND client_id = ${clientId} FOR UPDATE`),
  )
  if (!row) return false
  if (version && new Date(row.updated_at as string).toISOString() !== version) return false
  if (!channelMay(String(row.status) as TemplateStatus, status)) return false
  await db.execute(sql`UPDATE templates SET status = ${status}, rejected_reason = ${status === "APPROVED" ? null : reason}
    WHERE id = ${templateId} AND client_id = ${clientId}`)
  return true
}

export const jobHandlers: JobHandler[] = [
  {
    kind: "template.review",
    prepare: async (job, ctx) => {
      const { template_id } = job.payload as { template_id: number }
      const [row] = rowsOf(
        await ctx.services.database.db.execute(
          sql`SELECT name, language, category FROM templates WHERE id = ${template_id} AND client_id = ${job.clientId}`,
        ),
      )
      if (!row) return null
      return templateChannelOf(ctx.services).review({
        clientId: Number(job.clientId),
        name: String(row.name),
        language: String(row.language),
        category: String(row.category),
      })
    },
    run: async (job, ctx, prepared) => {
      const verdict = prepared as TemplateVerdict | null
      if (!verdict) return
      const { template_id, version } = job.payload as { template_id: number; version: string | null }
      await applyStatus(ctx.db, Number(job.clientId), template_id, verdict.status, verdict.reason, version)
    },
  },
  {
    kind: "template.status",
    run: async (job, ctx) => {
      const { template_id, status, reason } = job.payload as { template_id: number; status: TemplateStatus; reason: string | null }
      await applyStatus(ctx.db, Number(job.clientId), template_id, status, reason)
    },
  },
]
