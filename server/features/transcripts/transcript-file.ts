/** One conversation's transcript file (PDF or CSV) for a tenant: read through the chat's and the calls' public modules. */
import type { TranscriptFormat, TranscriptLanguage } from "../../../src/contract/groups/transcripts"
import type { Db } from "../../db/db"
import { callRecordsOf } from "../calls"
import { conversationRecord, type FileLinks } from "../chat"
import { tenantSettings } from "../tenant-settings"
import { LABELS } from "./labels"
import { transcriptCsv } from "./transcript-csv"
import { transcriptOf } from "./transcript-entries"
import { transcriptPdf } from "./transcript-pdf"

export interface RenderedFile {
  readonly fileName: string
  readonly mime: string
  readonly bytes: Buffer
}

export const MIME: Record<TranscriptFormat, string> = { pdf: "application/pdf", csv: "text/csv" }

/** `transcript-<id>-<number>.<format>`: unique per conversation, safe in a zip and a download. */
export const fileNameOf = (conversationId: number, number: string, format: TranscriptFormat) =>
  `transcript-${conversationId}-${number.replace(/[^0-9A-Za-z+_-]/g, "_")}.${format}`

/** The tenant's time zone, read once per export. */
export const zoneOf = async (db: Db, clientId: number) => String((await tenantSettings(db, clientId)).timezone || "UTC")

export const renderTranscript = async (
  db: Db,
  clientId: number,
  conversationId: number,
  options: { format: TranscriptFormat; language: TranscriptLanguage; links: FileLinks; zone: string },
): Promise<RenderedFile> => {
  const record = await conversationRecord(db, clientId, conversationId, options.links)
  const c = record.conversation
  const calls = await callRecordsOf(db, clientId, c.number, c.started_at, c.closed_at)
  const labels = LABELS[options.language]
  const transcript = transcriptOf(record, calls, labels)
  const bytes =
    options.format === "pdf"
      ? await transcriptPdf(transcript, labels, options.zone)
      : Buffer.from(transcriptCsv(transcript, labels), "utf8")
  return { fileName: fileNameOf(c.id, c.number, options.format), mime: MIME[options.format], bytes }
}
