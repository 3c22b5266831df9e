/** The Call History file's columns (spec 000 section 9), shared by the console and the server that writes the file. */
export const CALL_COLUMNS = [
  "Call ID",
  "Name",
  "Number",
  "Call Type",
  "Call Start Time",
  "Call End Time",
  "Duration",
  "Accepted By",
  "Status",
  "Call Blocks",
  "Date Time",
  "Message",
  // Ours, after the spec's columns.
  "Transfers",
] as const
