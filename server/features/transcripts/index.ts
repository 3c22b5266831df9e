/**
 * The public module of the transcripts feature: a conversation's transcript file (PDF or CSV), for any feature that
 * hands one out. The calls, the bulk export's job and its rows are its own.
 */
export { renderTranscript } from "./transcript-file"
export type { RenderedFile } from "./transcript-file"
