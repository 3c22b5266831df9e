/**
 * The transcript calls. Who may read a conversation may download its transcript: the chat's permission in the
 * conversation's tenant, as the chat's own reads (chat.agentGetChat) and Overall History allow; another tenant's
 * conversation is not found. A bulk export takes Overall History's filter, pinned to the conversations closed when it
 * is asked for, and is its asker's alone to follow and download.
 */
import { enqueue } from "../../core/jobs"
import { publicOrigin } from "../../core/attachments"
import { handle } from "../../core/registry"
import { tenantOf, userOf } from "../../http/context"
import { badRequest, idOf, notFound } from "../../http/errors"
import { fileLinksOf, historyCount, historyWhere, type HistoryFilter } from "../chat"
import { zipCleanup } from "./export-cleanup"
import { EXPORT_JOB, exportJob } from "./export-job"
import { exportOf, insertExport, loadExport } from "./export-rows"
import { renderTranscript, zoneOf } from "./transcript-file"

/**
 * The most conversations one zip holds: its job renders them within one lease of the queue (60 s); a PDF of thirty
 * messages took 75 to 200 ms on this project's shared two-core machine.
 */
export const MAX_EXPORT = 250

export const handlers = [
  handle("transcripts", "transcriptFile", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const file = await renderTranscript(ctx.db, clientId, idOf(input.id, "Conversation"), {
      format: input.format,
      language: input.language ?? "en",
      links: fileLinksOf(ctx),
      zone: await zoneOf(ctx.db, clientId),
    })
    return { data: { file_name: file.fileName, mime_type: file.mime, data_base64: file.bytes.toString("base64") } }
  }),

  handle("transcripts", "transcriptExportStart", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const filter: HistoryFilter = {
      start_date: input.start_date,
      end_date: input.end_date,
      channel_type: input.channel_type,
      agent_id: input.agent_id,
      search: input.search,
      closedUntil: new Date().toISOString(),
    }
    const total = await historyCount(ctx.db, clientId, historyWhere(filter))
    if (total === 0) throw badRequest("No closed conversation matches this filter")
    if (total > MAX_EXPORT) throw badRequest(`${total} conversations match this filter; one export takes at most ${MAX_EXPORT}: narrow it`)
    const row = await insertExport(ctx.db, { clientId, userId, format: input.format, language: input.language ?? "en", filter, total })
    await enqueue(ctx.db, {
      kind: EXPORT_JOB,
      clientId,
      payload: { export_id: row.id },
      idempotencyKey: `transcripts:${row.id}`,
      maxAttempts: 3,
    })
    return { data: exportOf(row, ctx.services.config, publicOrigin(ctx)) }
  }),

  handle("transcripts", "transcriptExportById", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const row = await loadExport(ctx.db, idOf(input.id, "Export"))
    if (!row || row.clientId !== clientId || row.userId !== userId) throw notFound("Export")
    return { data: exportOf(row, ctx.services.config, publicOrigin(ctx)) }
  }),
]

export const jobHandlers = [exportJob]
export const schedules = [zipCleanup]
