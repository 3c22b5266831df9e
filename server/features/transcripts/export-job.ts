/**
 * The bulk export's job (kind `transcripts.export`, the one job queue): `prepare`, outside any transaction, walks the
 * conversations of the filter as Overall History lists them, renders each transcript and streams it into a zip
 * (yazl), storing how many are done after each; `run` stores the zip as a file (its link is signed like any
 * attachment's) and marks the export done with its count, in the job's own commit. A last failed attempt marks the
 * export failed with the reason, so the console stops waiting.
 */
import yazl from "yazl"
import type { Conversation } from "../../../src/contract/schemas/chat"
import type { Job, JobHandler } from "../../core/jobs"
import { attachments } from "../../db/schema/conversations"
import { attachmentFiles } from "../../db/schema/files"
import { historyAfter, historyWhere } from "../chat"
import { DB_STORAGE } from "../uploads"
import { loadExport, setDone, setFailed, setProgress } from "./export-rows"
import { renderTranscript, zoneOf } from "./transcript-file"

export const EXPORT_JOB = "transcripts.export"
const PAGE = 50

interface Prepared {
  readonly bytes: Buffer
  readonly count: number
  readonly fileName: string
}

/** Collects a stream's bytes; the zip is written as it is fed, entry after entry. */
const collect = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on("data", (c: Buffer) => chunks.push(c))
    stream.on("end", () => resolve(Buffer.concat(chunks)))
    stream.on("error", reject)
  })

const exportIdOf = (job: Job) => Number(job.payload.export_id)

export const exportJob: JobHandler = {
  kind: EXPORT_JOB,
  prepare: async (job, { services }): Promise<Prepared | null> => {
    const db = services.database.db
    const row = await loadExport(db, exportIdOf(job))
    if (!row || row.status === "done" || row.status === "failed") return null
    try {
      await setProgress(db, row.id, "running", 0)
      const zone = await zoneOf(db, row.clientId)
      const links = { config: services.config, origin: services.config.publicUrl() }
      const where = historyWhere(row.filter)
      const zip = new yazl.ZipFile()
      const bytes = collect(zip.outputStream)
      let count = 0
      let after: Conversation | null = null
      for (;;) {
        const page = await historyAfter(db, row.clientId, where, after, PAGE)
        for (const c of page) {
          const file = await renderTranscript(db, row.clientId, c.id, { format: row.format, language: row.language, links, zone })
          zip.addBuffer(file.bytes, file.fileName, { mtime: new Date(c.closed_at ?? c.started_at) })
          count++
          await setProgress(db, row.id, "running", Math.min(count, row.total))
        }
        if (page.length < PAGE) break
        after = page[page.length - 1]
      }
      zip.end()
      return { bytes: await bytes, count, fileName: `transcripts-${row.id}.zip` }
    } catch (error) {
      if (job.attempts >= job.maxAttempts) await setFailed(db, row.id, (error as Error).message)
      throw error
    }
  },
  run: async (job, ctx, prepared) => {
    const done = prepared as Prepared | null
    if (!done) return
    const row = await loadExport(ctx.db, exportIdOf(job))
    if (!row) return
    const [file] = await ctx.db
      .insert(attachments)
      .values({ clientId: row.clientId, filename: done.fileName, mime: "application/zip", size: done.bytes.length, storageKey: DB_STORAGE })
      .returning({ id: attachments.id })
    await ctx.db.insert(attachmentFiles).values({ attachmentId: file.id, clientId: row.clientId, data: done.bytes })
    await setDone(ctx.db, row.id, done.count, file.id)
  },
}
