import { Schema } from "effect"
import { defineGroup } from "../call"
import { Channel, Count, Data, DateRange, Id, IdParam, Instant, Text } from "../schemas/common"

/**
 * Conversation transcripts (ours, beyond the spec): one conversation as a PDF or CSV file, and the conversations of
 * Overall History's filter as a zip of such files, made by the job queue with its progress kept.
 */
export const TranscriptFormat = Schema.Literals(["pdf", "csv"])
export type TranscriptFormat = typeof TranscriptFormat.Type

/** The language of the file's headings (the console's). */
export const TranscriptLanguage = Schema.Literals(["en", "tr", "ar"])
export type TranscriptLanguage = typeof TranscriptLanguage.Type

export const TranscriptFile = Schema.Struct({
  file_name: Schema.String,
  mime_type: Schema.String,
  data_base64: Schema.String,
})
export type TranscriptFile = typeof TranscriptFile.Type

/** Overall History's filter (chat.agentHistoryConversations without paging). */
export const TranscriptFilter = {
  ...DateRange,
  channel_type: Schema.optional(Channel),
  agent_id: Schema.optional(Id),
  search: Schema.optional(Text(200)),
}

export const ExportStatus = Schema.Literals(["queued", "running", "done", "failed"])
export type ExportStatus = typeof ExportStatus.Type

export const TranscriptExport = Schema.Struct({
  id: Id,
  status: ExportStatus,
  format: TranscriptFormat,
  /** Conversations of the filter when the export was asked for (closed by then). */
  total: Count,
  /** Conversations written to the zip so far. */
  done: Count,
  /** The zip's signed link once done. */
  url: Schema.NullOr(Schema.String),
  file_name: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type TranscriptExport = typeof TranscriptExport.Type

export const transcripts = defineGroup(
  "transcripts",
  { title: "Conversation transcripts", permission: "chat", beyondSpec: true },
  {
    transcriptFile: {
      method: "POST",
      path: "/transcripts/conversations/{id}",
      request: Schema.Struct({ id: IdParam, format: TranscriptFormat, language: Schema.optional(TranscriptLanguage) }),
      response: Data(TranscriptFile),
    },
    transcriptExportStart: {
      method: "POST",
      path: "/transcripts/exports",
      request: Schema.Struct({ format: TranscriptFormat, language: Schema.optional(TranscriptLanguage), ...TranscriptFilter }),
      response: Data(TranscriptExport),
    },
    transcriptExportById: {
      method: "GET",
      path: "/transcripts/exports/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Data(TranscriptExport),
    },
  },
)
