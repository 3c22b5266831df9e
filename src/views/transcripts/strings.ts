/** English strings of transcripts (key `transcripts`). */
export const transcriptsEn = {
  download: "Download transcript",
  pdf: "Transcript as PDF",
  csv: "Transcript as CSV",
  export: "Export transcripts",
  progress: "{{done}} of {{total}} conversations",
  ready: "Transcripts of {{count}} conversations are ready",
  downloadZip: "Download zip",
  dismiss: "Dismiss",
  failed: "Transcripts could not be made: {{message}}",
}
