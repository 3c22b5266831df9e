/** Transcripts, model-based: one conversation's file, and a bulk export followed to its end, side by side. */
import { describe, expect, it } from "vitest"
import type { TranscriptExport } from "../../contract/groups/transcripts"
import { checkModel } from "../common/model-check.testing"
import { exportFilterOf, fileOf, POLL_MS, transcriptsMachine } from "./transcripts-machine"

const AFTER_POLL = "xstate.after.POLL.transcripts.bulk.tracking.waiting"
const job = (patch: Partial<TranscriptExport>): TranscriptExport => ({
  id: 4,
  status: "queued",
  format: "pdf",
  total: 3,
  done: 0,
  url: null,
  file_name: null,
  error: null,
  created_at: "2026-11-29T06:00:00.000Z",
  ...patch,
})
const file = { filename: "transcript-7-905551112233.csv", content: "a,b\r\n", mime: "text/csv" }
const refused = { status: 404, code: "NOT_FOUND", message: "Conversation not found" }
const filter = exportFilterOf({ startDate: "", endDate: "", channel: "whatsapp", agent: "" }, "+90555")

checkModel({
  name: "transcripts",
  machine: transcriptsMachine,
  sources: ["fetchFile", "startExport", "readExport"],
  after: { type: AFTER_POLL, ms: POLL_MS },
  states: [
    "single.idle",
    "single.fetching",
    "bulk.idle",
    "bulk.starting",
    "bulk.tracking.waiting",
    "bulk.tracking.checking",
    "bulk.finished",
  ],
  events: [
    { type: "DOWNLOAD", conversationId: 7, format: "csv", language: "en" },
    { type: "xstate.done.actor.fetchFile", output: file },
    { type: "xstate.error.actor.fetchFile", error: refused },
    { type: "DOWNLOAD.SAVED" },
    { type: "EXPORT", format: "pdf", language: "ar", filter },
    { type: "xstate.done.actor.startExport", output: job({}) },
    {
      type: "xstate.error.actor.startExport",
      error: { status: 400, code: "BAD_REQUEST", message: "No closed conversation matches this filter" },
    },
    { type: AFTER_POLL },
    { type: "xstate.done.actor.readExport", output: job({ status: "running", done: 2 }) },
    { type: "xstate.done.actor.readExport", output: job({ status: "done", done: 3, url: "/api/files/9?exp=1&sig=x", file_name: "t.zip" }) },
    { type: "xstate.error.actor.readExport", error: refused },
    { type: "DISMISS" },
  ],
  stories: [
    [
      { type: "DOWNLOAD", conversationId: 7, format: "csv", language: "en" },
      { type: "xstate.done.actor.fetchFile", output: file },
      { type: "DOWNLOAD.SAVED" },
      { type: "EXPORT", format: "pdf", language: "ar", filter },
      { type: "xstate.done.actor.startExport", output: job({}) },
      { type: AFTER_POLL },
      {
        type: "xstate.done.actor.readExport",
        output: job({ status: "done", done: 3, url: "/api/files/9?exp=1&sig=x", file_name: "t.zip" }),
      },
      { type: "DISMISS" },
    ],
  ],
  key: (s) => [s.value, s.context.download !== null, s.context.failure !== null, s.context.exportFailure !== null, s.context.job?.status],
  view: (s) => ({
    value: s.value,
    download: s.context.download && { ...s.context.download, id: 0 },
    fetching: s.context.fetching,
    job: s.context.job,
    failure: s.context.failure,
    exportFailure: s.context.exportFailure,
  }),
})

describe("transcript files", () => {
  it("take Overall History's filter without its page, and decode the file's bytes", async () => {
    expect(filter).toEqual({ channel_type: "whatsapp", search: "+90555" })
    const made = fileOf({
      file_name: "t.csv",
      mime_type: "text/csv",
      data_base64: btoa(String.fromCharCode(...new TextEncoder().encode("Zaman,Tür\r\n"))),
    })
    expect(made.filename).toBe("t.csv")
    expect(await (made.content as Blob).text()).toBe("Zaman,Tür\r\n")
  })
})
