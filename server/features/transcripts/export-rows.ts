/** The bulk exports' rows (transcript_exports, migration 0048): what was asked, how far it got, and its zip. */
import { sql } from "drizzle-orm"
import type { ExportStatus, TranscriptExport, TranscriptFormat, TranscriptLanguage } from "../../../src/contract/groups/transcripts"
import type { Config } from "../../config"
import type { Db } from "../../db/db"
import { attachmentOf } from "../../core/attachments"
import { jsonOf, rowsOf } from "../../db/rows"
import type { HistoryFilter } from "../chat"
import { DB_STORAGE } from "../uploads"

export interface ExportRow {
  readonly id: number
  readonly clientId: number
  readonly userId: number
  readonly format: TranscriptFormat
  readonly language: TranscriptLanguage
  readonly filter: HistoryFilter
  readonly status: ExportStatus
  readonly total: number
  readonly done: number
  readonly attachmentId: number | null
  readonly fileName: string | null
  readonly error: string | null
  readonly createdAt: string
}

const COLUMNS = sql`e.id, e.client_id, e.user_id, e.format, e.language, e.filter, e.status, e.total, e.done, e.attachment_id, e.error,
  e.created_at, a.filename`

const rowOf = (r: Record<string, unknown>): ExportRow => ({
  id: Number(r.id),
  clientId: Number(r.client_id),
  userId: Number(r.user_id),
  format: String(r.format) as TranscriptFormat,
  language: String(r.language) as TranscriptLanguage,
  filter: jsonOf<HistoryFilter>(r.filter),
  status: String(r.status) as ExportStatus,
  total: Number(r.total),
  done: Number(r.done),
  attachmentId: r.attachment_id === null || r.attachment_id === undefined ? null : Number(r.attachment_id),
  fileName: (r.filename as string | null) ?? null,
  error: (r.error as string | null) ?? null,
  createdAt: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
})

export const insertExport = async (
  db: Db,
  e: { clientId: number; userId: number; format: TranscriptFormat; language: TranscriptLanguage; filter: HistoryFilter; total: number },
): Promise<ExportRow> => {
  const [row] = rowsOf(
    await db.execute(sql`INSERT INTO transcript_exports (client_id, user_id, format, language, filter, total)
      VALUES (${e.clientId}, ${e.userId}, ${e.format}, ${e.language}, ${JSON.stringify(e.filter)}::jsonb, ${e.total}) RETURNING id`),
  )
  return (await loadExport(db, Number(row.id)))!
}

/** By id alone (the job); callers scope by tenant and user. */
export const loadExport = async (db: Db, id: number): Promise<ExportRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${COLUMNS} FROM transcript_exports e LEFT JOIN attachments a ON a.id = e.attachment_id WHERE e.id = ${id}`),
  )
  return row ? rowOf(row) : null
}

export const setProgress = (db: Db, id: number, status: ExportStatus, done: number) =>
  db.execute(sql`UPDATE transcript_exports SET status = ${status}, done = ${done} WHERE id = ${id}`)

export const setFailed = (db: Db, id: number, error: string) =>
  db.execute(sql`UPDATE transcript_exports SET status = 'failed', error = ${error}, finished_at = now() WHERE id = ${id}`)

export const setDone = (db: Db, id: number, done: number, attachmentId: number) =>
  db.execute(sql`UPDATE transcript_exports SET status = 'done', done = ${done}, total = GREATEST(total, ${done}), attachment_id = ${attachmentId}, error = NULL,
    finished_at = now() WHERE id = ${id}`)

/** The contract's view of an export: the zip's signed link once it is done. */
export const exportOf = (row: ExportRow, config: Pick<Config, "apiBase" | "jwtSecret">, origin: string): TranscriptExport => ({
  id: row.id,
  status: row.status,
  format: row.format,
  total: row.total,
  done: row.done,
  url:
    row.status === "done" && row.attachmentId !== null && row.fileName
      ? attachmentOf(
          config,
          { id: row.attachmentId, filename: row.fileName, mime: "application/zip", size: 0, storageKey: DB_STORAGE },
          origin,
        ).url
      : null,
  file_name: row.status === "done" ? row.fileName : null,
  error: row.error,
  created_at: row.createdAt,
})
